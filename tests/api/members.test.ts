import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreMember } from '../../common/rules/recommendations.ts';
import { memberConnections, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let viewer: Awaited<ReturnType<typeof makeSignedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  viewer = await makeSignedIn(ctx, { firstName: 'Vera' });
  await ctx.db
    .update(users)
    .set({ industries: ['Energy', 'Technology'], expertise: ['Consulting'], location: 'London, UK', yearsExperience: 20 })
    .where(eq(users.id, viewer.user.id));
});
afterAll(async () => {
  await ctx?.close();
});

async function member(fields: Partial<typeof users.$inferInsert>, o: Parameters<typeof makeUser>[1] = {}) {
  const u = await makeUser(ctx.db, o);
  await ctx.db.update(users).set({ company: null, jobTitle: null, location: null, bio: null, ...fields }).where(eq(users.id, u.id));
  return u;
}

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
    for (const f of pool) await member(f as Partial<typeof users.$inferInsert>);
    await member({ industries: ['Energy', 'Technology'] }, { role: 'master-admin' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/members/recommendations', headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(200);
    const recs = res.json();
    const [me] = await ctx.db.select().from(users).where(eq(users.id, viewer.user.id));
    const everyone = await ctx.db.select().from(users);
    const expected = everyone
      .filter((u) => u.id !== me.id)
      .map((u) => ({ id: u.id, ...scoreMember(me, u) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 8);
    expect(recs).toHaveLength(8);
    expect(recs.map((r: { score: number }) => r.score)).toEqual(expected.map((r) => r.score));
    expect(recs[0].reasons.length).toBeLessThanOrEqual(3);
    expect(recs.every((r: { reasons: string[] }) => r.reasons.length >= 1 && r.reasons.length <= 3)).toBe(true);
    expect(recs[0]).not.toHaveProperty('email');
    expect(recs[0]).not.toHaveProperty('phoneNumber');
  });

  it('leaves out people with a pending or accepted connection, and inactive, pending or hidden members', async () => {
    const connected = await member({ industries: ['Energy', 'Technology'], expertise: ['Consulting'], location: 'London, UK', yearsExperience: 20, membershipTier: 'cp-plus', jobTitle: 'CEO' });
    const hidden = await member({ industries: ['Energy', 'Technology', 'Retail'], availableForNetworking: false });
    const inactive = await member({ industries: ['Energy', 'Technology', 'Retail'] }, { isActive: false });
    const pending = await member({ industries: ['Energy', 'Technology', 'Retail'] }, { accountStatus: 'pending' });
    // recommendations are reused for ten minutes; new members show up after that
    const cached = (await ctx.app.inject({ method: 'GET', url: '/api/members/recommendations', headers: { cookie: viewer.cookie } })).json();
    expect(cached.map((r: { id: string }) => r.id)).not.toContain(connected.id);
    ctx.clock.advance(10 * 60_000 + 1);
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/members/recommendations', headers: { cookie: viewer.cookie } })).json();
    expect(before[0].id).toBe(connected.id);
    const req = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: viewer.cookie }, payload: { receiverId: connected.id, message: 'Hello' } });
    expect(req.statusCode).toBe(201);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/members/recommendations', headers: { cookie: viewer.cookie } })).json();
    const ids = after.map((r: { id: string }) => r.id);
    for (const u of [connected, hidden, inactive, pending, viewer.user]) expect(ids).not.toContain(u.id);
  });
});

describe('GET /api/members', () => {
  it('answers one page at a time with search and filters, never other members’ e-mail or phone', async () => {
    await member({ firstName: 'Zelda', lastName: 'Quartz', company: 'Hyrule Holdings', industries: ['Housing'], expertise: ['Risk Management'] });
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/members?pageSize=5', headers: { cookie: viewer.cookie } })).json();
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items[0]).not.toHaveProperty('email');
    const byName = (await ctx.app.inject({ method: 'GET', url: '/api/members?search=zelda%20q', headers: { cookie: viewer.cookie } })).json();
    expect(byName.items.map((m: { lastName: string }) => m.lastName)).toEqual(['Quartz']);
    const byIndustry = (await ctx.app.inject({ method: 'GET', url: '/api/members?industry=Housing&expertise=Risk%20Management', headers: { cookie: viewer.cookie } })).json();
    expect(byIndustry.items.map((m: { company: string }) => m.company)).toEqual(['Hyrule Holdings']);
  });
});

describe('member connections', () => {
  it('refuses a second request while one is pending (either way), lets only the receiver accept, and lists both sides', async () => {
    const a = await makeSignedIn(ctx, { firstName: 'Ann' });
    const b = await makeSignedIn(ctx, { firstName: 'Ben' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: a.cookie }, payload: { requesteeId: b.user.id, message: 'Hi Ben' } });
    expect(first.statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: a.cookie }, payload: { receiverId: b.user.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A connection request between you and this member is already pending.');
    const reverse = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: b.cookie }, payload: { receiverId: a.user.id } });
    expect(reverse.statusCode).toBe(409);
    const self = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: a.cookie }, payload: { receiverId: a.user.id } });
    expect(self.statusCode).toBe(400);
    const id = first.json().id;
    const bySender = await ctx.app.inject({ method: 'PATCH', url: `/api/member-connections/${id}`, headers: { cookie: a.cookie }, payload: { status: 'accepted' } });
    expect(bySender.statusCode).toBe(403);
    const stranger = await makeSignedIn(ctx);
    const byStranger = await ctx.app.inject({ method: 'PATCH', url: `/api/member-connections/${id}`, headers: { cookie: stranger.cookie }, payload: { status: 'accepted' } });
    expect(byStranger.statusCode).toBe(404);
    const accept = await ctx.app.inject({ method: 'PATCH', url: `/api/member-connections/${id}`, headers: { cookie: b.cookie }, payload: { status: 'accepted' } });
    expect(accept.statusCode).toBe(200);
    const listA = (await ctx.app.inject({ method: 'GET', url: '/api/member-connections', headers: { cookie: a.cookie } })).json();
    expect(listA).toEqual([expect.objectContaining({ senderId: a.user.id, receiverId: b.user.id, status: 'accepted', message: 'Hi Ben' })]);
    const listB = (await ctx.app.inject({ method: 'GET', url: '/api/member-connections', headers: { cookie: b.cookie } })).json();
    expect(listB[0].otherMember.firstName).toBe('Ann');
    const connectedAgain = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: b.cookie }, payload: { receiverId: a.user.id } });
    expect(connectedAgain.json().error.message).toBe('You are already connected with this member.');
  });

  it('lets a declined pair ask again later', async () => {
    const a = await makeSignedIn(ctx);
    const b = await makeSignedIn(ctx);
    const first = (await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: a.cookie }, payload: { receiverId: b.user.id } })).json();
    await ctx.app.inject({ method: 'PATCH', url: `/api/member-connections/${first.id}`, headers: { cookie: b.cookie }, payload: { status: 'declined' } });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/member-connections', headers: { cookie: a.cookie }, payload: { receiverId: b.user.id } });
    expect(second.statusCode).toBe(201);
    expect(await ctx.db.select().from(memberConnections).where(eq(memberConnections.requesterUserId, a.user.id))).toHaveLength(2);
  });
});

describe('onboarding', () => {
  it('remembers on the server that the tour was completed', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie: viewer.cookie } })).json();
    expect(before.hasCompletedWizard).toBe(false);
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/onboarding', headers: { cookie: viewer.cookie }, payload: { hasCompletedWizard: true, currentWizardStep: 4 } });
    expect(put.statusCode).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie: viewer.cookie } })).json();
    expect(after).toMatchObject({ hasCompletedWizard: true, currentWizardStep: 4 });
    expect(after.wizardCompletedAt).not.toBeNull();
  });
});
