import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../common/schemas/profile.ts';
import { PUSH_DEVICES_MAX, PUSH_SUBSCRIBE_LIMIT, pushDeviceListSchema, pushSubscriptionStateSchema } from '../../common/schemas/push.ts';
import { notifications, pushSubscriptions, sessions } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { notify } from '../../server/services/notify.ts';
import { revokeSession, publicSessionId, signOutOtherSessions } from '../../server/services/user-sessions.ts';
import { createTestApp, login, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { startPushService, type LocalPushService, type TestSubscription } from '../helpers/push-service.ts';

/**
 * Push subscriptions as an attacker would use them: only the known push services are taken (never a machine of the
 * member's choosing), a member keeps ten devices at most and stores new ones at a bounded rate, a subscription ends
 * with the session that stored it (however that session ends), nothing is pushed to one whose session expired, and
 * a member lists and removes their own devices only.
 */
let ctx: TestContext;
let service: LocalPushService;

beforeAll(async () => {
  [ctx, service] = await Promise.all([createTestApp(), startPushService()]);
});
afterAll(async () => {
  await ctx?.close();
  await service?.stop();
});

const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) };
const fcm = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;
const sessionOf = (who: { cookie: string }) => hashToken(who.cookie.replace(/^cp_session=/, ''));
const rowsOf = (userId: string) => ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function subscribe(who: SignedIn, endpoint: string, userAgent?: string) {
  return who.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys }, headers: userAgent ? { 'user-agent': userAgent } : {} });
}

/** A device of the local push service, registered with the server. */
async function device(who: SignedIn): Promise<TestSubscription> {
  const sub = await service.subscribe(ctx.config.push.publicKey);
  await who.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: sub.endpoint, keys: sub.keys } });
  return sub;
}

async function notifyMember(userId: string, title: string) {
  await notify(ctx.db, userId, 'lead_status', { type: 'test', id: title }, { title, message: 'x', actionUrl: '/leads', at: ctx.clock.now() });
  const [row] = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.title, title));
  return row.id;
}

describe('only the known push services', () => {
  it('in production refuses internal host names, other ports, a trailing dot and this machine (400, nothing stored); takes the push services', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      const member = await makeSignedIn(prod);
      for (const endpoint of [
        'https://internal-host:39499/internal-admin/action?via=push-ssrf',
        'https://vault.internal/x',
        'https://localhost.:39499/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://fcm.googleapis.com.evil.example/x',
        'http://fcm.googleapis.com/fcm/send/x',
        'http://localhost:8090/notify/x',
        'https://attacker.example/feed',
      ]) {
        expectError(await member.api.post('/api/push/subscriptions', { body: { endpoint, keys } }), 400, 'validation_failed');
      }
      expect(await prod.db.select().from(pushSubscriptions)).toEqual([]);
      for (const endpoint of [
        fcm('a'),
        'https://updates.push.services.mozilla.com/wpush/v2/b',
        'https://web.push.apple.com/c',
        'https://wns2-par02p.notify.windows.com/w/?token=d',
      ]) {
        await member.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys } });
      }
      expect(await prod.db.select().from(pushSubscriptions)).toHaveLength(4);
    } finally {
      await prod.close();
    }
  });

  it('a push service on this machine is for the automated tests only: refused in development too', async () => {
    const dev = await createTestApp({ config: { env: 'development' } });
    try {
      const member = await makeSignedIn(dev);
      expectError(await member.api.post('/api/push/subscriptions', { body: { endpoint: 'http://localhost:8090/notify/x', keys } }), 400, 'validation_failed');
      expect(await dev.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await dev.close();
    }
  });
});

describe('bounded per member', () => {
  it(`keeps ${PUSH_DEVICES_MAX} devices at most: the oldest is forgotten`, async () => {
    const member = await makeSignedIn(ctx);
    for (let i = 1; i <= PUSH_DEVICES_MAX + 2; i++) {
      await subscribe(member, fcm(`cap-${i}`));
      ctx.clock.advance(1_000);
    }
    const endpoints = (await rowsOf(member.user.id)).map((r) => r.endpoint).sort();
    expect(endpoints).toHaveLength(PUSH_DEVICES_MAX);
    expect(endpoints).not.toContain(fcm('cap-1'));
    expect(endpoints).not.toContain(fcm('cap-2'));
    expect(endpoints).toContain(fcm(`cap-${PUSH_DEVICES_MAX + 2}`));
  });

  it(`stores ${PUSH_SUBSCRIBE_LIMIT.max} new subscriptions an hour, then 429 with Retry-After; storing one already the member's is never refused`, async () => {
    const member = await makeSignedIn(ctx);
    // a second apart, as browsers would: the device cap then forgets the oldest, never the one stored last
    for (let i = 1; i <= PUSH_SUBSCRIBE_LIMIT.max; i++) {
      await subscribe(member, fcm(`rate-${member.user.id}-${i}`));
      ctx.clock.advance(1_000);
    }
    const refused = await member.api.post('/api/push/subscriptions', { body: { endpoint: fcm(`rate-${member.user.id}-over`), keys } });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rowsOf(member.user.id)).map((r) => r.endpoint)).not.toContain(fcm(`rate-${member.user.id}-over`));
    // this browser's own, stored again on a visit
    await subscribe(member, fcm(`rate-${member.user.id}-${PUSH_SUBSCRIBE_LIMIT.max}`));
    ctx.clock.advance(PUSH_SUBSCRIBE_LIMIT.windowMs + 1_000);
    await subscribe(member, fcm(`rate-${member.user.id}-over`));
  });

  it('sends one notification to at most four devices at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = createServer((req: IncomingMessage, res: ServerResponse) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      req.resume();
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(201).end();
      }, 150);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      const port = (slow.address() as AddressInfo).port;
      const member = await makeSignedIn(ctx);
      // real keys (the payload is encrypted to them), each at its own address of the slow service
      for (let i = 0; i < PUSH_DEVICES_MAX; i++) {
        const sub = await service.subscribe(ctx.config.push.publicKey);
        await member.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: `http://127.0.0.1:${port}/d${i}`, keys: sub.keys } });
      }
      await notifyMember(member.user.id, 'Ten devices at once');
      await expect.poll(async () => (await rowsOf(member.user.id)).filter((r) => r.lastUsedAt).length, { timeout: 10_000 }).toBe(PUSH_DEVICES_MAX);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(4);
    } finally {
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});

describe('a subscription ends with its session', () => {
  it('belongs to the session that stored it', async () => {
    const member = await makeSignedIn(ctx);
    await subscribe(member, fcm(`own-${member.user.id}`));
    expect((await rowsOf(member.user.id)).map((r) => r.sessionId)).toEqual([sessionOf(member)]);
  });

  it('goes on sign-out', async () => {
    const member = await makeSignedIn(ctx);
    await subscribe(member, fcm(`logout-${member.user.id}`));
    expect((await member.api.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await rowsOf(member.user.id)).toEqual([]);
  });

  it('goes when the session is revoked or the other sessions are signed out; this session’s stays', async () => {
    const member = await makeSignedIn(ctx);
    const stolen = client(ctx.app, await login(ctx.app, member.user.username!, member.user.plainPassword));
    const third = client(ctx.app, await login(ctx.app, member.user.username!, member.user.plainPassword));
    await stolen.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: fcm(`stolen-${member.user.id}`), keys } });
    await third.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: fcm(`third-${member.user.id}`), keys } });
    await subscribe(member, fcm(`mine-${member.user.id}`));
    const deps = { db: ctx.db, config: ctx.config, now: ctx.clock.now };
    const [stolenRow] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, fcm(`stolen-${member.user.id}`)));
    await revokeSession(deps, member.user.id, sessionOf(member), publicSessionId(ctx.config.sessionSecret, stolenRow.sessionId));
    expect((await rowsOf(member.user.id)).map((r) => r.endpoint).sort()).toEqual([fcm(`mine-${member.user.id}`), fcm(`third-${member.user.id}`)]);
    await signOutOtherSessions(ctx.db, member.user.id, sessionOf(member));
    expect((await rowsOf(member.user.id)).map((r) => r.endpoint)).toEqual([fcm(`mine-${member.user.id}`)]);
  });

  it('goes with the other sessions when the password changes', async () => {
    const member = await makeSignedIn(ctx);
    const stolen = client(ctx.app, await login(ctx.app, member.user.username!, member.user.plainPassword));
    await stolen.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: fcm(`pw-${member.user.id}`), keys } });
    const newPassword = 'An0ther-Secret-Phrase!';
    await member.api.patchOk(okSchema, '/api/auth/password', {
      body: { currentPassword: member.user.plainPassword, newPassword, confirmPassword: newPassword },
    });
    expect(await rowsOf(member.user.id)).toEqual([]);
  });

  it('pushes nothing to a subscription whose session is idle too long or past its expiry, though its row is still there', async () => {
    const idle = await makeSignedIn(ctx);
    const expired = await makeSignedIn(ctx);
    const [idlePhone, expiredPhone] = [await device(idle), await device(expired)];
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1_000) })
      .where(eq(sessions.id, sessionOf(expired)));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(ctx.clock.now().getTime() - ctx.config.session.idleMs - 1_000) })
      .where(eq(sessions.id, sessionOf(idle)));
    const ids = [await notifyMember(idle.user.id, 'For an idle session'), await notifyMember(expired.user.id, 'For an expired session')];
    // a witness's push shows the deliveries have run
    const witness = await makeSignedIn(ctx);
    const witnessPhone = await device(witness);
    await notifyMember(witness.user.id, 'For the witness');
    await expect.poll(async () => (await service.messages(witnessPhone)).length, { timeout: 10_000 }).toBe(1);
    await ctx.app.ctx.push.idle();
    for (const id of ids) await ctx.app.ctx.push.deliver(id);
    expect(await service.messages(idlePhone)).toEqual([]);
    expect(await service.messages(expiredPhone)).toEqual([]);
    expect(await rowsOf(idle.user.id)).toHaveLength(1);
  });
});

describe('the member’s devices', () => {
  it('answers 401 signed out', async () => {
    const anonymous = client(ctx.app);
    expectError(await anonymous.get('/api/push/subscriptions'), 401, 'unauthorized');
    expectError(await anonymous.delete('/api/push/subscriptions/00000000-0000-4000-8000-000000000000'), 401, 'unauthorized');
  });

  it('lists the member’s own devices, this session’s marked, without endpoints or keys', async () => {
    const member = await makeSignedIn(ctx);
    const other = await makeSignedIn(ctx);
    const laptop = client(ctx.app, await login(ctx.app, member.user.username!, member.user.plainPassword));
    await subscribe(
      member,
      fcm(`list-phone-${member.user.id}`),
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    );
    ctx.clock.advance(1_000);
    await laptop.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', {
      body: { endpoint: fcm(`list-laptop-${member.user.id}`), keys },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' },
    });
    await subscribe(other, fcm(`list-other-${other.user.id}`));
    const { items } = await member.api.getOk(pushDeviceListSchema, '/api/push/subscriptions');
    expect(items.map(({ browser, os, device: kind, current }) => ({ browser, os, device: kind, current }))).toEqual([
      { browser: 'Chrome', os: 'Windows', device: 'desktop', current: false },
      { browser: 'Safari', os: 'iOS', device: 'mobile', current: true },
    ]);
    const text = JSON.stringify(items);
    expect(text).not.toContain('fcm.googleapis.com');
    expect(text).not.toContain(keys.auth);
    expect(text).not.toContain(keys.p256dh);
  });

  it('removes one of the member’s own by id; another member’s is 404 and stays', async () => {
    const owner = await makeSignedIn(ctx);
    const intruder = await makeSignedIn(ctx);
    await subscribe(owner, fcm(`remove-${owner.user.id}`));
    const [row] = await rowsOf(owner.user.id);
    expectError(await intruder.api.delete(`/api/push/subscriptions/${row.id}`), 404, 'not_found');
    expectError(await intruder.api.delete('/api/push/subscriptions/not-a-uuid'), 400, 'validation_failed');
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    await owner.api.deleteOk(okSchema, `/api/push/subscriptions/${row.id}`);
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expectError(await owner.api.delete(`/api/push/subscriptions/${row.id}`), 404, 'not_found');
  });
});
