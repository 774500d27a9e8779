import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../common/constants/notifications.ts';
import { notificationPageSchema, notificationReadAllSchema, notificationSchema, type NotificationPage } from '../../common/schemas/notifications.ts';
import { notifications } from '../../server/db/schema/index.ts';
import { notify } from '../../server/services/notify.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client, type Query } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let anon: ReturnType<typeof client>;
let pendingApi: ReturnType<typeof client>;

beforeAll(async () => {
  ctx = await createTestApp();
  anon = client(ctx.app);
  const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
  pendingApi = client(ctx.app, await openSession(ctx, pending.id));
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const base = new Date('2026-06-01T09:00:00Z').getTime();

/** Tells `who` something through notify(), `minutes` after a fixed start (so the order is known). */
async function tell(who: SignedIn, kind: NotificationKind, minutes: number, o: { title?: string; actionUrl?: string } = {}) {
  await notify(
    ctx.db,
    who.user.id,
    kind,
    { type: 'test', id: `${kind}-${minutes}` },
    { title: o.title ?? `${kind} at ${minutes}`, message: `Something about ${kind}.`, actionUrl: o.actionUrl ?? '/dashboard', at: new Date(base + minutes * MINUTE) },
  );
}
const list = (who: SignedIn, query: Query = {}): Promise<NotificationPage> => who.api.getOk(notificationPageSchema, '/api/notifications', { query });
const rowsOf = (who: SignedIn) => ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id));

describe('access', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/read-all'],
    ['POST', `/api/notifications/${NO_SUCH_ID}/read`],
  ];

  it('answers 401 signed out and 403 to an account still pending review', async () => {
    for (const [method, url] of routes) {
      expectError(await anon.request(method as 'GET', url, method === 'GET' ? {} : { body: {} }), 401, 'unauthorized');
      expectError(await pendingApi.request(method as 'GET', url, method === 'GET' ? {} : { body: {} }), 403, 'forbidden');
    }
  });

  it('refuses a write from another site and changes nothing', async () => {
    const m = await makeSignedIn(ctx);
    await tell(m, 'endorsement', 1);
    const [row] = await rowsOf(m);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      expectError(await m.api.post(`/api/notifications/${row.id}/read`, { body: {}, headers }), 403, 'forbidden');
      expectError(await m.api.post('/api/notifications/read-all', { body: {}, headers }), 403, 'forbidden');
    }
    expect((await rowsOf(m)).map((r) => [r.isRead, r.readAt])).toEqual([[false, null]]);
  });
});

describe('the list', () => {
  it('shows only the caller’s own notifications, newest first, with their fields', async () => {
    const ada = await makeSignedIn(ctx);
    const ben = await makeSignedIn(ctx);
    await tell(ada, 'lead_status', 1, { actionUrl: '/leads' });
    await tell(ada, 'endorsement', 3, { actionUrl: '/profile' });
    await tell(ada, 'connection_request', 2);
    await tell(ben, 'lead_status', 4, { title: 'Ben’s own' });

    const page = await list(ada);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20, unreadCount: 3 });
    expect(page.items.map((n) => n.type)).toEqual(['endorsement', 'connection_request', 'lead_status']);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      type: 'endorsement',
      title: 'endorsement at 3',
      message: 'Something about endorsement.',
      entityType: 'test',
      entityId: 'endorsement-3',
      isRead: false,
      actionUrl: '/profile',
      priority: 'normal',
      createdAt: new Date(base + 3 * MINUTE).toISOString(),
      readAt: null,
    });
    const bens = await list(ben);
    expect(bens.items.map((n) => n.title)).toEqual(['Ben’s own']);
    expect(bens.unreadCount).toBe(1);
  });

  it('filters unread and one kind, pages, and counts all unread whatever the filters', async () => {
    const m = await makeSignedIn(ctx);
    for (let i = 1; i <= 5; i++) await tell(m, 'lead_status', i);
    for (let i = 6; i <= 8; i++) await tell(m, 'endorsement', i);
    // the two oldest leads updates already read
    await ctx.db.execute(
      sql`update notifications set is_read = true, read_at = now() where user_id = ${m.user.id} and title in ('lead_status at 1', 'lead_status at 2')`,
    );

    const unread = await list(m, { unread: 'true' });
    expect(unread.total).toBe(6);
    expect(unread.unreadCount).toBe(6);
    expect(unread.items.every((n) => !n.isRead)).toBe(true);
    expect((await list(m, { unread: 'false' })).total).toBe(8);

    const leads = await list(m, { type: 'lead_status' });
    expect(leads.items.map((n) => n.title)).toEqual(['lead_status at 5', 'lead_status at 4', 'lead_status at 3', 'lead_status at 2', 'lead_status at 1']);
    expect(leads.total).toBe(5);
    expect(leads.unreadCount).toBe(6);
    expect((await list(m, { type: 'lead_status', unread: 'true' })).items.map((n) => n.title)).toEqual(['lead_status at 5', 'lead_status at 4', 'lead_status at 3']);
    const none = await list(m, { type: 'mentorship_request' });
    expect(none).toMatchObject({ items: [], total: 0, unreadCount: 6 });

    const p1 = await list(m, { pageSize: 3 });
    const p2 = await list(m, { pageSize: 3, page: 2 });
    const p3 = await list(m, { pageSize: 3, page: 3 });
    expect([p1.items.length, p2.items.length, p3.items.length]).toEqual([3, 3, 2]);
    expect(p3).toMatchObject({ total: 8, page: 3, pageSize: 3 });
    expect([...p1.items, ...p2.items, ...p3.items].map((n) => n.title)).toEqual([
      'endorsement at 8',
      'endorsement at 7',
      'endorsement at 6',
      'lead_status at 5',
      'lead_status at 4',
      'lead_status at 3',
      'lead_status at 2',
      'lead_status at 1',
    ]);
  });

  it('refuses filters and pages it does not know', async () => {
    const m = await makeSignedIn(ctx);
    expect(expectError(await m.api.get('/api/notifications', { query: { unread: 'yes' } }), 400, 'validation_failed').message).toBe('unread must be true or false');
    expect(expectError(await m.api.get('/api/notifications', { query: { type: 'nope' } }), 400, 'validation_failed').message).toBe('Choose a notification type');
    expectError(await m.api.get('/api/notifications', { query: { pageSize: 101 } }), 400, 'validation_failed');
    expectError(await m.api.get('/api/notifications', { query: { page: 0 } }), 400, 'validation_failed');
  });

  it('presents a link only when it is a path on this site', async () => {
    const m = await makeSignedIn(ctx);
    const urls = ['/events?event=1', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'leads'];
    for (const [i, actionUrl] of urls.entries()) await tell(m, 'event_updated', i, { title: `n${i}`, actionUrl });
    await ctx.db.insert(notifications).values({ userId: m.user.id, title: 'no link', message: 'm', type: 'event_updated', createdAt: new Date(base + 99 * MINUTE) });
    const page = await list(m);
    expect(Object.fromEntries(page.items.map((n) => [n.title, n.actionUrl]))).toEqual({
      'no link': null,
      n0: '/events?event=1',
      n1: null,
      n2: null,
      n3: null,
      n4: null,
      n5: null,
    });
  });
});

describe('marking read', () => {
  it('marks one of the caller’s own read, keeps the first reading time, and lowers the count', async () => {
    const m = await makeSignedIn(ctx);
    await tell(m, 'lead_status', 1);
    await tell(m, 'lead_status', 2);
    const [newest] = (await list(m)).items;
    const read = await m.api.postOk(notificationSchema, `/api/notifications/${newest.id}/read`, { body: {} });
    expect(read).toMatchObject({ id: newest.id, isRead: true, readAt: ctx.clock.now().toISOString() });
    expect((await list(m)).unreadCount).toBe(1);

    ctx.clock.advance(5 * MINUTE);
    const again = await m.api.postOk(notificationSchema, `/api/notifications/${newest.id}/read`, { body: {} });
    expect(again.readAt).toBe(read.readAt);
    expect((await list(m)).unreadCount).toBe(1);
  });

  it('answers 404 for another member’s notification, and leaves it unread', async () => {
    const ada = await makeSignedIn(ctx);
    const eve = await makeSignedIn(ctx);
    await tell(ada, 'endorsement', 1);
    const [adas] = await rowsOf(ada);
    expect(expectError(await eve.api.post(`/api/notifications/${adas.id}/read`, { body: {} }), 404, 'not_found').message).toBe('Notification not found.');
    expectError(await eve.api.post(`/api/notifications/${NO_SUCH_ID}/read`, { body: {} }), 404, 'not_found');
    expectError(await eve.api.post('/api/notifications/not-an-id/read', { body: {} }), 400, 'validation_failed');
    const [after] = await rowsOf(ada);
    expect([after.isRead, after.readAt]).toEqual([false, null]);
  });

  it('marks all the caller’s unread read, and nobody else’s', async () => {
    const ada = await makeSignedIn(ctx);
    const ben = await makeSignedIn(ctx);
    for (let i = 1; i <= 4; i++) await tell(ada, 'connection_request', i);
    await tell(ben, 'connection_request', 1);
    const [first] = (await list(ada)).items;
    await ada.api.postOk(notificationSchema, `/api/notifications/${first.id}/read`, { body: {} });

    expect(await ada.api.postOk(notificationReadAllSchema, '/api/notifications/read-all', { body: {} })).toEqual({ updated: 3 });
    const page = await list(ada);
    expect(page.unreadCount).toBe(0);
    expect(page.items.every((n) => n.isRead && n.readAt)).toBe(true);
    expect(await ada.api.postOk(notificationReadAllSchema, '/api/notifications/read-all', { body: {} })).toEqual({ updated: 0 });
    expect((await list(ben)).unreadCount).toBe(1);
  });
});

describe('the unread count', () => {
  it('is read from the partial index of unread notifications', async () => {
    const m = await makeSignedIn(ctx);
    const plan = await ctx.db.transaction(async (tx) => {
      // the test tables are tiny, so a sequential scan would win: take it off the table to see which index the query fits
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(sql`explain select count(*) from notifications where user_id = ${m.user.id} and is_read = false`)) as unknown as { rows: unknown[] };
      return (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('notifications_unread_idx');
  });
});
