// The live fan-out benchmark, run by `npm run bench` on PostgreSQL: 1,000 members each hold a live socket to the
// production server; members of a 500-member channel post messages one after another over HTTP, and every member
// of the channel must receive each message on their socket. Reported: deliveries, and the delay from the moment
// the message was sent until each socket had it (p50, p99, max), beside the same run's baseline of one sequential
// round trip to a bare route doing one prepared single-row query on the same database.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort } from '../e2e/helpers/server.ts';
import { hashToken, newToken } from '../server/lib/tokens.ts';

const SOCKETS = 1_000;
const CHANNEL_MEMBERS = 500;
/** Messages sent, each by a different member (the per-member sending limit is 30 a minute). */
const MESSAGES = 40;
const BENCH_CHANNEL = 'Benchmark fan-out';

export interface LiveFanoutResult {
  sockets: number;
  channelMembers: number;
  messages: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  baselineP50: number;
  baselineP99: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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

async function start(args: string[], env: NodeJS.ProcessEnv, health: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitHealthy(health, child);
  return () =>
    new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
}

/** One sequential round trip at a time to the bare route with one prepared query: the latency floor of this machine and database. */
async function baselineLatency(databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stop = await start(['scripts/bench-bare.ts'], { PORT: String(port), DATABASE_URL: databaseUrl }, `${base}/bare`);
  try {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await (await fetch(`${base}/db`)).arrayBuffer();
      if (i >= 50) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    await stop();
  }
}

/** Sessions for the first SOCKETS approved scale members, and a group channel holding the first CHANNEL_MEMBERS of them. */
async function prepare(client: pg.Client) {
  const { rows: members } = await client.query<{ id: string }>(
    `select id from users where email like '%@scale.example' and account_status = 'approved' and is_active order by id limit ${SOCKETS}`,
  );
  if (members.length < SOCKETS) throw new Error(`the benchmark database has ${members.length} approved members, ${SOCKETS} needed`);
  const tokens = members.map(() => newToken());
  const hashes = tokens.map(hashToken);
  await client.query(
    `insert into sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent)
     select h, u, now(), now(), now() + interval '1 day', 'bench-live' from unnest($1::text[], $2::uuid[]) as t(h, u)`,
    [hashes, members.map((m) => m.id)],
  );
  await client.query(`delete from chat_channels where name = $1`, [BENCH_CHANNEL]);
  const { rows } = await client.query<{ id: string }>(`insert into chat_channels (name, type, is_private) values ($1, 'group', false) returning id`, [BENCH_CHANNEL]);
  const channelId = rows[0].id;
  await client.query(
    `insert into chat_channel_members (channel_id, user_id, role) select $1, u, case when n = 1 then 'owner' else 'member' end from unnest($2::uuid[]) with ordinality as t(u, n)`,
    [channelId, members.slice(0, CHANNEL_MEMBERS).map((m) => m.id)],
  );
  return { cookies: tokens.map((t) => `cp_session=${t}`), channelId };
}

/** Removes what `prepare` added, so the benchmark database stays as seeded. */
async function cleanUp(client: pg.Client) {
  await client.query(`delete from chat_channels where name = $1`, [BENCH_CHANNEL]);
  await client.query(`delete from sessions where user_agent = 'bench-live'`);
  await client.query(`delete from presence_sockets`);
}

export async function measureLiveFanout(databaseUrl: string): Promise<LiveFanoutResult> {
  const baseline = await baselineLatency(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await cleanUp(client);
  const { cookies, channelId } = await prepare(client);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stop = await start(
    ['server/main.ts'],
    { DATABASE_URL: databaseUrl, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    `${base}/api/health`,
  );
  const sockets: WebSocket[] = [];
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  try {
    // every socket opens and says ready before the first message
    await Promise.all(
      cookies.map(
        (cookie) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie, origin: base } });
            sockets.push(ws);
            ws.on('message', (data) => {
              const text = data.toString();
              if (text.includes('"type":"ready"')) return resolve();
              if (!text.includes('"type":"chat.message"')) return;
              const at = performance.now();
              const content = (JSON.parse(text) as { message: { content: string } }).message.content;
              const sent = sentAt.get(content);
              if (sent !== undefined) delays.push(at - sent);
            });
            ws.on('error', reject);
          }),
      ),
    );
    for (let i = 0; i < MESSAGES; i++) {
      const content = `Fan-out message ${i + 1}`;
      sentAt.set(content, performance.now());
      const res = await fetch(`${base}/api/chat/channels/${channelId}/messages`, {
        method: 'POST',
        headers: { cookie: cookies[i], 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ content }),
      });
      if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${await res.text()}`);
      // one message at a time: the delay measured is a message's, not a queue's
      const expected = (i + 1) * CHANNEL_MEMBERS;
      const deadline = performance.now() + 5_000;
      while (delays.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    }
    delays.sort((a, b) => a - b);
    const result: LiveFanoutResult = {
      sockets: SOCKETS,
      channelMembers: CHANNEL_MEMBERS,
      messages: MESSAGES,
      deliveries: delays.length,
      expected: MESSAGES * CHANNEL_MEMBERS,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays[delays.length - 1],
      baselineP50: baseline.p50,
      baselineP99: baseline.p99,
    };
    console.log(
      `live fan-out: ${result.deliveries}/${result.expected} deliveries, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms; ` +
        `baseline round trip p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms`,
    );
    return result;
  } finally {
    for (const ws of sockets) ws.terminate();
    await stop();
    await cleanUp(client);
    await client.end();
  }
}

/** The benchmark's section for docs/benchmarks.md. */
export function liveTable(r: LiveFanoutResult): string {
  const ms = (n: number) => n.toFixed(1);
  const x = (n: number, b: number) => `${(n / b).toFixed(0)}×`;
  return [
    `### Live fan-out, PostgreSQL: ${r.sockets.toLocaleString('en-GB')} sockets, a ${r.channelMembers}-member channel, ${r.messages} messages`,
    '',
    '| figure | ms | × baseline p50 | × baseline p99 |',
    '|---|---|---|---|',
    `| baseline: one sequential round trip, bare route with one prepared query (p50 / p99) | ${ms(r.baselineP50)} / ${ms(r.baselineP99)} | 1× | 1× |`,
    `| message sent → on a member's socket, p50 | ${ms(r.p50)} | ${x(r.p50, r.baselineP50)} | ${x(r.p50, r.baselineP99)} |`,
    `| message sent → on a member's socket, p99 | ${ms(r.p99)} | ${x(r.p99, r.baselineP50)} | ${x(r.p99, r.baselineP99)} |`,
    `| message sent → on a member's socket, max | ${ms(r.max)} | ${x(r.max, r.baselineP50)} | ${x(r.max, r.baselineP99)} |`,
    '',
    `Deliveries: ${r.deliveries.toLocaleString('en-GB')} of ${r.expected.toLocaleString('en-GB')} (every member of the channel, the sender included, for every message).`,
    '',
  ].join('\n');
}
