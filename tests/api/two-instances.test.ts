import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannelSchema, chatMessageSchema } from '../../common/schemas/chat.ts';
import { presenceListSchema } from '../../common/schemas/live.ts';
import type { Database } from '../../server/db/client.ts';
import { makeConnection, makeMember, type MadeUser } from '../../server/db/factories/members.ts';
import { presenceSockets, sessions, userPresence } from '../../server/db/schema/index.ts';
import { hashToken, newToken } from '../../server/lib/tokens.ts';
import { notify } from '../../server/services/notify.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { connect, type TestSocket } from '../helpers/live-socket.ts';
import { childEnv, exitOf, freePort, repoRoot, waitForOk } from '../helpers/processes.ts';

/**
 * Two server processes on one PostgreSQL database behave as one: a socket on either instance hears what happens
 * through the other (chat both ways, notifications, presence), because every announcement goes through the
 * database's LISTEN/NOTIFY and each instance loads what it sends. The embedded database is one process by nature,
 * so this runs on PostgreSQL only (the suite's PostgreSQL pass).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let database: Database;
let drop: () => Promise<void>;
const servers: { child: ChildProcess; base: string; output: string }[] = [];
const sockets: TestSocket[] = [];

async function startInstance(url: string, secret: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: childEnv({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'cp-instance-')), PORT: String(port), HOST: '127.0.0.1', SESSION_SECRET: secret }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, base: `http://127.0.0.1:${port}`, output: '' };
  child.stdout!.on('data', (d) => (server.output += d));
  child.stderr!.on('data', (d) => (server.output += d));
  servers.push(server);
  await waitForOk(`${server.base}/api/health`, 120_000, () => child.exitCode === null);
  return server;
}

/** A session for the member, written to the shared database: either instance accepts its cookie. */
async function cookieFor(user: MadeUser) {
  const token = newToken();
  const at = new Date();
  await database.db.insert(sessions).values({ id: hashToken(token), userId: user.id, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + 86_400_000) });
  return `cp_session=${token}`;
}

async function call<T>(base: string, cookie: string, method: string, path: string, body: unknown, parse: (v: unknown) => T): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return parse(json);
}

async function socket(base: string, cookie: string) {
  const s = await connect(base, cookie);
  sockets.push(s);
  return s;
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let a: { base: string };
  let b: { base: string };
  let ann: MadeUser;
  let ben: MadeUser;
  let annCookie: string;
  let benCookie: string;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    const secret = 's'.repeat(40);
    [a, b] = await Promise.all([startInstance(opened.url!, secret), startInstance(opened.url!, secret)]);
    [ann, ben] = [await makeMember(database.db, { firstName: 'Ann' }), await makeMember(database.db, { firstName: 'Ben' })];
    await makeConnection(database.db, { from: ann, to: ben, status: 'accepted' });
    [annCookie, benCookie] = [await cookieFor(ann), await cookieFor(ben)];
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const s of servers) {
      if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await exitOf(s.child, 10_000).catch(() => s.child.kill('SIGKILL'));
    }
    await drop?.();
  });

  it('delivers a direct message written on one instance to a socket on the other, both ways', async () => {
    const annOnA = await socket(a.base, annCookie);
    const benOnB = await socket(b.base, benCookie);
    const channel = await call(a.base, annCookie, 'POST', '/api/chat/direct', { userId: ben.id }, (v) => chatChannelSchema.parse(v));

    const fromAnn = await call(a.base, annCookie, 'POST', `/api/chat/channels/${channel.id}/messages`, { content: 'Written on A' }, (v) => chatMessageSchema.parse(v));
    expect((await benOnB.next('chat.message', (e) => e.message.id === fromAnn.id)).message.content).toBe('Written on A');

    const fromBen = await call(b.base, benCookie, 'POST', `/api/chat/channels/${channel.id}/messages`, { content: 'Answered on B' }, (v) => chatMessageSchema.parse(v));
    expect((await annOnA.next('chat.message', (e) => e.message.id === fromBen.id)).message).toMatchObject({ content: 'Answered on B', can: { edit: false } });
  });

  it('delivers a notification to every socket of the member, whichever instance holds it', async () => {
    const annOnA = await socket(a.base, annCookie);
    const annOnB = await socket(b.base, annCookie);
    await notify(
      database.db,
      ann.id,
      'lead_status',
      { type: 'lead', id: 'x' },
      { title: 'Your lead was won', message: 'Well done.', actionUrl: '/leads', at: new Date() },
    );
    for (const s of [annOnA, annOnB]) expect((await s.next('notification', (e) => e.notification.title === 'Your lead was won')).unreadCount).toBeGreaterThan(0);
  });

  it('keeps a member online while any socket on either instance is open, and offline when the last one closes', async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    const watcher = await makeMember(database.db, { firstName: 'Wendy' });
    const wendyCookie = await cookieFor(watcher);
    const wendyOnB = await socket(b.base, wendyCookie);
    wendyOnB.send({ type: 'watch', userIds: [ann.id] });
    await wendyOnB.next('presence', (e) => e.presence.userId === ann.id);
    const presenceOnB = async () =>
      (await call(b.base, wendyCookie, 'GET', `/api/presence?ids=${ann.id}`, undefined, (v) => presenceListSchema.parse(v))).items[0].status;

    const rowsOfAnn = async () => database.db.select().from(presenceSockets).where(eq(presenceSockets.userId, ann.id));
    const lastWriter = async () => (await database.db.select({ socketId: userPresence.socketId }).from(userPresence).where(eq(userPresence.userId, ann.id)))[0]?.socketId;
    // the sockets of the tests above are gone on both instances
    await expect.poll(async () => (await rowsOfAnn()).length).toBe(0);
    const annOnA = await connect(a.base, annCookie);
    await wendyOnB.next('presence', (e) => e.presence.userId === ann.id && e.presence.status === 'online');
    wendyOnB.events.length = 0; // from here on: what Wendy hears while Ann is online somewhere
    await expect.poll(async () => (await rowsOfAnn()).length).toBe(1);
    const [onA] = await rowsOfAnn();
    const annOnB = await connect(b.base, annCookie);
    await expect.poll(async () => (await rowsOfAnn()).length).toBe(2);
    const onB = (await rowsOfAnn()).find((r) => r.id !== onA.id)!;
    // B has recorded her second socket (the presence row names the socket that last changed it) ...
    await expect.poll(lastWriter).toBe(onB.id);
    await annOnA.close();
    // ... and A, losing the first, recomputes from both instances' sockets: her socket on B keeps her online
    await expect.poll(lastWriter).toBe(onA.id);
    expect(await presenceOnB()).toBe('online');
    expect(wendyOnB.events.some((e) => e.type === 'presence' && e.presence.userId === ann.id && e.presence.status !== 'online')).toBe(false);
    wendyOnB.events.length = 0; // from here on: the events her last close causes
    await annOnB.close();
    await wendyOnB.next('presence', (e) => e.presence.userId === ann.id && e.presence.status === 'offline');
    expect(await presenceOnB()).toBe('offline');
  });
});
