import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts';
import { makeAdmin, makeMember } from '../../server/db/factories/members.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { createTestApp, login, testConfig, type TestContext } from '../helpers/app.ts';

const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/**
 * The status a read answers once the instance has heard the change: the notification travels from the committing
 * transaction through PostgreSQL to every listening instance, so the first read may still race it. The reads stop
 * at `limitMs`, far inside the cache's minute, so an answer that changed was told, not expired.
 */
async function statusOnceHeard(read: () => Promise<{ statusCode: number }>, expected: number, limitMs = 10_000) {
  const started = Date.now();
  let status = (await read()).statusCode;
  while (status !== expected && Date.now() - started < limitMs) {
    await new Promise((r) => setTimeout(r, 2));
    status = (await read()).statusCode;
  }
  return status;
}

/** Deletes a user's sessions without the trigger's announcement: what a cache that ignored changes would miss. */
async function deleteSessionsSilently(t: TestContext, userId: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  });
}

describe('session lookups cached per instance', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads reuse the lookup for SESSION_CACHE_MS; every write checks the database', async () => {
    const member = await makeMember(t.db);
    const cookie = await login(t.app, member.username!);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await deleteSessionsSilently(t, member.id);
    // the read is answered from this instance's memory…
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    // …a write is not
    const write = await t.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie }, payload: {} });
    expect(write.statusCode).toBe(401);
    // and the memory lasts SESSION_CACHE_MS, not longer
    t.clock.advance(t.config.session.cacheMs);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('signing out ends the cached session at once', async () => {
    const member = await makeMember(t.db);
    const cookie = await login(t.app, member.username!);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('deactivation by an admin ends the cached session at once', async () => {
    const admin = await makeAdmin(t.db);
    const member = await makeMember(t.db);
    const [adminCookie, cookie] = [await login(t.app, admin.username!), await login(t.app, member.username!)];
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${member.id}/status`, headers: { cookie: adminCookie }, payload: { isActive: false } });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('a change made to the user row outside the app (a role taken away in SQL) is heard through the trigger', async () => {
    const admin = await makeAdmin(t.db);
    const cookie = await login(t.app, admin.username!);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
    await t.db.execute(sql`update users set role = 'partner' where id = ${admin.id}`);
    expect(await statusOnceHeard(() => t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } }), 403)).toBe(403);
    expect((await me(t.app, cookie)).json().user.role).toBe('partner');
  });
});

/**
 * Two instances on one PostgreSQL database: what one of them changes, the other hears through the triggers'
 * notifications. PostgreSQL only: the embedded database lives inside one process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `cp_session_cache_${randomBytes(4).toString('hex')}`;
  let one: { app: App; database: Database };
  let two: { app: App; database: Database };

  async function instance() {
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: withDatabase(url, name), poolSize: 3 });
    // a minute of memory, so only the notification can explain a session ending within the test
    const config = testConfig();
    const app = await buildApp({ config: { ...config, session: { ...config.session, cacheMs: 60_000 } }, database, logger: false });
    await app.ready();
    return { app, database };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    one = await instance();
    await migrateDatabase(one.database);
    two = await instance();
  });
  afterAll(async () => {
    for (const i of [one, two]) {
      await i?.app.close();
      await i?.database.close();
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('signing out on one instance fails the cookie on the other at once', async () => {
    const member = await makeMember(one.database.db);
    const cookie = await login(one.app, member.username!);
    // the second instance has the session in memory
    expect((await me(two.app, cookie)).statusCode).toBe(200);
    expect((await me(two.app, cookie)).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect(await statusOnceHeard(() => me(two.app, cookie), 401)).toBe(401);
  });

  it('deactivation on one instance ends the session on the other at once', async () => {
    const admin = await makeAdmin(one.database.db);
    const member = await makeMember(one.database.db);
    const adminCookie = await login(one.app, admin.username!);
    const cookie = await login(two.app, member.username!);
    expect((await me(two.app, cookie)).statusCode).toBe(200);
    const res = await one.app.inject({ method: 'PATCH', url: `/api/users/${member.id}/status`, headers: { cookie: adminCookie }, payload: { isActive: false } });
    expect(res.statusCode).toBe(200);
    expect(await statusOnceHeard(() => me(two.app, cookie), 401)).toBe(401);
  });

  it('after a lost listening connection, an instance forgets what it held and hears changes again', async () => {
    const member = await makeMember(one.database.db);
    const cookie = await login(one.app, member.username!);
    expect((await me(two.app, cookie)).statusCode).toBe(200);
    const listeners = async () => {
      const result = (await one.database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      return result.rows.map((r) => r.pid);
    };
    // each instance listens on three connections: its session cache, the live bus, and the live sockets' sign-out watch
    await expect.poll(async () => (await listeners()).length).toBe(6);
    const before = await listeners();
    await one.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    // a change no notification announces (an update of the session row) while the connections are being replaced
    await one.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${member.id}`);
    await expect
      .poll(
        async () => {
          const now = await listeners();
          return now.length === 6 && !now.some((pid) => before.includes(pid));
        },
        { timeout: 10_000, interval: 10 },
      )
      .toBe(true);
    // the second instance dropped everything when it listened again, so it reads the expired session afresh
    expect((await me(two.app, cookie)).statusCode).toBe(401);
    // and sign-out on one instance reaches the other again
    const again = await makeMember(one.database.db);
    const cookie2 = await login(one.app, again.username!);
    expect((await me(two.app, cookie2)).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie2 } })).statusCode).toBe(200);
    expect(await statusOnceHeard(() => me(two.app, cookie2), 401)).toBe(401);
  });

  it('a role change on one instance is seen by the next read on the other', async () => {
    const admin = await makeAdmin(one.database.db);
    const cookie = await login(two.app, admin.username!);
    expect((await two.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
    await one.database.db.execute(sql`update users set role = 'partner' where id = ${admin.id}`);
    expect(await statusOnceHeard(() => two.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } }), 403)).toBe(403);
  });
});
