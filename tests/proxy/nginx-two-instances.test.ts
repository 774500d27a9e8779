import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannelSchema, chatMessageSchema } from '../../common/schemas/chat.ts';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts';
import { makeConnection, makeMember, type MadeUser } from '../../server/db/factories/members.ts';
import { connect, type TestSocket } from '../helpers/live-socket.ts';
import { childEnv, exitOf, freePort, repoRoot, waitForOk } from '../helpers/processes.ts';
import {
  accepts,
  accessLog,
  errorLog,
  findNginx,
  hasOpenssl,
  makeCertificate,
  send,
  startNginx,
  writeNginxConfig,
  type Answer,
  type ProxyPorts,
  type SendOptions,
} from './nginx.ts';

/**
 * The deployed shape, for real: nginx (deploy/nginx.conf, TLS included) in front of two production server
 * processes on one PostgreSQL database. Through the proxy: sign-in sets a Secure cookie either instance accepts,
 * a chat message written by a member on instance A reaches a member's socket on instance B, sign-in throttling
 * counts the address nginx saw (not one the client wrote), and an instance stopped with SIGTERM finishes its
 * request in flight while nginx sends every new one to the other instance.
 */

const nginx = findNginx();
const databaseUrl = process.env.TEST_DATABASE_URL;

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const skipReason = !nginx
  ? 'nginx is not installed (Debian: apt-get install nginx)'
  : !hasOpenssl()
    ? 'the openssl command is not installed (it makes the test certificate)'
    : !databaseUrl
      ? 'TEST_DATABASE_URL is not set (the two instances share one PostgreSQL database)'
      : !(await postgresAnswers(databaseUrl))
        ? `no PostgreSQL server answers at TEST_DATABASE_URL`
        : null;
if (skipReason) console.warn(`tests/proxy: skipped, ${skipReason}`);

const LIMIT_PER_IP = 3;
const dir = mkdtempSync(join(tmpdir(), 'cp-proxy-'));
let ca = '';
let ports: ProxyPorts;
let proxy: { child: ChildProcess; output: () => string } | undefined;
const instances: { name: string; port: number; child: ChildProcess; output: string }[] = [];
let database: Database | undefined;
let dbName = '';
const sockets: TestSocket[] = [];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function startInstance(name: string, url: string) {
  const port = await freePort();
  const env = {
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(dir, `instance-${name}-`)),
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET: 's'.repeat(40),
    // one proxy in front: the recommended setting (docs/deploy.md)
    TRUST_PROXY: '1',
    LOGIN_MAX_FAILURES_PER_IP: String(LIMIT_PER_IP),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const instance = { name, port, child, output: '' };
  child.stdout!.on('data', (d) => (instance.output += d));
  child.stderr!.on('data', (d) => (instance.output += d));
  instances.push(instance);
  await waitForOk(`http://127.0.0.1:${port}/api/health`, 120_000, () => child.exitCode === null);
  return instance;
}

const origin = (port: number) => `https://127.0.0.1:${port}`;
const through = (port: number, path: string, o: SendOptions = {}) => send(ca, port, path, o);

/** A JSON write as the web app sends it from its own origin. */
function write(port: number, path: string, body: unknown, cookie?: string, extra: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: origin(port), 'sec-fetch-site': 'same-origin', ...extra.headers };
  if (cookie) headers.cookie = cookie;
  return through(port, path, { ...extra, method: 'POST', headers, body: JSON.stringify(body) });
}

function sessionCookie(answer: Answer): { pair: string; attributes: string } {
  const line = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('cp_session='));
  if (!line) throw new Error(`no session cookie in the answer ${answer.status}: ${answer.body}`);
  return { pair: line.split(';')[0], attributes: line };
}

const upstreamOf = (name: 'A' | 'B') => `127.0.0.1:${instances.find((i) => i.name === name)!.port}`;

describe.skipIf(skipReason !== null)('nginx in front of two instances on one PostgreSQL database', () => {
  let ann: MadeUser;
  let ben: MadeUser;
  let annCookie = '';
  let benCookie = '';

  beforeAll(async () => {
    dbName = `cp_proxy_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${dbName}`));
    const url = withDatabase(databaseUrl!, dbName);
    database = await openDatabase({ dataDir: dir, databaseUrl: url, poolSize: 3 });
    await migrateDatabase(database);
    [ann, ben] = [await makeMember(database.db, { firstName: 'Ann' }), await makeMember(database.db, { firstName: 'Ben' })];
    await makeConnection(database.db, { from: ann, to: ben, status: 'accepted' });

    const [a, b] = await Promise.all([startInstance('A', url), startInstance('B', url)]);
    ports = { http: await freePort(), balanced: await freePort(), onlyA: await freePort(), onlyB: await freePort() };
    const certificate = makeCertificate(dir);
    ca = certificate.pem;
    const conf = writeNginxConfig(dir, { ports, instanceA: a.port, instanceB: b.port, cert: certificate.cert, key: certificate.key });
    proxy = await startNginx(nginx!, dir, conf, Object.values(ports));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => {})));
    for (const i of instances) {
      if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
      await exitOf(i.child, 10_000).catch(() => i.child.kill('SIGKILL'));
    }
    if (proxy && proxy.child.exitCode === null) {
      proxy.child.kill('SIGTERM');
      await exitOf(proxy.child, 10_000).catch(() => proxy!.child.kill('SIGKILL'));
    }
    await database?.close();
    if (dbName) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('sends plain HTTP to HTTPS, and balances requests over both instances', async () => {
    const plain = await fetch(`http://127.0.0.1:${ports.http}/sign-in`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/sign-in');

    for (let i = 0; i < 6; i += 1) expect((await through(ports.balanced, '/api/health')).status).toBe(200);
    const served = new Set(
      accessLog(dir)
        .filter((l) => l.port === ports.balanced && l.uri === '/api/health')
        .flatMap((l) => l.upstreams),
    );
    expect(served).toEqual(new Set([upstreamOf('A'), upstreamOf('B')]));
  });

  it('signs in through the proxy with a Secure cookie that both instances accept, and refuses a foreign origin', async () => {
    const signedIn = await write(ports.onlyA, '/api/auth/login', { username: ann.username, password: ann.plainPassword });
    expect(signedIn.status, signedIn.body).toBe(200);
    // nginx said the client came over https (X-Forwarded-Proto), and the server trusts that one hop
    const cookie = sessionCookie(signedIn);
    expect(cookie.attributes).toMatch(/; Secure/);
    expect(cookie.attributes).toMatch(/; HttpOnly/);
    expect(cookie.attributes).toMatch(/; SameSite=Lax/);
    expect(signedIn.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    annCookie = cookie.pair;

    const onB = await through(ports.onlyB, '/api/auth/me', { headers: { cookie: annCookie } });
    expect(onB.status).toBe(200);
    expect(JSON.parse(onB.body).user.id).toBe(ann.id);

    const foreign = await write(ports.balanced, '/api/auth/login', { username: ben.username, password: ben.plainPassword }, undefined, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();

    const benSignedIn = await write(ports.onlyB, '/api/auth/login', { username: ben.username, password: ben.plainPassword });
    expect(benSignedIn.status, benSignedIn.body).toBe(200);
    benCookie = sessionCookie(benSignedIn).pair;
  });

  it('refuses a JSON body over the server limit itself, and lets a 6 MiB upload through to the server', async () => {
    const logBefore = accessLog(dir).length;
    const big = await write(ports.balanced, '/api/auth/login', { username: 'x', password: 'y'.repeat(1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.headers.server).toMatch(/^nginx/);

    // a PDF of 6 MiB: over nginx's default 1 MiB, under the CV limit of 10 MiB
    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${'x'.repeat(6 * 1024 * 1024)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
    const boundary = 'proxy-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="cv.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await through(ports.balanced, '/api/auth/upload-cv', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: origin(ports.balanced), cookie: annCookie },
      body,
    });
    expect(upload.status, upload.body).toBe(200);
    expect(JSON.parse(upload.body).user.id).toBe(ann.id);
    const logged = () => accessLog(dir).filter((l, i) => i >= logBefore && l.port === ports.balanced && /^\/api\/auth\/(login|upload-cv)$/.test(l.uri));
    await expect.poll(() => logged().length).toBe(2);
    const [refused, uploaded] = logged();
    expect(refused).toMatchObject({ uri: '/api/auth/login', status: 413, upstreams: [] });
    expect(uploaded).toMatchObject({ uri: '/api/auth/upload-cv', status: 200 });
  });

  it('delivers a chat message written by a member on instance A to a member connected to instance B', async () => {
    const tls = { ca };
    const annOnA = await connect(origin(ports.onlyA), annCookie, tls);
    const benOnB = await connect(origin(ports.onlyB), benCookie, tls);
    sockets.push(annOnA, benOnB);
    const opened = await write(ports.onlyA, '/api/chat/direct', { userId: ben.id }, annCookie);
    expect(opened.status, opened.body).toBeLessThan(300);
    const channel = chatChannelSchema.parse(JSON.parse(opened.body));

    const posted = await write(ports.onlyA, `/api/chat/channels/${channel.id}/messages`, { content: 'Sent through nginx to A' }, annCookie);
    expect(posted.status, posted.body).toBeLessThan(300);
    const message = chatMessageSchema.parse(JSON.parse(posted.body));
    expect((await benOnB.next('chat.message', (e) => e.message.id === message.id)).message.content).toBe('Sent through nginx to A');

    const answered = await write(ports.onlyB, `/api/chat/channels/${channel.id}/messages`, { content: 'Answered through nginx on B' }, benCookie);
    const reply = chatMessageSchema.parse(JSON.parse(answered.body));
    expect((await annOnA.next('chat.message', (e) => e.message.id === reply.id)).message.content).toBe('Answered through nginx on B');

    // each socket went through nginx (101 Switching Protocols) to the instance its server block names; nginx
    // logs a socket when it closes
    await Promise.all([annOnA.close(), benOnB.close()]);
    const upgrades = (port: number) => accessLog(dir).filter((l) => l.port === port && l.uri === '/api/ws' && l.status === 101);
    await expect.poll(() => upgrades(ports.onlyA).length + upgrades(ports.onlyB).length).toBe(2);
    expect(upgrades(ports.onlyA).map((l) => l.upstreams)).toEqual([[upstreamOf('A')]]);
    expect(upgrades(ports.onlyB).map((l) => l.upstreams)).toEqual([[upstreamOf('B')]]);

    // and a socket through the balanced block works the same
    const annBalanced = await connect(origin(ports.balanced), annCookie, tls);
    sockets.push(annBalanced);
    const third = await write(ports.onlyB, `/api/chat/channels/${channel.id}/messages`, { content: 'Either instance' }, benCookie);
    const thirdId = chatMessageSchema.parse(JSON.parse(third.body)).id;
    expect((await annBalanced.next('chat.message', (e) => e.message.id === thirdId)).message.content).toBe('Either instance');
    await annBalanced.close();
  });

  it('throttles sign-in by the address nginx saw, which a client cannot choose with its own X-Forwarded-For', async () => {
    const failFrom = (from: string, username: string, forwarded?: string) =>
      write(ports.balanced, '/api/auth/login', { username, password: 'not-the-password' }, undefined, {
        from,
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      });

    // three failures from 127.0.0.2, balanced over both instances: the limit is counted in the shared database
    for (let i = 0; i < LIMIT_PER_IP; i += 1) expect((await failFrom('127.0.0.2', `nobody-${i}`)).status).toBe(401);
    expect((await failFrom('127.0.0.2', 'nobody-else')).status).toBe(429);
    // the client writes another address (even the one that is not throttled): nginx appends the real one, and
    // the server takes that last entry
    expect((await failFrom('127.0.0.2', 'nobody-else', '203.0.113.9')).status).toBe(429);
    expect((await failFrom('127.0.0.2', 'nobody-else', '127.0.0.3')).status).toBe(429);
    const rightPassword = await write(ports.balanced, '/api/auth/login', { username: ben.username, password: ben.plainPassword }, undefined, { from: '127.0.0.2' });
    expect(rightPassword.status).toBe(429);

    // another client address is not throttled
    expect((await failFrom('127.0.0.3', 'nobody-0')).status).toBe(401);
    const other = await write(ports.balanced, '/api/auth/login', { username: ben.username, password: ben.plainPassword }, undefined, { from: '127.0.0.3' });
    expect(other.status).toBe(200);

    // what the server recorded: the clients' own addresses, never nginx's nor a written one
    const rows = await database!.db.execute(sql`select key, count(*)::int as n from login_failures where key like 'ip:%' group by key order by key`);
    const counts = Object.fromEntries(
      ((rows as { rows?: { key: string; n: number }[] }).rows ?? (rows as unknown as { key: string; n: number }[])).map((r) => [r.key, r.n]),
    );
    expect(counts).toEqual({ 'ip:127.0.0.2': LIMIT_PER_IP, 'ip:127.0.0.3': 1 });
  });

  it('an instance stopped with SIGTERM finishes its request in flight while nginx sends every new request to the other', async () => {
    const a = instances.find((i) => i.name === 'A')!;
    // hold the sign-in's table so a request to A stays in flight, without any hook in the server
    const locker = new pg.Client({ connectionString: withDatabase(databaseUrl!, dbName) });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table login_failures in access exclusive mode');
      const inFlight = write(ports.onlyA, '/api/auth/login', { username: 'in-flight', password: 'not-the-password' });
      await expect
        .poll(async () => (await locker.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [dbName])).rows[0].n, {
          timeout: 10_000,
        })
        .toBe(1);

      const exited = exitOf(a.child, 10_000);
      a.child.kill('SIGTERM');
      // A stops taking connections at once, and stays alive while its request is in flight
      await expect.poll(() => accepts(a.port), { timeout: 5_000, interval: 50 }).toBe(false);
      expect(a.child.exitCode).toBeNull();

      const logBefore = accessLog(dir).length;
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(await through(ports.balanced, '/api/auth/me', { headers: { cookie: benCookie } }));
        answers.push(await write(ports.balanced, '/api/notifications/read-all', {}, benCookie));
      }
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      // every one was answered by B (a connection refused by A counts as tried, then B answers)
      // nginx writes a line once its answer is sent, which may be just after the client has read it
      const burst = () => accessLog(dir).filter((l, i) => i >= logBefore && l.port === ports.balanced && l.uri.startsWith('/api/'));
      await expect.poll(() => burst().length).toBe(8);
      const lines = burst();
      for (const line of lines) expect(line.upstreams.at(-1)).toBe(upstreamOf('B'));

      await locker.query('rollback');
      const answer = await inFlight;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unauthorized', message: 'Invalid username or password.' } });
      expect(await exited, a.output).toMatchObject({ code: 0, signal: null });
    } finally {
      await locker.end();
    }

    // and B keeps serving through nginx
    for (let i = 0; i < 3; i += 1) expect((await through(ports.balanced, '/api/health')).status).toBe(200);
    expect(errorLog(dir)).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});

if (skipReason) {
  describe('nginx in front of two instances', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
