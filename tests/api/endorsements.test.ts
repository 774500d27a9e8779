import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_RULES } from '../../common/rules/points.ts';
import { endorsementCheckSchema, endorsementSchema, skillEndorsementsSchema, userEndorsementsSchema } from '../../common/schemas/community.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { notifications, pointTransactions, skillEndorsements } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, reloadUser, type MakeUserOptions, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let me: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  me = await makeSignedIn(ctx, { firstName: 'Edna', lastName: 'Endorser', expertise: ['Negotiation'] });
});
afterAll(async () => {
  await ctx?.close();
});

const member = (o: MakeUserOptions = {}) => makeUser(ctx.db, { expertise: ['Strategy', 'Finance', 'Mergers & Acquisitions'], ...o });
const endorse = (who: SignedIn, body: Record<string, unknown>) => who.api.post('/api/skill-endorsements', { body });
const pointsFor = async (userId: string, activityType: string, referenceId: string) =>
  (
    await ctx.db
      .select({ points: pointTransactions.points })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.activityType, activityType), eq(pointTransactions.referenceId, referenceId)))
  ).map((t) => t.points);

describe('POST /api/skill-endorsements', () => {
  it('endorses a listed skill: both members earn their points in the same act, the endorsee is notified', async () => {
    const target = await member();
    const before = (await reloadUser(ctx.db, me.user.id)).totalPoints;
    const e = await me.api.create(endorsementSchema, '/api/skill-endorsements', { body: { endorseeId: target.id, skillName: 'strategy', message: '  Sharp thinker  ' } });
    // stored with the member's own spelling of the skill
    expect(e).toMatchObject({ endorseeId: target.id, endorserId: me.user.id, skillName: 'Strategy', message: 'Sharp thinker', can: { remove: true } });
    expect(e.endorser).toEqual({ firstName: 'Edna', lastName: 'Endorser', profilePicture: null });
    expect((await reloadUser(ctx.db, me.user.id)).totalPoints).toBe(before + POINT_RULES.endorsement_given.points);
    expect(await pointsFor(me.user.id, 'endorsement_given', e.id)).toEqual([POINT_RULES.endorsement_given.points]);
    expect(await pointsFor(target.id, 'endorsement_received', e.id)).toEqual([POINT_RULES.endorsement_received.points]);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, target.id), eq(notifications.type, 'endorsement')));
    expect(told).toEqual([expect.objectContaining({ entityId: e.id, message: 'Edna Endorser endorsed your Strategy skill.' })]);
  });

  it('refuses your own skills, unknown or hidden members, unlisted skills and long messages, with a clear message', async () => {
    const target = await member();
    expect(expectError(await endorse(me, { endorseeId: me.user.id, skillName: 'Negotiation' }), 400, 'bad_request').message).toBe('You cannot endorse your own skills.');
    expectError(await endorse(me, { endorseeId: NO_SUCH_ID, skillName: 'Strategy' }), 404, 'not_found');
    const hidden = await member({ availableForNetworking: false });
    expectError(await endorse(me, { endorseeId: hidden.id, skillName: 'Strategy' }), 404, 'not_found');
    expect(expectError(await endorse(me, { endorseeId: target.id, skillName: 'Juggling' }), 400, 'bad_request').message).toBe(
      'This member does not list that skill, so it cannot be endorsed.',
    );
    const long = expectError(await endorse(me, { endorseeId: target.id, skillName: 'Strategy', message: 'x'.repeat(251) }), 400, 'validation_failed');
    expect(JSON.stringify(long)).toContain('Message must be at most 250 characters');
    expect((await endorse(me, { endorseeId: target.id, skillName: 'Strategy', message: 'x'.repeat(250) })).statusCode).toBe(201);
    expect(await ctx.db.select().from(skillEndorsements).where(eq(skillEndorsements.endorseeId, hidden.id))).toEqual([]);
  });

  it('endorses a skill once: a second try answers 409, and of two at the same moment exactly one succeeds', async () => {
    const target = await member();
    expect((await endorse(me, { endorseeId: target.id, skillName: 'Finance' })).statusCode).toBe(201);
    expect(expectError(await endorse(me, { endorseeId: target.id, skillName: 'FINANCE' }), 409, 'conflict').message).toBe('You have already endorsed this skill.');
    const both = await Promise.all([endorse(me, { endorseeId: target.id, skillName: 'Strategy' }), endorse(me, { endorseeId: target.id, skillName: 'Strategy' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db
      .select()
      .from(skillEndorsements)
      .where(and(eq(skillEndorsements.endorseeId, target.id), eq(skillEndorsements.skillName, 'Strategy')));
    expect(rows).toHaveLength(1);
    expect(await pointsFor(target.id, 'endorsement_received', rows[0].id)).toEqual([POINT_RULES.endorsement_received.points]);
  });

  it('answers 401 without a session', async () => {
    const target = await member();
    expectError(await client(ctx.app).post('/api/skill-endorsements', { body: { endorseeId: target.id, skillName: 'Strategy' } }), 401, 'unauthorized');
  });
});

describe('DELETE /api/skill-endorsements/:id', () => {
  it('only the endorser removes it (the endorsee and others 403), taking back both awards', async () => {
    const target = await makeSignedIn(ctx, { expertise: ['Strategy'] });
    const other = await makeSignedIn(ctx);
    const giverBefore = (await reloadUser(ctx.db, me.user.id)).totalPoints;
    const e = await me.api.create(endorsementSchema, '/api/skill-endorsements', { body: { endorseeId: target.user.id, skillName: 'Strategy' } });
    const targetAfter = (await reloadUser(ctx.db, target.user.id)).totalPoints;
    expectError(await target.api.delete(`/api/skill-endorsements/${e.id}`), 403, 'forbidden');
    expectError(await other.api.delete(`/api/skill-endorsements/${e.id}`), 403, 'forbidden');
    expectError(await client(ctx.app).delete(`/api/skill-endorsements/${e.id}`), 401, 'unauthorized');
    expect(await ctx.db.select().from(skillEndorsements).where(eq(skillEndorsements.id, e.id))).toHaveLength(1);
    const removed = await me.api.delete(`/api/skill-endorsements/${e.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await ctx.db.select().from(skillEndorsements).where(eq(skillEndorsements.id, e.id))).toEqual([]);
    expect((await reloadUser(ctx.db, me.user.id)).totalPoints).toBe(giverBefore);
    expect((await reloadUser(ctx.db, target.user.id)).totalPoints).toBe(targetAfter - POINT_RULES.endorsement_received.points);
    expect(await pointsFor(me.user.id, 'endorsement_given_reversed', e.id)).toEqual([-POINT_RULES.endorsement_given.points]);
    expect(await pointsFor(target.user.id, 'endorsement_received_reversed', e.id)).toEqual([-POINT_RULES.endorsement_received.points]);
    expectError(await me.api.delete(`/api/skill-endorsements/${e.id}`), 404, 'not_found');
    // removed, it may be given again
    expect((await endorse(me, { endorseeId: target.user.id, skillName: 'Strategy' })).statusCode).toBe(201);
  });
});

describe('reading endorsements', () => {
  it('a member’s skills with counts, the viewer’s own, the latest five endorsers, the recent three, the top three and the total', async () => {
    const target = await member({ expertise: ['Strategy', 'Finance', 'Audit', 'Tax', 'Unendorsed'] });
    const base = new Date('2026-08-01T09:00:00Z');
    const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
    const endorsers = await Promise.all(Array.from({ length: 7 }, (_, i) => makeUser(ctx.db, { firstName: `E${i}` })));
    // Strategy: 7 (the viewer first, so not among the latest five); Finance 3; Audit 2; Tax 1
    const mine = await makeEndorsement(ctx.db, { from: me.user, to: target, skill: 'Strategy', now: at(0) });
    for (const [i, e] of endorsers.slice(0, 6).entries()) await makeEndorsement(ctx.db, { from: e, to: target, skill: 'Strategy', now: at(10 + i) });
    for (const [i, e] of endorsers.slice(0, 3).entries()) await makeEndorsement(ctx.db, { from: e, to: target, skill: 'Finance', now: at(20 + i) });
    for (const [i, e] of endorsers.slice(0, 2).entries()) await makeEndorsement(ctx.db, { from: e, to: target, skill: 'Audit', now: at(30 + i) });
    const lastTax = await makeEndorsement(ctx.db, { from: endorsers[6], to: target, skill: 'Tax', now: at(40) });
    const page = await me.api.getOk(userEndorsementsSchema, `/api/skill-endorsements/user/${target.id}`);
    expect(Object.keys(page.skills).sort()).toEqual(['Audit', 'Finance', 'Strategy', 'Tax', 'Unendorsed']);
    expect(page.skills.Strategy).toMatchObject({ count: 7, hasEndorsed: true, myEndorsementId: mine.id });
    expect(page.skills.Strategy.endorsements.map((e) => e.endorser.firstName)).toEqual(['E5', 'E4', 'E3', 'E2', 'E1']);
    expect(page.skills.Strategy.endorsements.every((e) => e.can.remove === false)).toBe(true);
    expect(page.skills.Finance).toMatchObject({ count: 3, hasEndorsed: false, myEndorsementId: null });
    expect(page.skills.Unendorsed).toEqual({ count: 0, hasEndorsed: false, myEndorsementId: null, endorsements: [] });
    expect(page.recent.map((e) => [e.skillName, e.endorser.firstName])).toEqual([
      ['Tax', 'E6'],
      ['Audit', 'E1'],
      ['Audit', 'E0'],
    ]);
    expect(page.recent[0].id).toBe(lastTax.id);
    expect(page.topSkills).toEqual([
      { skillName: 'Strategy', count: 7 },
      { skillName: 'Finance', count: 3 },
      { skillName: 'Audit', count: 2 },
    ]);
    expect(page.total).toBe(13);

    const strategy = await me.api.getOk(skillEndorsementsSchema, `/api/skill-endorsements/skill/${target.id}/Strategy`);
    expect(strategy.count).toBe(7);
    expect(strategy.items.map((e) => e.endorser.firstName)).toEqual(['E5', 'E4', 'E3', 'E2', 'E1', 'E0', 'Edna']);
    expect(strategy.items.map((e) => e.can.remove)).toEqual([false, false, false, false, false, false, true]);
    const encoded = await me.api.getOk(skillEndorsementsSchema, `/api/skill-endorsements/skill/${target.id}/${encodeURIComponent('Unendorsed')}`);
    expect(encoded).toEqual({ skillName: 'Unendorsed', count: 0, items: [] });

    expect(await me.api.getOk(endorsementCheckSchema, `/api/skill-endorsements/check/${target.id}/Strategy`)).toEqual({ hasEndorsed: true, endorsementId: mine.id });
    expect(await me.api.getOk(endorsementCheckSchema, `/api/skill-endorsements/check/${target.id}/Finance`)).toEqual({ hasEndorsed: false, endorsementId: null });
  });

  it('works for skills with spaces and symbols in the path', async () => {
    const target = await member({ expertise: ['Mergers & Acquisitions'] });
    const e = await makeEndorsement(ctx.db, { from: me.user, to: target, skill: 'Mergers & Acquisitions', now: ctx.clock.now() });
    const url = `/api/skill-endorsements/check/${target.id}/${encodeURIComponent('Mergers & Acquisitions')}`;
    expect(await me.api.getOk(endorsementCheckSchema, url)).toEqual({ hasEndorsed: true, endorsementId: e.id });
  });

  it('answers 404 for unknown or hidden members and 401 without a session', async () => {
    const hidden = await member({ isActive: false });
    for (const id of [NO_SUCH_ID, hidden.id]) {
      expectError(await me.api.get(`/api/skill-endorsements/user/${id}`), 404, 'not_found');
      expectError(await me.api.get(`/api/skill-endorsements/skill/${id}/Strategy`), 404, 'not_found');
      expectError(await me.api.get(`/api/skill-endorsements/check/${id}/Strategy`), 404, 'not_found');
    }
    const visible = await member();
    const anon = client(ctx.app);
    for (const url of [
      `/api/skill-endorsements/user/${visible.id}`,
      `/api/skill-endorsements/skill/${visible.id}/Strategy`,
      `/api/skill-endorsements/check/${visible.id}/Strategy`,
    ]) {
      expectError(await anon.get(url), 401, 'unauthorized');
    }
  });
});

// last: it moves the clock a day on
describe('the daily cap of endorsements given', () => {
  it('the 11th endorsement of a London day earns the endorser nothing; the next day earns again', async () => {
    const giver = await makeUser(ctx.db);
    // a fresh session after each move of the clock (sessions expire when idle)
    const signedIn = async () => client(ctx.app, await openSession(ctx, giver.id));
    const skills = Array.from({ length: 12 }, (_, i) => `Skill ${i + 1}`);
    const target = await member({ expertise: skills });
    const given = async () => (await reloadUser(ctx.db, giver.id)).totalPoints;
    ctx.clock.current = new Date('2026-06-16T08:00:00Z');
    let api = await signedIn();
    for (const s of skills.slice(0, 10)) expect((await api.post('/api/skill-endorsements', { body: { endorseeId: target.id, skillName: s } })).statusCode).toBe(201);
    expect(await given()).toBe(10 * POINT_RULES.endorsement_given.points);
    // 23:59 in London (BST) is still the same day
    ctx.clock.current = new Date('2026-06-16T22:59:00Z');
    api = await signedIn();
    const eleventh = await api.create(endorsementSchema, '/api/skill-endorsements', { body: { endorseeId: target.id, skillName: 'Skill 11' } });
    expect(await given()).toBe(10 * POINT_RULES.endorsement_given.points);
    expect(await pointsFor(giver.id, 'endorsement_given', eleventh.id)).toEqual([]);
    // the endorsee still earns theirs
    expect(await pointsFor(target.id, 'endorsement_received', eleventh.id)).toEqual([POINT_RULES.endorsement_received.points]);
    // 00:01 the next London day
    ctx.clock.current = new Date('2026-06-16T23:01:00Z');
    api = await signedIn();
    expect((await api.post('/api/skill-endorsements', { body: { endorseeId: target.id, skillName: 'Skill 12' } })).statusCode).toBe(201);
    expect(await given()).toBe(11 * POINT_RULES.endorsement_given.points);
  });
});
