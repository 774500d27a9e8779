import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../common/constants/notifications.ts';
import { pushKeySchema, pushSubscriptionStateSchema } from '../../common/schemas/push.ts';
import { notifications, pushSubscriptions, users } from '../../server/db/schema/index.ts';
import { createPushSender } from '../../server/services/push.ts';
import { notify } from '../../server/services/notify.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { startPushService, type LocalPushService, type TestSubscription } from '../helpers/push-service.ts';

/**
 * Web Push against a real push service on this machine: a member's browser subscribes with the server's VAPID key,
 * a notification of a group they chose arrives once, with its title and page only; nothing arrives for a group they
 * did not choose; a subscription the service answers 410 for is removed; and only the member's own subscriptions
 * are ever removed.
 */
let ctx: TestContext;
let service: LocalPushService;
let publicKey: string;

beforeAll(async () => {
  [ctx, service] = await Promise.all([createTestApp(), startPushService()]);
  publicKey = ctx.config.push.publicKey;
});
afterAll(async () => {
  await ctx?.close();
  await service?.stop();
});

/** A new "browser" of the member, subscribed with the push service and registered with the server. */
async function subscribeDevice(member: SignedIn): Promise<TestSubscription> {
  const sub = await service.subscribe(publicKey);
  await member.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', {
    body: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Test' },
  });
  return sub;
}

/** Notifies the member as a workflow does (its own committed write); answers the notification's id. */
async function notifyMember(userId: string, kind: NotificationKind, title: string, actionUrl = '/leads') {
  await notify(ctx.db, userId, kind, { type: 'test', id: title }, { title, message: `The private details of ${title}`, actionUrl, at: ctx.clock.now() });
  const [row] = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.title, title));
  return row.id;
}

const received = async (sub: TestSubscription) => (await service.messages(sub)).map((m) => JSON.parse(m) as unknown);

describe('who may use push', () => {
  it('answers 401 signed out, and 403 to a member not yet approved', async () => {
    const anonymous = client(ctx.app);
    expectError(await anonymous.get('/api/push/key'), 401, 'unauthorized');
    expectError(
      await anonymous.post('/api/push/subscriptions', {
        body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
      }),
      401,
      'unauthorized',
    );
    expectError(await anonymous.delete('/api/push/subscriptions', { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' } }), 401, 'unauthorized');
    const pending = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expectError(await pending.api.get('/api/push/key'), 403, 'forbidden');
    expect(await ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('gives a member the public key to subscribe with', async () => {
    const member = await makeSignedIn(ctx);
    const key = await member.api.getOk(pushKeySchema, '/api/push/key');
    expect(key.publicKey).toBe(publicKey);
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(JSON.stringify(key)).not.toContain(ctx.config.push.privateKey);
  });
});

describe('subscriptions', () => {
  const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) };

  it('refuses what is not a browser subscription (400), storing nothing', async () => {
    const member = await makeSignedIn(ctx);
    for (const body of [
      {},
      { endpoint: 'not a url', keys },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a' },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { ...keys, extra: 'x' } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys, userId: member.user.id },
      // http only on this machine, and only outside production
      { endpoint: 'http://push.example/a', keys },
      { endpoint: 'ftp://push.example/a', keys },
      { endpoint: 'https://user:pass@push.example/a', keys },
      { endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(2100)}`, keys },
    ]) {
      expectError(await member.api.post('/api/push/subscriptions', { body }), 400, 'validation_failed');
    }
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual([]);
  });

  it('in production, takes https push services only: never http, this machine or a bare IP address', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      const member = await makeSignedIn(prod);
      for (const endpoint of [
        'http://localhost:8090/notify/x',
        'http://127.0.0.1:8090/notify/x',
        'https://localhost/notify/x',
        'https://10.0.0.5/notify/x',
        'https://[::1]/x',
      ]) {
        expectError(await member.api.post('/api/push/subscriptions', { body: { endpoint, keys } }), 400, 'validation_failed');
      }
      expect(await prod.db.select().from(pushSubscriptions)).toEqual([]);
      await member.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys } });
      expect(await prod.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }]);
    } finally {
      await prod.close();
    }
  });

  it('stores one row per browser: subscribing again updates it, and a browser signed in as someone else moves to them', async () => {
    const first = await makeSignedIn(ctx);
    const second = await makeSignedIn(ctx);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/shared-laptop';
    await first.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys } });
    await first.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys: { ...keys, auth: 'd'.repeat(22) } } });
    let rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: first.user.id, auth: 'd'.repeat(22) });
    await second.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys } });
    rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0].userId).toBe(second.user.id);
  });

  it('unsubscribing removes the member’s own subscription only; another member’s endpoint is left as it is', async () => {
    const owner = await makeSignedIn(ctx);
    const intruder = await makeSignedIn(ctx);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/owner-phone';
    await owner.api.postOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint, keys } });
    expect(await intruder.api.deleteOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint } })).toEqual({ subscribed: false });
    expect(await ctx.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([
      { userId: owner.user.id },
    ]);
    expectError(await owner.api.delete('/api/push/subscriptions', { body: { endpoint, other: 1 } }), 400, 'validation_failed');
    await owner.api.deleteOk(pushSubscriptionStateSchema, '/api/push/subscriptions', { body: { endpoint } });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  });
});

describe('delivery', () => {
  it('pushes a notification of a chosen group to every device of the member, with its title and page only', async () => {
    const member = await makeSignedIn(ctx);
    const [phone, laptop] = [await subscribeDevice(member), await subscribeDevice(member)];
    // lead updates are on by default
    const id = await notifyMember(member.user.id, 'lead_status', 'Northwind moved to Qualified', '/leads?lead=42');
    await expect.poll(() => received(phone), { timeout: 10_000 }).toEqual([{ title: 'Northwind moved to Qualified', url: '/leads?lead=42' }]);
    await expect.poll(() => received(laptop), { timeout: 10_000 }).toEqual([{ title: 'Northwind moved to Qualified', url: '/leads?lead=42' }]);
    expect((await service.messages(phone)).join()).not.toContain('private details');
    await ctx.app.ctx.push.idle();
    const [row] = await ctx.db.select({ pushedAt: notifications.pushedAt }).from(notifications).where(eq(notifications.id, id));
    expect(row.pushedAt).not.toBeNull();
    const devices = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id));
    expect(devices.map((d) => d.userAgent)).toEqual(['Mozilla/5.0 (iPhone) Test', 'Mozilla/5.0 (iPhone) Test']);
    expect(devices.every((d) => d.lastUsedAt !== null)).toBe(true);
  });

  it('a link that would leave the site is never pushed: the notifications page instead', async () => {
    const member = await makeSignedIn(ctx);
    const phone = await subscribeDevice(member);
    await notifyMember(member.user.id, 'lead_status', 'Lead with a foreign link', '//evil.example/phish');
    await expect.poll(() => received(phone), { timeout: 10_000 }).toEqual([{ title: 'Lead with a foreign link', url: '/notifications' }]);
  });

  it('pushes nothing of a group the member did not choose, whatever the frequency of those they chose; the locked group always', async () => {
    const member = await makeSignedIn(ctx);
    const phone = await subscribeDevice(member);
    // connections only, as a daily digest: pushes still go out at once for that group
    await member.api.put('/api/notification-preferences', { body: { emailTypes: ['connections'], emailFrequency: 'daily' } });
    const skipped = await notifyMember(member.user.id, 'lead_status', 'A lead update not chosen');
    const endorsed = await notifyMember(member.user.id, 'endorsement', 'An endorsement not chosen');
    await notifyMember(member.user.id, 'connection_request', 'Ben asks to connect', '/community?tab=directory');
    await notifyMember(member.user.id, 'data_export_ready', 'Your data export is ready', '/profile-settings?tab=preferences');
    await expect.poll(async () => (await received(phone)).length, { timeout: 10_000 }).toBe(2);
    await ctx.app.ctx.push.idle();
    expect(await received(phone)).toEqual(
      expect.arrayContaining([
        { title: 'Ben asks to connect', url: '/community?tab=directory' },
        { title: 'Your data export is ready', url: '/profile-settings?tab=preferences' },
      ]),
    );
    expect(await received(phone)).toHaveLength(2);
    for (const id of [skipped, endorsed]) {
      const [row] = await ctx.db.select({ pushedAt: notifications.pushedAt }).from(notifications).where(eq(notifications.id, id));
      expect(row.pushedAt).toBeNull();
    }
  });

  it('pushes nothing to a member who was deactivated', async () => {
    const member = await makeSignedIn(ctx);
    const phone = await subscribeDevice(member);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id));
    const id = await notifyMember(member.user.id, 'lead_status', 'Update for a deactivated member');
    // a second member's push shows the deliveries have run
    const witness = await makeSignedIn(ctx);
    const witnessPhone = await subscribeDevice(witness);
    await notifyMember(witness.user.id, 'lead_status', 'Update for the witness');
    await expect.poll(async () => (await received(witnessPhone)).length, { timeout: 10_000 }).toBe(1);
    await ctx.app.ctx.push.idle();
    await ctx.app.ctx.push.deliver(id);
    expect(await received(phone)).toEqual([]);
  });

  it('removes a subscription the push service answers 410 Gone for, and keeps the member’s others', async () => {
    const member = await makeSignedIn(ctx);
    const [gone, kept] = [await subscribeDevice(member), await subscribeDevice(member)];
    await service.expire(gone);
    await notifyMember(member.user.id, 'lead_status', 'An update after unsubscribing');
    await expect
      .poll(
        async () =>
          (await ctx.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).map(
            (r) => r.endpoint,
          ),
        {
          timeout: 10_000,
        },
      )
      .toEqual([kept.endpoint]);
    await expect.poll(() => received(kept), { timeout: 10_000 }).toEqual([{ title: 'An update after unsubscribing', url: '/leads' }]);
  });

  it('pushes a notification once, however many instances deliver it at the same moment', async () => {
    const member = await makeSignedIn(ctx);
    const phone = await subscribeDevice(member);
    // a member with no device yet: the announcement finds nobody to push to and leaves the notification unclaimed
    const quiet = await makeSignedIn(ctx);
    const id = await notifyMember(quiet.user.id, 'lead_status', 'Delivered by two instances');
    await ctx.app.ctx.push.idle();
    const [before] = await ctx.db.select({ pushedAt: notifications.pushedAt }).from(notifications).where(eq(notifications.id, id));
    expect(before.pushedAt).toBeNull();
    const device = await subscribeDevice(quiet);
    // two senders on the same database, as two instances hearing the same announcement
    const other = createPushSender({ db: ctx.db, keys: ctx.config.push, log: ctx.app.log, now: ctx.clock.now, sessionIdleMs: ctx.config.session.idleMs });
    await Promise.all([ctx.app.ctx.push.deliver(id), other.deliver(id), ctx.app.ctx.push.deliver(id), other.deliver(id)]);
    expect(await received(device)).toEqual([{ title: 'Delivered by two instances', url: '/leads' }]);
    await ctx.app.ctx.push.deliver(id);
    expect(await received(device)).toHaveLength(1);
    expect(await received(phone)).toEqual([]);
  });

  it('after the live channel was lost, the every-minute sweep job pushes the recent notifications it missed, and not the old ones', async () => {
    const member = await makeSignedIn(ctx);
    const phone = await subscribeDevice(member);
    await ctx.app.ctx.bus.stop();
    try {
      // an hour-old notification and a new one, neither announced while nobody listened
      await notify(
        ctx.db,
        member.user.id,
        'lead_status',
        { type: 'test', id: 'old' },
        { title: 'An hour ago', message: 'x', actionUrl: '/leads', at: new Date(ctx.clock.now().getTime() - 3_600_000) },
      );
      await notifyMember(member.user.id, 'lead_status', 'While the channel was down');
      await ctx.app.ctx.push.idle();
      expect(await received(phone)).toEqual([]);
      // the scheduled sweep, as the queue sends it every minute (worked here, or by the app's own worker)
      await ctx.app.ctx.jobs.send('notifications.sweep', {});
      await ctx.app.ctx.jobs.drain('notifications.sweep');
      await expect.poll(() => received(phone), { timeout: 10_000 }).toEqual([{ title: 'While the channel was down', url: '/leads' }]);
    } finally {
      await ctx.app.ctx.bus.start();
    }
  });
});
