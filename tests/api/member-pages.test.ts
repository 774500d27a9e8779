import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../common/constants/notifications.ts';
import { directoryPageSchema } from '../../common/schemas/community.ts';
import { notificationPageSchema } from '../../common/schemas/notifications.ts';
import { notifications, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges } from '../helpers/keyset.ts';

let ctx: TestContext;
let reader: SignedIn;

const base = new Date('2026-06-01T09:00:00Z').getTime();
const [kindA, kindB] = NOTIFICATION_KINDS;

/** A notification for the reader, `seconds` after a fixed start; several share a time, so the tie-break on id is exercised. */
const tell = (seconds: number, o: { type?: string; isRead?: boolean } = {}) =>
  ctx.db
    .insert(notifications)
    .values({ userId: reader.user.id, title: `At ${seconds}`, message: 'Something happened.', type: o.type ?? kindA, isRead: o.isRead ?? false, createdAt: new Date(base + seconds * 1000) })
    .returning();

beforeAll(async () => {
  ctx = await createTestApp();
  reader = await makeSignedIn(ctx, { firstName: 'Rhea', lastName: 'Reader', availableForNetworking: false });
  for (let i = 0; i < 26; i++) await tell(Math.floor(i / 3), { type: i % 2 ? kindB : kindA, isRead: i % 4 === 0 });
  // listed members, several with the same name, so the directory's tie-break on id is exercised
  for (let i = 0; i < 17; i++) {
    await makeUser(ctx.db, { firstName: `Kim${Math.floor(i / 4)}`, lastName: 'Keysetson', industries: i % 2 ? ['Keyset Industry'] : [], availableForNetworking: true });
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('notification pages', () => {
  it('walks the notifications by cursor, all, unread and of one kind, and any page by number is the same page', async () => {
    const list = { api: reader.api, path: '/api/notifications' };
    const pages = await expectConsistentPages({ ...list, pageSize: 5 });
    // newest first
    const times = pages.flatMap((p) => notificationPageSchema.parse(p).items.map((n) => n.createdAt));
    expect(times).toEqual([...times].sort().reverse());
    await expectConsistentPages({ ...list, query: { unread: 'true' }, pageSize: 4 });
    await expectConsistentPages({ ...list, query: { type: kindB }, pageSize: 4 });
  });

  it('a notification arriving or deleted between two pages is neither repeated nor skipped', async () => {
    let later = 1000;
    await expectStableAcrossChanges(
      { api: reader.api, path: '/api/notifications', pageSize: 5 },
      { addAtFront: () => tell(later++), remove: (id) => ctx.db.delete(notifications).where(eq(notifications.id, id)) },
    );
  });

  it('keeps the unread count over all notifications on a page read by cursor', async () => {
    const first = await reader.api.getOk(notificationPageSchema, '/api/notifications', { query: { pageSize: 5 } });
    const next = await reader.api.getOk(notificationPageSchema, '/api/notifications', { query: { pageSize: 5, page: 2, after: first.nextCursor! } });
    expect(next.unreadCount).toBe(first.unreadCount);
    expect(next.page).toBe(2);
  });
});

describe('directory pages', () => {
  it('walks the directory by name by cursor, unfiltered, filtered and searched, and any page by number is the same page', async () => {
    const list = { api: reader.api, path: '/api/members', maxPageSize: 60 };
    const pages = await expectConsistentPages({ ...list, pageSize: 4 });
    const names = pages.flatMap((p) => directoryPageSchema.parse(p).items.map((m) => `${m.lastName} ${m.firstName}`));
    expect(names).toEqual([...names].sort());
    await expectConsistentPages({ ...list, query: { industry: 'Keyset Industry' }, pageSize: 2 });
    await expectConsistentPages({ ...list, query: { search: 'keysetson' }, pageSize: 5 });
  });

  it('a member listed or unlisted between two pages is neither repeated nor skipped', async () => {
    let added = 0;
    await expectStableAcrossChanges(
      { api: reader.api, path: '/api/members', pageSize: 4 },
      {
        addAtFront: () => makeUser(ctx.db, { firstName: `Abe${added++}`, lastName: 'Aakeysetson', availableForNetworking: true }),
        remove: (id) => ctx.db.update(users).set({ availableForNetworking: false }).where(eq(users.id, id)),
      },
    );
  });
});
