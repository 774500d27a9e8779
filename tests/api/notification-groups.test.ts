import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMIFICATION_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind } from '../../common/constants/notifications.ts';
import { notificationPageSchema, notificationReadAllSchema, type NotificationPage } from '../../common/schemas/notifications.ts';
import { notify } from '../../server/services/notify.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { type Query } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { connect, type TestSocket } from '../helpers/live-socket.ts';

/**
 * The two lists of notifications: Updates (every kind but the gamification ones), which the bell's badge and the
 * live socket count, and Achievements, listed apart and still unread until the member reads them.
 */
let ctx: TestContext;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await ctx.close();
});

const MINUTE = 60_000;
const start = new Date('2026-06-01T09:00:00Z').getTime();

/** Tells `who` something through notify(), `minutes` after a fixed start (so the order is known). */
async function tell(who: SignedIn, kind: NotificationKind, minutes: number) {
  await notify(
    ctx.db,
    who.user.id,
    kind,
    { type: 'test', id: `${kind}-${minutes}` },
    { title: `${kind} at ${minutes}`, message: `Something about ${kind}.`, actionUrl: '/dashboard', at: new Date(start + minutes * MINUTE) },
  );
}
const list = (who: SignedIn, query: Query = {}): Promise<NotificationPage> => who.api.getOk(notificationPageSchema, '/api/notifications', { query });
const titles = (page: NotificationPage) => page.items.map((n) => n.title);

/** A member told three updates and two achievements, interleaved; the oldest update already read. */
async function memberWithBoth() {
  const m = await makeSignedIn(ctx);
  await tell(m, 'lead_status', 1);
  await tell(m, 'achievement_unlocked', 2);
  await tell(m, 'timesheet_submitted', 3);
  await tell(m, 'achievement_unlocked', 4);
  await tell(m, 'mention', 5);
  await ctx.db.execute(sql`update notifications set is_read = true, read_at = now() where user_id = ${m.user.id} and title = 'lead_status at 1'`);
  return m;
}

describe('the gamification kinds', () => {
  it('are kinds the product sends, achievements among them', () => {
    expect(GAMIFICATION_NOTIFICATION_KINDS).toContain('achievement_unlocked');
    for (const k of GAMIFICATION_NOTIFICATION_KINDS) expect(NOTIFICATION_KINDS).toContain(k);
  });
});

describe('the unread counts', () => {
  it('count the unread updates for the badge and the unread achievements apart, whatever the filters', async () => {
    const m = await memberWithBoth();
    for (const query of [{}, { unread: 'true' }, { group: 'updates' }, { group: 'achievements' }, { type: 'lead_status' }] as Query[]) {
      expect(await list(m, query)).toMatchObject({ unreadCount: 2, unreadAchievements: 2 });
    }
  });

  it('are nothing to a member with only achievements on the badge, and the achievements still unread', async () => {
    const m = await makeSignedIn(ctx);
    await tell(m, 'achievement_unlocked', 1);
    const page = await list(m);
    expect(page).toMatchObject({ total: 1, unreadCount: 0, unreadAchievements: 1 });
    expect(page.items[0]).toMatchObject({ type: 'achievement_unlocked', isRead: false });
  });

  it('are counted in one statement on the partial index of unread notifications', async () => {
    const m = await makeSignedIn(ctx);
    const plan = await ctx.db.transaction(async (tx) => {
      // the test tables are tiny, so a sequential scan would win: take it off the table to see which index the query fits
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select count(*) filter (where type not in ('achievement_unlocked')), count(*) filter (where type in ('achievement_unlocked'))
            from notifications where user_id = ${m.user.id} and is_read = false`,
      )) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('notifications_unread_idx');
  });
});

describe('the two lists', () => {
  it('Updates lists every kind but the achievements, Achievements only them, each newest first with its total', async () => {
    const m = await memberWithBoth();
    const updates = await list(m, { group: 'updates' });
    expect(titles(updates)).toEqual(['mention at 5', 'timesheet_submitted at 3', 'lead_status at 1']);
    expect(updates.total).toBe(3);
    const achievements = await list(m, { group: 'achievements' });
    expect(titles(achievements)).toEqual(['achievement_unlocked at 4', 'achievement_unlocked at 2']);
    expect(achievements.total).toBe(2);
    // without a group, both, as before
    expect((await list(m)).total).toBe(5);
  });

  it('combine with Unread, one kind and pages', async () => {
    const m = await memberWithBoth();
    expect(titles(await list(m, { group: 'updates', unread: 'true' }))).toEqual(['mention at 5', 'timesheet_submitted at 3']);
    expect(titles(await list(m, { group: 'updates', type: 'mention' }))).toEqual(['mention at 5']);
    expect(await list(m, { group: 'updates', type: 'achievement_unlocked' })).toMatchObject({ items: [], total: 0 });
    const first = await list(m, { group: 'updates', pageSize: 2 });
    expect(titles(first)).toEqual(['mention at 5', 'timesheet_submitted at 3']);
    const next = await list(m, { group: 'updates', pageSize: 2, page: 2, after: first.nextCursor ?? undefined });
    expect(titles(next)).toEqual(['lead_status at 1']);
  });

  it('are each the caller’s own', async () => {
    const ada = await memberWithBoth();
    const ben = await makeSignedIn(ctx);
    await tell(ben, 'achievement_unlocked', 9);
    expect(titles(await list(ada, { group: 'achievements' }))).toEqual(['achievement_unlocked at 4', 'achievement_unlocked at 2']);
    expect(await list(ben, { group: 'updates' })).toMatchObject({ items: [], total: 0, unreadCount: 0, unreadAchievements: 1 });
  });

  it('refuses a list it does not know', async () => {
    const m = await makeSignedIn(ctx);
    const res = await m.api.get('/api/notifications', { query: { group: 'points' } });
    expect(expectError(res, 400, 'validation_failed').message).toBe('Choose updates or achievements');
  });
});

describe('marking all read', () => {
  it('of one list leaves the other unread; without a list, every one', async () => {
    const m = await memberWithBoth();
    const readAll = (query: Query = {}) => m.api.postOk(notificationReadAllSchema, '/api/notifications/read-all', { body: {}, query });
    expect(await readAll({ group: 'achievements' })).toEqual({ updated: 2 });
    expect(await list(m)).toMatchObject({ unreadCount: 2, unreadAchievements: 0 });
    expect((await list(m, { group: 'updates', unread: 'true' })).total).toBe(2);

    await tell(m, 'achievement_unlocked', 6);
    expect(await readAll({ group: 'updates' })).toEqual({ updated: 2 });
    expect(await list(m)).toMatchObject({ unreadCount: 0, unreadAchievements: 1 });
    expect(await readAll()).toEqual({ updated: 1 });
    expect(await list(m)).toMatchObject({ unreadCount: 0, unreadAchievements: 0 });
  });

  it('refuses a list it does not know, and changes nothing', async () => {
    const m = await memberWithBoth();
    const res = await m.api.post('/api/notifications/read-all', { body: {}, query: { group: 'everything' } });
    expect(expectError(res, 400, 'validation_failed').message).toBe('Choose updates or achievements');
    expect(await list(m)).toMatchObject({ unreadCount: 2, unreadAchievements: 2 });
  });
});

describe('the live count', () => {
  it('is the badge’s: an achievement arrives without raising it, an update raises it, and both agree with the list', async () => {
    const m = await makeSignedIn(ctx);
    const socket = await connect(base, m.cookie);
    sockets.push(socket);
    await tell(m, 'lead_status', 1);
    expect((await socket.next('notification', (e) => e.notification.type === 'lead_status')).unreadCount).toBe(1);
    await tell(m, 'achievement_unlocked', 2);
    const achievement = await socket.next('notification', (e) => e.notification.type === 'achievement_unlocked');
    expect(achievement.unreadCount).toBe(1);
    expect(achievement.unreadCount).toBe((await list(m)).unreadCount);
    await tell(m, 'endorsement', 3);
    const update = await socket.next('notification', (e) => e.notification.type === 'endorsement');
    expect(update.unreadCount).toBe(2);
    expect(await list(m)).toMatchObject({ unreadCount: 2, unreadAchievements: 1 });

    await m.api.postOk(notificationReadAllSchema, '/api/notifications/read-all', { body: {}, query: { group: 'updates' } });
    expect((await socket.next('notification.read')).unreadCount).toBe(0);
  });
});
