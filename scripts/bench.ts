// `npm run bench`: starts the production server on seeded data and measures the hot endpoints with autocannon
// from this (second) process, beside two baselines measured in the same run on the same database: a bare
// Fastify route, and a bare route doing one prepared single-row pg query (the DB baseline). Writes the table to
// docs/benchmarks.raw.md; docs/benchmarks.md explains it.
//   BENCH_SECONDS   seconds per endpoint (default 10)
//   BENCH_SETS      which data sets: any of 200k, 2k, embedded, live (default: all that apply; live is the
//                   live fan-out on the 2k PostgreSQL database)
//   BENCH_ONLY      only the endpoints whose name contains this text
//   BENCH_REUSE=1   keep a benchmark database seeded by an earlier run instead of seeding it again
//   BENCH_PROFILE   a directory: the server runs with --cpu-prof and writes its profile there
//   BENCH_DB_PREFIX the benchmark databases' name prefix (default cp_bench)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { SCALE_PASSWORD, seedScale } from '../server/db/seed/scale.ts';
import { freePort } from '../e2e/helpers/server.ts';
import { liveTable, measureLiveFanout } from './bench-live.ts';
import { LEADERBOARD_PERIODS } from '../common/constants/community.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** The embedded database is one connection inside the server process: its target is set at 10 client connections. */
const EMBEDDED_CONNECTIONS = 10;
const SETS = (process.env.BENCH_SETS ?? '200k,2k,embedded,live').split(',');
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const baseUrl = process.env.DATABASE_URL;
/** The benchmark databases' name prefix (one per checkout benchmarking at once, so runs do not drop each other's). */
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'cp_bench';

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(url: string, opts: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function toResult(name: string, r: autocannon.Result): Result {
  const row = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`);
  return row;
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became healthy`);
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, health: string, nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitHealthy(health, child);
  return {
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

async function login(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Baselines {
  bare: Result;
  db?: Result;
}

/** The bare route and, given a database, the bare route with one prepared single-row query on it. */
async function measureBaselines(label: string, databaseUrl?: string): Promise<Baselines> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = await startProcess(['scripts/bench-bare.ts'], { PORT: String(port), DATABASE_URL: databaseUrl ?? '' }, `${base}/bare`);
  try {
    const bare = toResult(`${label}: bare Fastify route`, await run(`${base}/bare`));
    const db = databaseUrl ? toResult(`${label}: DB baseline (bare route, one prepared single-row pg query)`, await run(`${base}/db`)) : undefined;
    return { bare, db };
  } finally {
    await proc.stop();
  }
}

async function measureServer(label: string, env: NodeJS.ProcessEnv, connections = CONNECTIONS): Promise<Result[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = await startProcess(
    ['server/main.ts'],
    {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    },
    `${base}/api/health`,
    flags,
  );
  try {
    const partner = await login(base, 'bench.partner');
    const admin = await login(base, 'bench.admin');
    const leads = await (await fetch(`${base}/api/leads?pageSize=50`, { headers: { cookie: partner } })).json();
    const leadId = leads.items[0].id;
    // admins work many partners' leads at once: a PATCH case walks 500 leads of different submitters
    const spread: string[] = [];
    const seen = new Set<string>();
    for (let page = 1; spread.length < 500 && page <= 40; page++) {
      const res = await (await fetch(`${base}/api/leads?pageSize=100&page=${page}`, { headers: { cookie: admin } })).json();
      for (const l of res.items as Array<{ id: string; submitterId: string }>) {
        if (!seen.has(l.submitterId) && spread.length < 500) {
          seen.add(l.submitterId);
          spread.push(l.id);
        }
      }
    }
    let turn = 0;
    const patchBody = (n: number) => JSON.stringify({ status: n % 2 ? 'qualified' : 'in-progress', notes: `bench ${n % 7}` });
    const cases: Array<[string, Partial<autocannon.Options>]> = [
      ['GET /api/auth/me', { url: `${base}/api/auth/me`, headers: { cookie: partner } }],
      ['GET /api/leads (partner, 50 leads)', { url: `${base}/api/leads?pageSize=50`, headers: { cookie: partner } }],
      ['GET /api/leads (admin, page of 25)', { url: `${base}/api/leads`, headers: { cookie: admin } }],
      ['GET /api/dashboard-stats', { url: `${base}/api/dashboard-stats`, headers: { cookie: partner } }],
      ['GET /api/members/recommendations', { url: `${base}/api/members/recommendations`, headers: { cookie: partner } }],
      ['GET /api/community-posts (feed, first page)', { url: `${base}/api/community-posts`, headers: { cookie: partner } }],
      ['GET /api/members (directory, first page)', { url: `${base}/api/members`, headers: { cookie: partner } }],
      ...LEADERBOARD_PERIODS.map((period): [string, Partial<autocannon.Options>] => [
        `GET /api/leaderboard?period=${period}`,
        { url: `${base}/api/leaderboard?period=${period}`, headers: { cookie: partner } },
      ]),
      ['GET /api/points (bench.partner, first page of 10)', { url: `${base}/api/points`, headers: { cookie: partner } }],
      ['GET /api/achievements/user', { url: `${base}/api/achievements/user`, headers: { cookie: partner } }],
      ['GET /api/commissions/summary (Commission Tracker figures)', { url: `${base}/api/commissions/summary`, headers: { cookie: partner } }],
      ['GET /api/timesheets?role=contractor (bench.partner, 3 placements)', { url: `${base}/api/timesheets?role=contractor`, headers: { cookie: partner } }],
      ['GET /api/timesheets?status=pending (admin, page of 25)', { url: `${base}/api/timesheets?status=pending`, headers: { cookie: admin } }],
      ['GET /api/timesheets (admin, all, page 40 of 25)', { url: `${base}/api/timesheets?page=40`, headers: { cookie: admin } }],
      ['GET /api/placements (admin, page of 25)', { url: `${base}/api/placements`, headers: { cookie: admin } }],
      [
        'PATCH /api/leads/{id} (500 leads of different partners in turn)',
        {
          url: `${base}/api/leads/${spread[0]}`,
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          requests: [{ setupRequest: (req) => ({ ...req, path: `/api/leads/${spread[turn++ % spread.length]}`, body: patchBody(turn) }) }],
        },
      ],
      [
        'PATCH /api/leads/{id} (one lead, every request contending for its lock)',
        {
          url: `${base}/api/leads/${leadId}`,
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'qualified', notes: 'bench' }),
        },
      ],
      [
        'sign-in (POST /api/auth/login)',
        {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench.partner', password: SCALE_PASSWORD }),
        },
      ],
    ];
    const out: Result[] = [];
    for (const [name, opts] of cases) {
      if (ONLY && !name.includes(ONLY)) continue;
      if (!opts.method) {
        // an endpoint not built in this checkout (a route of another branch) is reported as absent, not measured
        const probe = await fetch(opts.url as string, { headers: opts.headers as Record<string, string> });
        await probe.arrayBuffer();
        if (probe.status === 404) {
          console.log(`${label}: ${name}: not in this build (404), skipped`);
          continue;
        }
      }
      out.push(toResult(`${label}: ${name}`, await run(opts.url as string, { ...opts, connections })));
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** A benchmark database: seeded afresh, or (BENCH_REUSE=1) kept from an earlier run when it is there. */
async function benchDatabase(name: string, members: number, leads: number) {
  const u = new URL(baseUrl!);
  u.pathname = `/${name}`;
  if (process.env.BENCH_REUSE === '1') {
    const probe = new pg.Client({ connectionString: u.toString() });
    const kept = await probe.connect().then(
      async () => (await probe.query("select count(*)::int as n from users where username = 'bench.partner'")).rows[0].n === 1,
      () => false,
    );
    await probe.end().catch(() => {});
    if (kept) {
      console.log(`reusing ${name}`);
      return u.toString();
    }
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: u.toString() });
  await migrateDatabase(database);
  // the community grows with the leads: 50,000 posts and 200,000 point transactions beside 200,000 leads
  const t = await seedScale(database.db, { members, leads, posts: leads / 4, pointTransactions: leads });
  await database.close();
  // a freshly filled database has its statistics and visibility map still to build; without this the first
  // minutes of measuring share the cores with autovacuum
  const vac = new pg.Client({ connectionString: u.toString() });
  await vac.connect();
  await vac.query('vacuum analyze');
  await vac.end();
  console.log(`seeded ${name}: ${members} members, ${leads} leads in ${(t.totalMs / 1000).toFixed(1)} s`);
  return u.toString();
}

interface Section {
  title: string;
  baselines: Baselines;
  rows: Result[];
}

function table(section: Section) {
  const { bare, db } = section.baselines;
  const ratio = (r: Result, b?: Result) => (b ? `${(r.rps / b.rps).toFixed(2)}×` : '–');
  const line = (r: Result) =>
    `| ${r.name.replace(/^[^:]*: /, '')} | ${r.rps.toFixed(0)} | ${ratio(r, db)} | ${ratio(r, bare)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`;
  return [
    `### ${section.title}`,
    '',
    '| endpoint | req/s | × DB baseline | × bare | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|---|',
    line(bare),
    ...(db ? [line(db)] : []),
    ...section.rows.map(line),
    '',
  ].join('\n');
}

async function main() {
  const sections: Section[] = [];
  if (baseUrl) {
    for (const [set, leads] of [
      ['200k', 200_000],
      ['2k', 2_000],
    ] as const) {
      if (!SETS.includes(set)) continue;
      const url = await benchDatabase(`${DB_PREFIX}_${set}`, 10_000, leads);
      const title = `PostgreSQL, ${leads.toLocaleString('en-GB')} leads, 10,000 members, ${CONNECTIONS} connections`;
      const baselines = await measureBaselines(title, url);
      sections.push({ title, baselines, rows: await measureServer(title, { DATABASE_URL: url }) });
    }
  }
  let live = '';
  if (baseUrl && SETS.includes('live')) live = liveTable(await measureLiveFanout(await benchDatabase(`${DB_PREFIX}_2k`, 10_000, 2_000)));
  if (SETS.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-'));
    const embedded = await openDatabase({ dataDir });
    await migrateDatabase(embedded);
    await seedScale(embedded.db, { members: 2_000, leads: 10_000, posts: 2_500, pointTransactions: 10_000 });
    await embedded.close();
    const title = `embedded PGlite, 10,000 leads, 2,000 members, ${EMBEDDED_CONNECTIONS} connections`;
    const baselines = await measureBaselines(title);
    sections.push({ title, baselines, rows: await measureServer(title, { DATA_DIR: dataDir, DATABASE_URL: '' }, EMBEDDED_CONNECTIONS) });
  }

  const date = new Date().toISOString().slice(0, 10);
  const md = [
    '# Benchmark run',
    '',
    `Measured ${date} by \`npm run bench\` on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `autocannon in a second process, ${DURATION} s per endpoint, against the production server (\`server/main.ts\`, NODE_ENV=production).`,
    '',
    ...sections.map(table),
    live,
  ].join('\n');
  writeFileSync('docs/benchmarks.raw.md', md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
