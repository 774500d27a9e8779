// `npm run bench`: starts the production server on seeded data and measures the hot endpoints with autocannon
// from this (second) process at 50 connections; writes docs/benchmarks.md. See the README's bench section.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { SCALE_PASSWORD, seedScale } from '../server/db/seed/scale.ts';
import { freePort } from '../e2e/helpers/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const baseUrl = process.env.DATABASE_URL;

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

async function startProcess(args: string[], env: NodeJS.ProcessEnv, health: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
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

async function measureServer(label: string, env: NodeJS.ProcessEnv): Promise<Result[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['server/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', LOGIN_MAX_FAILURES_PER_IP: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000' },
    `${base}/api/health`,
  );
  try {
    const partner = await login(base, 'bench.partner');
    const admin = await login(base, 'bench.admin');
    const leads = await (await fetch(`${base}/api/leads?pageSize=50`, { headers: { cookie: partner } })).json();
    const leadId = leads.items[0].id;
    const cases: Array<[string, Partial<autocannon.Options>]> = [
      [
        'sign-in (POST /api/auth/login)',
        {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench.partner', password: SCALE_PASSWORD }),
        },
      ],
      ['GET /api/leads (partner, 50 leads)', { url: `${base}/api/leads?pageSize=50`, headers: { cookie: partner } }],
      ['GET /api/leads (admin, page of 25)', { url: `${base}/api/leads`, headers: { cookie: admin } }],
      ['GET /api/dashboard-stats', { url: `${base}/api/dashboard-stats`, headers: { cookie: partner } }],
      ['GET /api/members/recommendations', { url: `${base}/api/members/recommendations`, headers: { cookie: partner } }],
      [
        'PATCH /api/leads/{id}',
        {
          url: `${base}/api/leads/${leadId}`,
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'qualified', notes: 'bench' }),
        },
      ],
    ];
    const out: Result[] = [];
    for (const [name, opts] of cases) {
      const r = await run(opts.url as string, opts);
      out.push({ name: `${label}: ${name}`, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
      console.log(`${label} ${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function freshPgDatabase(name: string, members: number, leads: number) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl!);
  u.pathname = `/${name}`;
  const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: u.toString() });
  await migrateDatabase(database);
  const t = await seedScale(database.db, { members, leads });
  await database.close();
  console.log(`seeded ${name}: ${members} members, ${leads} leads in ${(t.totalMs / 1000).toFixed(1)} s`);
  return u.toString();
}

async function main() {
  const rows: Result[] = [];
  const barePort = await freePort();
  const bare = await startProcess(['scripts/bench-bare.ts'], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);
  const b = await run(`http://127.0.0.1:${barePort}/bare`);
  await bare.stop();
  const bareRow = { name: 'bare Fastify route (ceiling)', rps: b.requests.average, p50: b.latency.p50, p99: b.latency.p99, errors: b.errors, non2xx: b.non2xx };
  console.log(`bare: ${bareRow.rps.toFixed(0)} req/s`);

  if (baseUrl) {
    const big = await freshPgDatabase('cp_bench_200k', 10_000, 200_000);
    rows.push(...(await measureServer('PostgreSQL, 200,000 leads', { DATABASE_URL: big })));
    const small = await freshPgDatabase('cp_bench_2k', 10_000, 2_000);
    rows.push(...(await measureServer('PostgreSQL, 2,000 leads', { DATABASE_URL: small })));
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-'));
  const embedded = await openDatabase({ dataDir });
  await migrateDatabase(embedded);
  await seedScale(embedded.db, { members: 2_000, leads: 10_000 });
  await embedded.close();
  rows.push(...(await measureServer('embedded PGlite, 10,000 leads', { DATA_DIR: dataDir, DATABASE_URL: '' })));

  const fmt = (r: Result) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / bareRow.rps).toFixed(2)}× | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`;
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    '# Benchmarks',
    '',
    `Measured ${date} by \`npm run bench\` on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `autocannon in a second process, ${CONNECTIONS} connections, ${DURATION} s per endpoint, against the production server (\`server/main.ts\`, built client).`,
    '',
    '| endpoint | req/s | vs bare | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    fmt(bareRow),
    ...rows.map(fmt),
    '',
  ].join('\n');
  writeFileSync('docs/benchmarks.raw.md', md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
