import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../common/constants/notifications.ts';
import { directoryPageSchema } from '../../common/schemas/community.ts';
import { notificationPageSchema } from '../../common/schemas/notifications.ts';
import { makeGroupChannel } from '../../server/db/factories/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { chatChannels, memberConnections, notifications, users } from '../../server/db/schema/index.ts';
import type { MadeUser } from '../../server/db/factories/members.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges } from '../helpers/keyset.ts';

let ctx: TestContext;
let reader: SignedIn;
const listed: MadeUser[] = [];

const base = new Date('2026-06-01T09:00:00Z').getTime();
const [kindA, kindB] = NOTIFICATION_KINDS;

/** A notification for the reader, `seconds` after a fixed start; several share a time, so the tie-break on id is exercised. */
const tell = (seconds: number, o: { type?: string; isRead?: boolean } = {}) =>
  ctx.db
    .insert(notifications)
    .values({
      userId: reader.user.id,
      title: `At ${seconds}`,
      message: 'Something happened.',
      type: o.type ?? kindA,
      isRead: o.isRead ?? false,
      createdAt: new Date(base + seconds * 1000),
    })
    .returning();

beforeAll(async () => {
  ctx = await createTestApp();
  reader = await makeSignedIn(ctx, { firstName: 'Rhea', lastName: 'Reader' });
  for (let i = 0; i < 26; i++) await tell(Math.floor(i / 3), { type: i % 2 ? kindB : kindA, isRead: i % 4 === 0 });
  // listed members, several with the same name, so the directory's tie-break on id is exercised
  for (let i = 0; i < 17; i++) {
    listed.push(
      await makeUser(ctx.db, { firstName: `Kim${Math.floor(i / 4)}`, lastName: 'Keysetson', industries: i % 2 ? ['Keyset Industry'] : [], availableForNetworking: true }),
    );
  }
  // public groups someone else made, several at the same moment, and one the reader belongs to
  for (let i = 0; i < 11; i++) await makeGroupChannel(ctx.db, { owner: listed[0], name: `Group ${i}`, now: new Date(base + Math.floor(i / 3) * 1000) });
  await makeGroupChannel(ctx.db, { owner: reader.user, name: 'Mine', now: new Date(base + 500_000) });
  // requests sent and received, several at the same moment
  for (const [i, other] of listed.slice(0, 14).entries()) {
    const now = new Date(base + Math.floor(i / 3) * 1000);
    await (i % 2 ? makeConnection(ctx.db, { from: other, to: reader.user, status: 'accepted', now }) : makeConnection(ctx.db, { from: reader.user, to: other, now }));
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

describe('connection pages', () => {
  it('walks the connections by cursor, all, one direction and one status, and any page by number is the same page', async () => {
    const list = { api: reader.api, path: '/api/member-connections' };
    await expectConsistentPages({ ...list, pageSize: 4 });
    await expectConsistentPages({ ...list, query: { direction: 'incoming' }, pageSize: 2 });
    await expectConsistentPages({ ...list, query: { status: 'pending', direction: 'outgoing' }, pageSize: 3 });
  });

  it('a request arriving or withdrawn between two pages is neither repeated nor skipped', async () => {
    let later = 1000;
    await expectStableAcrossChanges(
      { api: reader.api, path: '/api/member-connections', pageSize: 4 },
      {
        addAtFront: async () => makeConnection(ctx.db, { from: await makeUser(ctx.db), to: reader.user, now: new Date(base + later++ * 1000) }),
        remove: (id) => ctx.db.delete(memberConnections).where(eq(memberConnections.id, id)),
      },
    );
  });
});

describe('chat groups to discover', () => {
  it('walks the public groups not joined by cursor, and any page by number is the same page', async () => {
    const pages = await expectConsistentPages({ api: reader.api, path: '/api/chat/channels', query: { scope: 'discover' }, pageSize: 4 });
    expect(pages.flatMap((p) => p.items.map((c) => c.name))).not.toContain('Mine');
  });

  it('a group made or made private between two pages is neither repeated nor skipped', async () => {
    let later = 1000;
    await expectStableAcrossChanges(
      { api: reader.api, path: '/api/chat/channels', query: { scope: 'discover' }, pageSize: 4 },
      {
        addAtFront: () => makeGroupChannel(ctx.db, { owner: listed[1], name: `Newer ${later}`, now: new Date(base + later++ * 1000) }),
        remove: (id) => ctx.db.update(chatChannels).set({ isPrivate: true }).where(eq(chatChannels.id, id)),
      },
    );
  });
});
