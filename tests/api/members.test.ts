import { eq } from 'drizzle-orm';
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
