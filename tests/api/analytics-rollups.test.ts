import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionAnalyticsSchema, communityAnalyticsSchema } from '../../common/schemas/analytics.ts';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';

/**
 * The community, membership and commission figures the triggers keep: after inserts, updates and deletes of every
 * kind they follow, they equal what the rebuild computes from the rows; and the weekly active members as the
 * Analytics screen reads them.
 */

let ctx: TestContext;
let admin: SignedIn;

const NOW = new Date('2026-06-15T10:00:00Z');

async function all(query: ReturnType<typeof sql>) {
  return ((await ctx.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => JSON.stringify(r)).sort();
}

/** Every kept figure, rows netting to nothing left out (a rebuild does not write them). */
async function kept() {
  return {
    community: await all(sql`select day::text, posts, connections, endorsements from analytics_community_days where (posts, connections, endorsements) <> (0, 0, 0)`),
    weeks: await all(sql`select week::text, user_id from member_active_weeks`),
    activeWeeks: await all(sql`select week::text, members from analytics_active_weeks where members <> 0`),
    commissions: await all(sql`select month::text, kind, status, commissions, pence::text from analytics_commission_months where commissions <> 0 or pence <> 0`),
    applications: await all(sql`select user_id, approved_at::text, rejected_at::text from member_applications`),
    applicationDays: await all(sql`select day::text, received, approved, rejected from analytics_application_days where (received, approved, rejected) <> (0, 0, 0)`),
    partnerYears: await all(sql`select year, partner_id, won, won_pence::text from analytics_partner_years where won <> 0 or won_pence <> 0`),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = NOW;
  admin = await makeSignedIn(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx.close();
});

describe('the kept figures', () => {
  it('equal a rebuild from the rows after inserts, updates and deletes', async () => {
    const [a, b, c] = [await makeUser(ctx.db), await makeUser(ctx.db), await makeUser(ctx.db, { accountStatus: 'pending' })];
    // posts: three written, one deleted
    await makePost(ctx.db, { author: a, now: new Date('2026-06-01T10:00:00Z') });
    await makePost(ctx.db, { author: b, now: new Date('2026-06-01T23:30:00Z') });
    const gone = await makePost(ctx.db, { author: b, now: new Date('2026-06-03T10:00:00Z') });
    await ctx.db.execute(sql`delete from community_posts where id = ${gone.id}`);
    // connections: one accepted, one asked then accepted, one accepted then removed, one left pending
    await makeConnection(ctx.db, { from: a, to: b, status: 'accepted', now: new Date('2026-06-02T10:00:00Z') });
    const later = await makeConnection(ctx.db, { from: admin.user, to: a, now: new Date('2026-06-04T10:00:00Z') });
    await ctx.db.execute(sql`update member_connections set status = 'accepted' where id = ${later.id}`);
    const removed = await makeConnection(ctx.db, { from: admin.user, to: b, status: 'accepted', now: new Date('2026-06-05T10:00:00Z') });
    await ctx.db.execute(sql`delete from member_connections where id = ${removed.id}`);
    await makeConnection(ctx.db, { from: b, to: admin.user, now: new Date('2026-06-06T10:00:00Z') });
    // endorsements: two given, one withdrawn
    await ctx.db.execute(sql`insert into skill_endorsements (endorser_id, endorsee_id, skill_name, created_at)
      values (${a.id}, ${b.id}, 'Strategy', '2026-06-02T10:00:00Z'), (${b.id}, ${a.id}, 'Finance', '2026-06-02T11:00:00Z')`);
    await ctx.db.execute(sql`delete from skill_endorsements where endorser_id = ${b.id}`);
    // active days: a member's first day of a week adds the week; deleting its last day removes it
    await ctx.db.execute(sql`insert into member_active_days (day, user_id) values
      ('2026-06-01', ${a.id}), ('2026-06-02', ${a.id}), ('2026-06-08', ${a.id}), ('2026-06-01', ${b.id}), ('2026-06-09', ${b.id})`);
    await ctx.db.execute(sql`delete from member_active_days where user_id = ${a.id} and day = '2026-06-01'`);
    await ctx.db.execute(sql`delete from member_active_days where user_id = ${b.id} and day = '2026-06-09'`);
    // commissions: two deals, one cancelled then deleted, the other paid and corrected
    const first = await makeCommission(ctx.db, { partner: a, by: admin.user, closedAt: new Date('2026-05-10T10:00:00Z'), estimatedValue: '12345.67' });
    const second = await makeCommission(ctx.db, { partner: b, by: admin.user, closedAt: new Date('2026-05-20T10:00:00Z'), estimatedValue: '5000' });
    await ctx.db.execute(sql`update commissions set status = 'cancelled' where id = ${first.commission.id}`);
    await ctx.db.execute(sql`update commissions set status = 'paid' where id = ${second.commission.id}`);
    await ctx.db.execute(sql`update commissions set amount = amount + 0.01 where id = ${second.commission.id}`);
    await ctx.db.execute(sql`delete from commissions where id = ${first.commission.id}`);
    // a won deal reopened: its year's figures go back down
    const reopened = await makeCommission(ctx.db, { partner: b, by: admin.user, closedAt: new Date('2025-12-30T10:00:00Z'), estimatedValue: '8000' });
    await ctx.db.execute(sql`update leads set status = 'in-progress' where id = ${reopened.lead.id}`);
    // an application decided after it was written
    await ctx.db.execute(sql`update users set account_status = 'approved', approved_at = '2026-06-10T10:00:00Z' where id = ${c.id}`);

    const before = await kept();
    expect(before.community.length).toBeGreaterThan(0);
    expect(before.weeks.length).toBeGreaterThan(0);
    expect(before.commissions.length).toBeGreaterThan(0);
    expect(before.applications.some((r) => r.includes(c.id) && r.includes('2026-06-10'))).toBe(true);
    expect(before.partnerYears.length).toBeGreaterThan(0);
    expect(before.applicationDays.some((r) => r.includes('2026-06-10'))).toBe(true);
    await ctx.db.execute(sql`select analytics_people_rebuild()`);
    await ctx.db.execute(sql`select analytics_partner_years_rebuild()`);
    await ctx.db.execute(sql`select analytics_application_days_rebuild()`);
    expect(await kept()).toEqual(before);
  });
});

describe('the figures as read', () => {
  it('counts a week cut by the period once per member over its days inside it, and averages the whole weeks', async () => {
    const [x, y, z] = [await makeUser(ctx.db), await makeUser(ctx.db), await makeUser(ctx.db)];
    // the week of 6 July: x on Monday and Wednesday, y on Wednesday, z on Sunday; the week of 13 July: x and y
    await ctx.db.execute(sql`insert into member_active_days (day, user_id) values
      ('2026-07-06', ${x.id}), ('2026-07-08', ${x.id}), ('2026-07-08', ${y.id}), ('2026-07-12', ${z.id}),
      ('2026-07-13', ${x.id}), ('2026-07-14', ${y.id})`);
    const read = (from: string, to: string) => admin.api.getOk(communityAnalyticsSchema, '/api/analytics/community', { query: { from, to } });
    const cut = await read('2026-07-07', '2026-07-19');
    // from Tuesday: x (Wednesday), y; z on Sunday too
    expect(cut.weeks.map((w) => [w.week, w.activeMembers])).toEqual([
      ['2026-07-06', 3],
      ['2026-07-13', 2],
    ]);
    expect(cut.totals.weeklyActiveMembers).toBe(2);
    const ends = await read('2026-07-06', '2026-07-11');
    // no whole week: the members active in the six days, each once
    expect(ends.weeks.map((w) => w.activeMembers)).toEqual([2]);
    expect(ends.totals.weeklyActiveMembers).toBe(2);
    const both = await read('2026-07-06', '2026-07-19');
    expect(both.weeks.map((w) => w.activeMembers)).toEqual([3, 2]);
    // (3 + 2) / 2, rounded
    expect(both.totals.weeklyActiveMembers).toBe(3);
  });

  it('earns and owes commission as the kept months say, cancelled left out', async () => {
    const p = await makeUser(ctx.db);
    const { commission } = await makeCommission(ctx.db, { partner: p, by: admin.user, closedAt: new Date('2026-08-10T10:00:00Z'), estimatedValue: '10000' });
    const read = () => admin.api.getOk(commissionAnalyticsSchema, '/api/analytics/commissions', { query: { from: '2026-08-01', to: '2026-08-31' } });
    const open = await read();
    expect(open.totals.closedWon).toBe(commission.amount);
    expect(open.liability.pending.find((m) => m.month === '2026-08-01')).toEqual({ month: '2026-08-01', amount: commission.amount, count: 1 });
    await ctx.db.execute(sql`update commissions set status = 'cancelled' where id = ${commission.id}`);
    const cancelled = await read();
    expect(cancelled.totals.closedWon).toBe('0.00');
    expect(cancelled.liability.pending.find((m) => m.month === '2026-08-01')).toBeUndefined();
  });
});
