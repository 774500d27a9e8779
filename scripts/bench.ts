// `npm run bench`: measures the production server at two data sizes in one run, each on its own PostgreSQL
// database seeded by `npm run seed:scale`, with autocannon from this (second) process, beside three baselines
// measured in the same run on the same database (scripts/bench-bare.ts): a bare Fastify route, the DB baseline
// (one prepared single-row pg query) and the list baseline (the administrators' 50-row lead page as one prepared
// pg statement). Prints a table per size, the comparison of the sizes and the commissions export's rate, and
// writes them to docs/benchmarks.raw.md; docs/benchmarks.md explains them. DATABASE_URL names the PostgreSQL
// server (its database is used only to create and drop the benchmark's own).
//   --sizes M:L,…   members:leads of each size (default 10000:200000,100000:2000000; e.g. 2000:20000,20000:200000
//                   for a quick try; `none` for no seeded size)
//   --seconds N     seconds per endpoint (default 5; BENCH_SECONDS)
//   --warm N        seconds of the same load before each, not recorded (default 1)
//   --reuse         use a database of that size seeded and kept by an earlier run instead of seeding (BENCH_REUSE=1)
//   --keep          keep the databases after the run (for a later --reuse); otherwise the ones seeded are dropped
//   --seed-only     only seed (or find, with --reuse) the databases and keep them, for a later --reuse
//   --only TEXT     only the endpoints whose name contains TEXT, or one of several separated by | (BENCH_ONLY)
//   --embedded      also the embedded PGlite database (10,000 leads, 2,000 members, 10 connections)
//   --live          also the live fan-out (scripts/bench-live.ts) on the first size's database
//   --imports       also the CSV imports of 10,000 leads and members on fresh databases (scripts/bench-imports.ts)
//   --profile DIR   the server runs with --cpu-prof and writes its profiles there (BENCH_PROFILE)
//   --db-prefix P   the databases' name prefix (default cp_bench; BENCH_DB_PREFIX), one per checkout benchmarking at once
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { seedScale } from '../server/db/seed/scale.ts';
import { freePort } from '../e2e/helpers/server.ts';
import { importsTable, measureImports } from './bench-imports.ts';
import { liveTable, measureLiveFanout } from './bench-live.ts';
import { SEARCH_FEW, SEARCH_MANY, measureServer, type ServerOptions } from './bench-cases.ts';
import { benchDatabase, countData, dropDatabase, searchShare, sizeLabel, type Size } from './bench-db.ts';
import { comparisonTable, exportTable, sectionTitle, sizeTable, type Baselines, type SizeSection } from './bench-report.ts';
import { measure, startProcess, toResult, type RunOptions } from './bench-run.ts';

/** The embedded database is one connection inside the server process: its target is set at 10 client connections. */
const EMBEDDED_CONNECTIONS = 10;

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000:200000,100000:2000000' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '5' },
    warm: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: process.env.BENCH_REUSE === '1' },
    keep: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    only: { type: 'string', default: process.env.BENCH_ONLY },
    embedded: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    imports: { type: 'boolean', default: false },
    profile: { type: 'string', default: process.env.BENCH_PROFILE },
    'db-prefix': { type: 'string', default: process.env.BENCH_DB_PREFIX ?? 'cp_bench' },
  },
});

function parseSizes(text: string): Size[] {
  // `--sizes none`: no seeded sizes (with --imports or --embedded alone)
  if (text === 'none') return [];
  return text.split(',').map((part) => {
    const [members, leads] = part.split(':').map(Number);
    if (!Number.isInteger(members) || members < 1 || !Number.isInteger(leads) || leads < 1) throw new Error(`--sizes: "${part}" is not members:leads`);
    return { members, leads };
  });
}

const sizes = parseSizes(args.sizes);
const opts: ServerOptions = { seconds: Number(args.seconds), warmSeconds: Number(args.warm), only: args.only, profileDir: args.profile };
const baseUrl = process.env.DATABASE_URL;
const prefix = args['db-prefix'];
if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('--db-prefix: lower-case letters, digits and _ only');

/** The bare route and, given a database, the DB baseline and the list baseline on it. */
async function measureBaselines(label: string, o: RunOptions, databaseUrl?: string): Promise<Baselines> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = await startProcess(['scripts/bench-bare.ts'], { PORT: String(port), DATABASE_URL: databaseUrl ?? '' }, `${base}/bare`);
  try {
    const bare = toResult(label, 'bare Fastify route', await measure(`${base}/bare`, o));
    if (!databaseUrl) return { bare };
    const db = toResult(label, 'DB baseline', await measure(`${base}/db`, o));
    const list = toResult(label, 'list baseline', await measure(`${base}/list`, o), { list: true });
    return { bare, db, list };
  } finally {
    await proc.stop();
  }
}

async function measureSize(size: Size): Promise<{ section: SizeSection; url: string; seeded: boolean }> {
  const name = `${prefix}_${size.members}_${size.leads}`;
  const { url, seedSeconds } = await benchDatabase(baseUrl!, name, size, args.reuse);
  const title = sectionTitle(size);
  const counts = await countData(url);
  const searches = [];
  for (const text of [SEARCH_FEW, SEARCH_MANY]) searches.push({ text, ...(await searchShare(url, text)) });
  const baselines = await measureBaselines(title, opts, url);
  const measured = await measureServer(title, { DATABASE_URL: url }, opts);
  return { section: { size, title, counts, seedSeconds, searches, baselines, ...measured }, url, seeded: seedSeconds > 0 };
}

async function measureEmbedded(): Promise<SizeSection> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-'));
  const embedded = await openDatabase({ dataDir });
  await migrateDatabase(embedded);
  const size = { members: 2_000, leads: 10_000 };
  await seedScale(embedded.db, { ...size, posts: 2_500, pointTransactions: 10_000 });
  await embedded.close();
  const title = `embedded PGlite, ${sizeLabel(size)}, ${EMBEDDED_CONNECTIONS} connections`;
  const o = { ...opts, connections: EMBEDDED_CONNECTIONS };
  const baselines = await measureBaselines(title, o);
  const measured = await measureServer(title, { DATA_DIR: dataDir, DATABASE_URL: '' }, o);
  return { size, title, seedSeconds: 0, baselines, ...measured };
}

async function main() {
  const started = performance.now();
  const load = loadavg()[0];
  const sections: SizeSection[] = [];
  let live = '';
  if (baseUrl) {
    for (const [i, size] of sizes.entries()) {
      if (args['seed-only']) {
        await benchDatabase(baseUrl, `${prefix}_${size.members}_${size.leads}`, size, args.reuse);
        continue;
      }
      const { section, url, seeded } = await measureSize(size);
      sections.push(section);
      if (i === 0 && args.live) live = liveTable(await measureLiveFanout(url));
      if (seeded && !args.keep) await dropDatabase(baseUrl, `${prefix}_${size.members}_${size.leads}`);
    }
  } else {
    console.log('DATABASE_URL is not set: the PostgreSQL sizes are skipped');
  }
  if (args['seed-only']) return;
  if (args.embedded) sections.push(await measureEmbedded());
  const imports = args.imports ? importsTable(await measureImports(baseUrl)) : '';
  const pg = sections.filter((s) => s.baselines.db);
  const minutes = (performance.now() - started) / 60_000;
  const md = [
    '# Benchmark run',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load.toFixed(1)} at the start. autocannon in a second process, ` +
      `${opts.seconds} s per endpoint after ${opts.warmSeconds} s of warm-up, against the production server (\`server/main.ts\`, NODE_ENV=production); the whole run took ${minutes.toFixed(1)} min.`,
    '',
    ...sections.map(sizeTable),
    ...(pg.length >= 2 ? [comparisonTable(pg[0], pg[pg.length - 1])] : []),
    exportTable(pg),
    live,
    imports,
  ].join('\n');
  writeFileSync('docs/benchmarks.raw.md', md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
