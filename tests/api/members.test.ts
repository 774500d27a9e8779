import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_RULES } from '../../common/rules/points.ts';
import { scoreMember } from '../../common/rules/recommendations.ts';
import { connectionPageSchema, memberPageSchema, recommendationPageSchema } from '../../common/schemas/member.ts';
import { onboardingSchema } from '../../common/schemas/onboarding.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { memberConnections, pointTransactions, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, reloadUser, type MakeUserOptions, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let viewer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  viewer = await makeSignedIn(ctx, { firstName: 'Vera', industries: ['Energy', 'Technology'], expertise: ['Consulting'], location: 'London, UK', yearsExperience: 20 });
});
afterAll(async () => {
  await ctx?.close();
});

/** The scores of the best eight by the scoring rules over every member the viewer could be shown. */
async function expectedScores(viewerId: string) {
  const [me] = await ctx.db.select().from(users).where(eq(users.id, viewerId));
  const everyone = await ctx.db.select().from(users);
  return everyone
    .filter((u) => u.id !== me.id && u.accountStatus === 'approved' && u.isActive && !u.removedAt && u.availableForNetworking)
    .map((u) => scoreMember(me, u).score)
    .filter((score) => score > 0)
    .sort((a, b) => b - a)
    .slice(0, 8);
}

/** A listed member with only the profile fields given (no company, title, location or bio otherwise). */
const member = (fields: MakeUserOptions, o: MakeUserOptions = {}) => makeUser(ctx.db, { company: null, jobTitle: null, location: null, bio: null, ...fields, ...o });

describe('GET /api/members/recommendations', () => {
  it('ranks in the database exactly as the scoring rules say, top eight, with up to three reasons', async () => {
    const pool = [
      { industries: ['Energy', 'Technology'], expertise: ['Consulting'], location: 'London' },
      { industries: ['Energy'], jobTitle: 'Founder & CEO' },
      { expertise: ['Consulting'], yearsExperience: 24, membershipTier: 'cp-plus' },
      { location: 'london, uk', bio: 'x'.repeat(80), company: 'Acme' },
      { yearsExperience: 16 },
      { membershipTier: 'cp-plus' },
      { industries: ['Technology'], location: 'Leeds, UK' },
      { jobTitle: 'Procurement Officer', bio: 'short', company: 'Acme' },
      { location: 'Paris, France', yearsExperience: 40 },
      { industries: ['Retail'] },
      { expertise: ['Consulting'], location: 'London, UK', yearsExperience: 18 },
    ];
    for (const f of pool) await member(f);
    await member({ industries: ['Energy', 'Technology'] }, { role: 'master-admin' });
    const recs = (await viewer.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    const [me] = await ctx.db.select().from(users).where(eq(users.id, viewer.user.id));
    const everyone = await ctx.db.select().from(users);
    const expected = everyone
      .filter((u) => u.id !== me.id)
      .map((u) => ({ id: u.id, ...scoreMember(me, u) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 8);
    expect(recs).toHaveLength(8);
    expect(recs.map((r) => r.score)).toEqual(expected.map((r) => r.score));
    expect(recs[0].reasons.length).toBeLessThanOrEqual(3);
    expect(recs.every((r) => r.reasons.length >= 1 && r.reasons.length <= 3)).toBe(true);
    expect(recs[0]).not.toHaveProperty('email');
    expect(recs[0]).not.toHaveProperty('phoneNumber');
  });

  it('leaves out people with a pending or accepted connection, and inactive, pending or hidden members', async () => {
    const connected = await member({
      industries: ['Energy', 'Technology'],
      expertise: ['Consulting'],
      location: 'London, UK',
      yearsExperience: 20,
      membershipTier: 'cp-plus',
      jobTitle: 'CEO',
    });
    const hidden = await member({ industries: ['Energy', 'Technology', 'Retail'], availableForNetworking: false });
    const inactive = await member({ industries: ['Energy', 'Technology', 'Retail'] }, { isActive: false });
    const pending = await member({ industries: ['Energy', 'Technology', 'Retail'] }, { accountStatus: 'pending' });
    // recommendations are reused for ten minutes; new members show up after that
    const cached = (await viewer.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    expect(cached.map((r) => r.id)).not.toContain(connected.id);
    ctx.clock.advance(10 * 60_000 + 1);
    const before = (await viewer.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    expect(before[0].id).toBe(connected.id);
    const req = await viewer.api.post('/api/member-connections', { body: { receiverId: connected.id, message: 'Hello' } });
    expect(req.statusCode).toBe(201);
    const after = (await viewer.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    const ids = after.map((r) => r.id);
    for (const u of [connected, hidden, inactive, pending, viewer.user]) expect(ids).not.toContain(u.id);
  });

  it('finds the best eight among the members sharing most with the viewer, reaching further while someone further could score higher', async () => {
    const me = await makeSignedIn(ctx, { industries: ['Tier Alpha', 'Tier Beta'], expertise: ['Tier Gamma'], location: 'York, UK', yearsExperience: 10 });
    const full = { location: 'York', yearsExperience: 12, membershipTier: 'cp-plus', jobTitle: 'Founder', bio: 'y'.repeat(60), company: 'Acme' };
    // eight sharing all three values and nothing else (110 each) ...
    for (let i = 0; i < 8; i++) await member({ industries: ['Tier Alpha', 'Tier Beta', 'Retail'], expertise: ['Tier Gamma'] });
    // ... are beaten by members sharing two with everything else (80 + 75 = 155) and one with everything else (40 + 75 = 115)
    const two = [];
    for (let i = 0; i < 3; i++) two.push(await member({ industries: ['Tier Alpha', 'Tier Beta'], ...full }));
    const one = [];
    for (let i = 0; i < 2; i++) one.push(await member({ industries: ['Tier Beta'], ...full }));
    // sharing nothing scores at most 75 and stays out
    await member({ industries: ['Retail'], ...full });
    const recs = (await me.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    expect(recs.map((r) => r.score)).toEqual(await expectedScores(me.user.id));
    expect(recs.map((r) => r.score)).toEqual([155, 155, 155, 115, 115, 110, 110, 110]);
    expect(recs.slice(0, 5).map((r) => r.id)).toEqual(expect.arrayContaining([...two, ...one].map((u) => u.id)));

    // when the closest members already score above anyone further out could, they are the answer
    const top = await makeSignedIn(ctx, { industries: ['Tier Delta', 'Tier Epsilon'], expertise: ['Tier Zeta'], location: 'Hull, UK', yearsExperience: 30 });
    const best = { location: 'Hull', yearsExperience: 31, jobTitle: 'CEO' };
    for (let i = 0; i < 8; i++) await member({ industries: ['Tier Delta', 'Tier Epsilon'], expertise: ['Tier Zeta'], ...best });
    await member({ industries: ['Tier Delta', 'Tier Epsilon'], ...best, membershipTier: 'cp-plus', bio: 'z'.repeat(60), company: 'Acme' });
    const closest = (await top.api.getOk(recommendationPageSchema, '/api/members/recommendations')).items;
    expect(closest.map((r) => r.score)).toEqual(await expectedScores(top.user.id));
    expect(closest.map((r) => r.score)).toEqual(Array(8).fill(170));
  });

  it('computes a cold or expired cache once for twenty requests at the same time, and all get that answer', async () => {
    const me = await makeSignedIn(ctx, { industries: ['Energy'], expertise: ['Consulting'], location: 'Leeds, UK', yearsExperience: 12 });
    for (let i = 0; i < 3; i++) await member({ industries: ['Energy'], expertise: ['Consulting'] });
    // every write of a member's cached recommendations is counted by a trigger on the cache table
    await ctx.db.execute(sql`create table recommendation_fills (user_id uuid not null)`);
    await ctx.db.execute(
      sql.raw(`create function count_recommendation_fill() returns trigger language plpgsql as $$
        begin insert into recommendation_fills (user_id) values (new.user_id); return new; end $$`),
    );
    await ctx.db.execute(
      sql`create trigger recommendation_fill_count after insert or update on recommendation_cache for each row execute function count_recommendation_fill()`,
    );
    const fills = async () =>
      ((await ctx.db.execute(sql`select count(*)::int as n from recommendation_fills where user_id = ${me.user.id}`)) as unknown as { rows: Array<{ n: number }> })
        .rows[0].n;
    const twenty = () => Promise.all(Array.from({ length: 20 }, () => me.api.getOk(recommendationPageSchema, '/api/members/recommendations')));

    const cold = await twenty();
    expect(await fills()).toBe(1);
    expect(cold[0].items.length).toBeGreaterThanOrEqual(3);
    for (const answer of cold) expect(answer.items).toEqual(cold[0].items);

    ctx.clock.advance(10 * 60_000 + 1);
    const expired = await twenty();
    expect(await fills()).toBe(2);
    for (const answer of expired) expect(answer.items).toEqual(cold[0].items);
  });
});

describe('GET /api/members', () => {
  it('answers one page at a time with search and filters, never other members’ e-mail or phone', async () => {
    await member({ firstName: 'Zelda', lastName: 'Quartz', company: 'Hyrule Holdings', industries: ['Housing'], expertise: ['Risk Management'] });
    const page = await viewer.api.getOk(memberPageSchema, '/api/members', { query: { pageSize: 5 } });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items[0]).not.toHaveProperty('email');
    const byName = await viewer.api.getOk(memberPageSchema, '/api/members', { query: { search: 'zelda q' } });
    expect(byName.items.map((m) => m.lastName)).toEqual(['Quartz']);
    const byIndustry = await viewer.api.getOk(memberPageSchema, '/api/members', { query: { industry: 'Housing', expertise: 'Risk Management' } });
    expect(byIndustry.items.map((m) => m.company)).toEqual(['Hyrule Holdings']);
  });
});

describe('member connections', () => {
  it('refuses a second request while one is pending (either way), lets only the receiver accept, and lists both sides', async () => {
    const a = await makeSignedIn(ctx, { firstName: 'Ann' });
    const b = await makeSignedIn(ctx, { firstName: 'Ben' });
    const first = await a.api.post('/api/member-connections', { body: { requesteeId: b.user.id, message: 'Hi Ben' } });
    expect(first.statusCode).toBe(201);
    const again = await a.api.post('/api/member-connections', { body: { receiverId: b.user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A connection request between you and this member is already pending.');
    const reverse = await b.api.post('/api/member-connections', { body: { receiverId: a.user.id } });
    expect(reverse.statusCode).toBe(409);
    const self = await a.api.post('/api/member-connections', { body: { receiverId: a.user.id } });
    expect(self.statusCode).toBe(400);
    const id = first.json().id;
    const bySender = await a.api.patch(`/api/member-connections/${id}`, { body: { status: 'accepted' } });
    expect(bySender.statusCode).toBe(403);
    const stranger = await makeSignedIn(ctx);
    const byStranger = await stranger.api.patch(`/api/member-connections/${id}`, { body: { status: 'accepted' } });
    expect(byStranger.statusCode).toBe(404);
    const accept = await b.api.patch(`/api/member-connections/${id}`, { body: { status: 'accepted' } });
    expect(accept.statusCode).toBe(200);
    const listA = (await a.api.getOk(connectionPageSchema, '/api/member-connections')).items;
    expect(listA).toEqual([expect.objectContaining({ senderId: a.user.id, receiverId: b.user.id, status: 'accepted', message: 'Hi Ben' })]);
    const listB = (await b.api.getOk(connectionPageSchema, '/api/member-connections')).items;
    expect(listB[0].otherMember.firstName).toBe('Ann');
    const connectedAgain = await b.api.post('/api/member-connections', { body: { receiverId: a.user.id } });
    expect(connectedAgain.json().error.message).toBe('You are already connected with this member.');
  });

  it('lets a declined pair ask again later', async () => {
    const a = await makeSignedIn(ctx);
    const b = await makeUser(ctx.db);
    const first = await makeConnection(ctx.db, { from: a.user, to: b, status: 'declined', now: ctx.clock.now() });
    expect(first.status).toBe('declined');
    const second = await a.api.post('/api/member-connections', { body: { receiverId: b.id } });
    expect(second.statusCode).toBe(201);
    expect(await ctx.db.select().from(memberConnections).where(eq(memberConnections.requesterUserId, a.user.id))).toHaveLength(2);
  });
});

describe('withdrawing and removing connections', () => {
  const points = async (id: string) => (await reloadUser(ctx.db, id)).totalPoints;

  it('the sender withdraws a pending request; the receiver answers it instead (403), a stranger gets 404', async () => {
    const a = await makeSignedIn(ctx);
    const b = await makeSignedIn(ctx);
    const stranger = await makeSignedIn(ctx);
    const req = await makeConnection(ctx.db, { from: a.user, to: b.user, now: ctx.clock.now() });
    const outgoing = (await a.api.getOk(connectionPageSchema, '/api/member-connections', { query: { status: 'pending', direction: 'outgoing' } })).items;
    expect(outgoing.map((c) => [c.id, c.can])).toEqual([[req.id, { respond: false, withdraw: true, remove: false }]]);
    const incoming = (await b.api.getOk(connectionPageSchema, '/api/member-connections', { query: { status: 'pending', direction: 'incoming' } })).items;
    expect(incoming.map((c) => [c.id, c.can])).toEqual([[req.id, { respond: true, withdraw: false, remove: false }]]);
    expectError(await stranger.api.delete(`/api/member-connections/${req.id}`), 404, 'not_found');
    expectError(await b.api.delete(`/api/member-connections/${req.id}`), 403, 'forbidden');
    expectError(await client(ctx.app).delete(`/api/member-connections/${req.id}`), 401, 'unauthorized');
    const withdrawn = await a.api.delete(`/api/member-connections/${req.id}`);
    expect(withdrawn.statusCode).toBe(204);
    expect(withdrawn.body).toBe('');
    expect(await ctx.db.select().from(memberConnections).where(eq(memberConnections.id, req.id))).toEqual([]);
    expect((await b.api.getOk(connectionPageSchema, '/api/member-connections')).items).toEqual([]);
    expectError(await a.api.delete(`/api/member-connections/${req.id}`), 404, 'not_found');
    // withdrawn, the pair may ask again
    expect((await a.api.post('/api/member-connections', { body: { receiverId: b.user.id } })).statusCode).toBe(201);
  });

  it('either member removes an accepted connection, taking back both members’ connection points; a stranger cannot', async () => {
    const a = await makeSignedIn(ctx);
    const b = await makeSignedIn(ctx);
    const stranger = await makeSignedIn(ctx);
    const [aBefore, bBefore] = [await points(a.user.id), await points(b.user.id)];
    const conn = await makeConnection(ctx.db, { from: a.user, to: b.user, status: 'accepted', now: ctx.clock.now() });
    expect(await points(a.user.id)).toBe(aBefore + POINT_RULES.connection_accepted.points);
    expect(await points(b.user.id)).toBe(bBefore + POINT_RULES.connection_accepted.points);
    const mine = (await a.api.getOk(connectionPageSchema, '/api/member-connections', { query: { status: 'accepted' } })).items;
    expect(mine.map((c) => [c.id, c.can])).toEqual([[conn.id, { respond: false, withdraw: false, remove: true }]]);
    expectError(await stranger.api.delete(`/api/member-connections/${conn.id}`), 404, 'not_found');
    expect(await points(a.user.id)).toBe(aBefore + POINT_RULES.connection_accepted.points);
    expect((await b.api.delete(`/api/member-connections/${conn.id}`)).statusCode).toBe(204);
    expect(await points(a.user.id)).toBe(aBefore);
    expect(await points(b.user.id)).toBe(bBefore);
    const reversals = await ctx.db.select().from(pointTransactions).where(eq(pointTransactions.referenceId, conn.id));
    expect(reversals.filter((t) => t.activityType === 'connection_accepted_reversed').map((t) => t.points)).toEqual([-5, -5]);
    expect((await a.api.getOk(connectionPageSchema, '/api/member-connections')).items).toEqual([]);
    expectError(await a.api.delete(`/api/member-connections/${conn.id}`), 404, 'not_found');
  });

  it('a declined request cannot be removed (404)', async () => {
    const a = await makeSignedIn(ctx);
    const b = await makeUser(ctx.db);
    const declined = await makeConnection(ctx.db, { from: a.user, to: b, status: 'declined', now: ctx.clock.now() });
    expectError(await a.api.delete(`/api/member-connections/${declined.id}`), 404, 'not_found');
  });
});

describe('onboarding', () => {
  it('remembers on the server that the tour was completed', async () => {
    const before = await viewer.api.getOk(onboardingSchema, '/api/onboarding');
    expect(before.hasCompletedWizard).toBe(false);
    const put = await viewer.api.put('/api/onboarding', { body: { hasCompletedWizard: true, currentWizardStep: 4 } });
    expect(put.statusCode).toBe(200);
    const after = await viewer.api.getOk(onboardingSchema, '/api/onboarding');
    expect(after).toMatchObject({ hasCompletedWizard: true, currentWizardStep: 4 });
    expect(after.wizardCompletedAt).not.toBeNull();
  });
});
