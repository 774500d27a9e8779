import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPageSchema } from '../../common/schemas/events.ts';
import { timesheetPageSchema, type Placement } from '../../common/schemas/timesheets.ts';
import { makeEvent } from '../../server/db/factories/events.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { communityPosts, events, placements, timesheets } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges } from '../helpers/keyset.ts';

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let worker: SignedIn;
let customer: SignedIn;
let loner: SignedIn;
const sheetPlacements: Placement[] = [];

const base = new Date('2026-06-01T09:00:00Z').getTime();
const DAY = 86_400_000;
/** The Monday `weeks` after 5 January 2026. */
const monday = (weeks: number) => new Date(Date.parse('2026-01-05T00:00:00Z') + weeks * 7 * DAY).toISOString().slice(0, 10);
const now = new Date('2026-06-01T12:00:00Z');

/** A published post, `seconds` after a fixed start; several share a time, so the tie-break on id is exercised. */
const post = (seconds: number, category: 'tips' | 'news' = 'tips') =>
  ctx.db
    .insert(communityPosts)
    .values({ authorId: member.user.id, title: `Post ${seconds}`, content: 'Worth reading.', category, createdAt: new Date(base + seconds * 1000) })
    .returning();

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  member = await makeSignedIn(ctx, { firstName: 'Mo' });
  worker = await makeSignedIn(ctx, { firstName: 'Wren' });
  customer = await makeSignedIn(ctx, { firstName: 'Cass' });
  loner = await makeSignedIn(ctx, { firstName: 'Lou' });
  for (let i = 0; i < 23; i++) await post(Math.floor(i / 3), i % 2 ? 'news' : 'tips');
  // placements starting on shared dates (a tie-break on id), the first four with sheets for the same four weeks
  for (let i = 0; i < 4; i++)
    sheetPlacements.push(await makePlacement(ctx.db, { by: admin.user, contractor: worker.user, client: customer.user, startDate: monday(0), now }));
  for (let w = 0; w < 4; w++) {
    for (const [p, placement] of sheetPlacements.entries()) {
      const pending = (w + p) % 2 === 0;
      await makeTimesheet(ctx.db, {
        placement,
        contractor: worker.user,
        weekStarting: monday(4 + w),
        units: pending ? [8, 8, 8, 8, 8, 0, 0] : undefined,
        status: pending ? 'pending' : 'draft',
        now,
      });
    }
  }
  // events starting on shared days (a tie-break on id), upcoming and past
  const today = ctx.clock.now().getTime();
  for (let i = 0; i < 22; i++) {
    const start = new Date(today + (i % 2 ? 1 : -1) * (1 + Math.floor(i / 6)) * DAY);
    await makeEvent(ctx.db, { organizer: admin.user, start, now: new Date(start.getTime() - 7 * DAY) });
  }
  // another contractor's placements, without sheets, so one can be removed
  for (let i = 0; i < 11; i++) await makePlacement(ctx.db, { by: admin.user, contractor: loner.user, client: customer.user, startDate: monday(Math.floor(i / 3)), now });
});
afterAll(async () => {
  await ctx?.close();
});

describe('community feed pages', () => {
  it('walks the feed by cursor, whole and by category, and any page by number is the same page', async () => {
    await expectConsistentPages({ api: member.api, path: '/api/community-posts', pageSize: 5, maxPageSize: 50 });
    await expectConsistentPages({ api: member.api, path: '/api/community-posts', query: { category: 'news' }, pageSize: 3, maxPageSize: 50 });
    await expectConsistentPages({ api: admin.api, path: '/api/community-posts', query: { authorId: member.user.id }, pageSize: 6, maxPageSize: 50 });
  });

  it('a post published or deleted between two pages is neither repeated nor skipped', async () => {
    let later = 1000;
    await expectStableAcrossChanges(
      { api: member.api, path: '/api/community-posts', pageSize: 5 },
      { addAtFront: () => post(later++), remove: (id) => ctx.db.delete(communityPosts).where(eq(communityPosts.id, id)) },
    );
  });
});

describe('timesheet pages', () => {
  it('walks the sheets by cursor for each side and status, and any page by number is the same page', async () => {
    await expectConsistentPages({ api: worker.api, path: '/api/timesheets', query: { role: 'contractor' }, pageSize: 5 });
    await expectConsistentPages({ api: customer.api, path: '/api/timesheets', query: { role: 'client', status: 'pending' }, pageSize: 3 });
    await expectConsistentPages({ api: worker.api, path: '/api/timesheets', pageSize: 4 });
    await expectConsistentPages({ api: admin.api, path: '/api/timesheets', pageSize: 5 });
    await expectConsistentPages({ api: admin.api, path: '/api/timesheets', query: { status: 'draft' }, pageSize: 3 });
    const walked = await expectConsistentPages({ api: admin.api, path: '/api/timesheets', query: { status: 'pending' }, pageSize: 3 });
    expect(walked.flatMap((p) => timesheetPageSchema.parse(p).items.map((s) => s.weekStarting))).toEqual(
      [8, 8, 8, 8, 8, 8, 8, 8].map((_, i) => monday(7 - Math.floor(i / 2))),
    );
  });

  it('a sheet added or deleted between two pages is neither repeated nor skipped', async () => {
    let week = 8;
    await expectStableAcrossChanges(
      { api: worker.api, path: '/api/timesheets', query: { role: 'contractor' }, pageSize: 5 },
      {
        addAtFront: () => makeTimesheet(ctx.db, { placement: sheetPlacements[0], contractor: worker.user, weekStarting: monday(week++), now }),
        remove: (id) => ctx.db.delete(timesheets).where(eq(timesheets.id, id)),
      },
    );
  });
});

describe('placement pages', () => {
  it('walks the placements by cursor, all and one side, and any page by number is the same page', async () => {
    await expectConsistentPages({ api: admin.api, path: '/api/placements', pageSize: 4 });
    await expectConsistentPages({ api: customer.api, path: '/api/placements', query: { role: 'client' }, pageSize: 5 });
    await expectConsistentPages({ api: loner.api, path: '/api/placements', query: { role: 'contractor' }, pageSize: 3 });
  });

  it('a placement added or deleted between two pages is neither repeated nor skipped', async () => {
    let week = 10;
    await expectStableAcrossChanges(
      { api: loner.api, path: '/api/placements', query: { role: 'contractor' }, pageSize: 3 },
      {
        addAtFront: () => makePlacement(ctx.db, { by: admin.user, contractor: loner.user, client: customer.user, startDate: monday(week++), now }),
        remove: (id) => ctx.db.delete(placements).where(eq(placements.id, id)),
      },
    );
  });
});

describe('event pages', () => {
  it('walks the events by cursor, upcoming soonest first and past latest first, and any page by number is the same page', async () => {
    const upcoming = await expectConsistentPages({ api: member.api, path: '/api/events', pageSize: 4 });
    const starts = upcoming.flatMap((p) => eventPageSchema.parse(p).items.map((e) => e.startDate));
    expect(starts).toEqual([...starts].sort());
    const past = await expectConsistentPages({ api: member.api, path: '/api/events', query: { when: 'past' }, pageSize: 4 });
    const pastStarts = past.flatMap((p) => eventPageSchema.parse(p).items.map((e) => e.startDate));
    expect(pastStarts).toEqual([...pastStarts].sort().reverse());
  });

  it('an event added or deleted between two pages is neither repeated nor skipped', async () => {
    let minutes = 1;
    await expectStableAcrossChanges(
      { api: member.api, path: '/api/events', pageSize: 4 },
      {
        addAtFront: () =>
          makeEvent(ctx.db, { organizer: admin.user, start: new Date(ctx.clock.now().getTime() + minutes++ * 60_000), now: new Date(ctx.clock.now().getTime() - DAY) }),
        remove: (id) => ctx.db.delete(events).where(eq(events.id, id)),
      },
    );
  });
});
