import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTOR_FULLY_BOOKED } from '../../common/constants/mentoring.ts';
import { scoreMentor } from '../../common/rules/mentor-match.ts';
import {
  mentorDiscoveryPageSchema,
  mentorProfileSchema,
  mentorshipRequestPageSchema,
  mentorshipRequestSchema,
  mentorshipSessionSchema,
  ownMentorProfileSchema,
  type MentorDiscoveryPage,
} from '../../common/schemas/mentoring.ts';
import { pageOf } from '../../common/schemas/page.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { achievements, mentorProfiles, mentorReviews, mentorshipRequests, notifications, userAchievements, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, type MakeUserOptions, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;
let pendingApi: ReturnType<typeof client>;
let anon: ReturnType<typeof client>;

/** A signed-in member through a session opened directly (no password check), for the many members a test needs. */
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

const profileRow = async (userId: string) => (await ctx.db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, userId)))[0];
const requestBody = (menteeId: string, mentorId: string, o: Record<string, unknown> = {}) => ({
  menteeId,
  mentorId,
  goalDescription: 'Help me build a board-level advisory practice.',
  ...o,
});
const discover = (who: SignedIn, query: Record<string, string | number> = {}): Promise<MentorDiscoveryPage> =>
  who.api.getOk(mentorDiscoveryPageSchema, '/api/mentor-profiles', { query: { pageSize: 60, ...query } });
const ids = (page: MentorDiscoveryPage) => page.items.map((m) => m.userId);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
  pendingApi = client(ctx.app, await openSession(ctx, pending.id));
  anon = client(ctx.app);
});
afterAll(() => ctx.close());

describe('access', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/mentor-profiles'],
    ['GET', '/api/mentor-profiles/me'],
    ['GET', '/api/mentor-profile/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/mentor-profiles'],
    ['PATCH', '/api/mentor-profiles/me'],
    ['POST', '/api/mentorship-requests'],
    ['GET', '/api/mentorship-requests/mentee/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/mentorship-requests/mentor'],
    ['POST', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/accept'],
    ['POST', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/decline'],
    ['POST', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/withdraw'],
    ['POST', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/complete'],
    ['GET', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/sessions'],
    ['POST', '/api/mentorship-requests/00000000-0000-4000-8000-000000000000/sessions'],
    ['POST', '/api/mentorship-sessions/00000000-0000-4000-8000-000000000000/complete'],
    ['POST', '/api/mentorship-sessions/00000000-0000-4000-8000-000000000000/rate'],
  ];

  it('answers 401 without a session and 403 to a pending account on every mentoring route', async () => {
    for (const [method, url] of routes) {
      expectError(await anon.request(method as 'GET', url, method === 'GET' ? {} : { body: {} }), 401, 'unauthorized');
      expectError(await pendingApi.request(method as 'GET', url, method === 'GET' ? {} : { body: {} }), 403, 'forbidden');
    }
  });
});

/** The least a mentor profile needs: one specialization and one industry. */
const MINIMAL = { specializations: ['Board governance'], industries: ['Financial Services'] };

describe('mentor profiles', () => {
  it('creates the caller’s own profile with the defaults, once', async () => {
    const m = await member({ firstName: 'Maya', jobTitle: 'CFO', company: 'Ledger & Co', yearsExperience: 18 });
    const created = await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } });
    expect(created).toMatchObject({
      userId: m.user.id,
      // years left out are the member's own profile's
      yearsExperience: 18,
      availabilityHours: 5,
      maxMentees: 3,
      currentMentees: 0,
      mentorshipStyle: 'advisory',
      meetingPreference: 'virtual',
      isActive: true,
      rating: '0.00',
      specializations: ['Board governance'],
      industries: ['Financial Services'],
      user: { firstName: 'Maya', jobTitle: 'CFO', company: 'Ledger & Co' },
      can: { requestMentorship: false, edit: true },
    });
    // the Mentor achievement is unlocked with the profile, once
    const earned = await ctx.db
      .select({ name: achievements.name })
      .from(userAchievements)
      .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
      .where(eq(userAchievements.userId, m.user.id));
    expect(earned.map((a) => a.name)).toEqual(['Mentor']);
    expect(expectError(await m.api.post('/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } }), 409, 'conflict').message).toBe(
      'You already have a mentor profile.',
    );
    const other = await member();
    const res = await other.api.post('/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } });
    expect(expectError(res, 403, 'forbidden').message).toBe('You can only create your own mentor profile.');
    expect(await profileRow(other.user.id)).toBeUndefined();
  });

  it('validates the profile with readable messages', async () => {
    const m = await member();
    const bad = async (body: Record<string, unknown>) =>
      expectError(await m.api.post('/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL, ...body } }), 400, 'validation_failed').message;
    expect(await bad({ yearsExperience: 61 })).toBe('Years of experience must be at most 60');
    expect(await bad({ yearsExperience: -1 })).toBe('Years of experience must be at least 0');
    expect(await bad({ availabilityHours: 0 })).toBe('Availability hours must be at least 1');
    expect(await bad({ availabilityHours: 41 })).toBe('Availability hours must be at most 40');
    expect(await bad({ maxMentees: 21 })).toBe('Maximum mentees must be at most 20');
    expect(await bad({ maxMentees: 0 })).toBe('Maximum mentees must be at least 1');
    expect(await bad({ mentorshipStyle: 'strict' })).toBe('Choose a mentorship style');
    expect(await bad({ meetingPreference: 'carrier pigeon' })).toBe('Choose a meeting preference');
    expect(await bad({ bio: 'x'.repeat(1001) })).toBe('Bio must be at most 1000 characters');
    expect(await bad({ specializations: Array.from({ length: 21 }, (_, i) => `S${i}`) })).toBe('Add at most 20 specialization entries');
    expect(await bad({ industries: ['x'.repeat(61)] })).toBe('Each industry must be at most 60 characters');
    expect(await bad({ achievements: ['x'.repeat(201)] })).toBe('Each achievement must be at most 200 characters');
    expect(await bad({ currentMentees: 2 })).toMatch(/unrecognized/i);
    expect(await profileRow(m.user.id)).toBeUndefined();
  });

  it('refuses an empty profile with a message on each field, and awards nothing for it', async () => {
    const m = await member();
    const pointsOf = async () => (await ctx.db.select({ p: users.totalPoints }).from(users).where(eq(users.id, m.user.id)))[0].p;
    const before = await pointsOf();
    for (const body of [{}, { specializations: [], industries: [] }, { specializations: ['  '], industries: [' '] }]) {
      const err = expectError(await m.api.post('/api/mentor-profiles', { body: { userId: m.user.id, ...body } }), 400, 'validation_failed');
      expect(err.issues).toEqual(
        expect.arrayContaining([
          { path: 'specializations', message: 'Add at least one specialization' },
          { path: 'industries', message: 'Add at least one industry' },
        ]),
      );
    }
    expect(expectError(await m.api.post('/api/mentor-profiles', { body: { userId: m.user.id, specializations: ['Sales'] } }), 400, 'validation_failed').issues).toEqual([
      { path: 'industries', message: 'Add at least one industry' },
    ]);
    expect(await profileRow(m.user.id)).toBeUndefined();
    expect(await pointsOf()).toBe(before);
    expect(await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, m.user.id))).toEqual([]);
    // nor can a mentor empty the profile afterwards
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL, yearsExperience: 9 } });
    expect((await profileRow(m.user.id)).yearsExperience).toBe(9);
    for (const body of [{ specializations: [] }, { industries: [] }]) expectError(await m.api.patch('/api/mentor-profiles/me', { body }), 400, 'validation_failed');
    expect((await profileRow(m.user.id)).specializations).toEqual(MINIMAL.specializations);
  });

  it('awards the Mentor achievement and its points once: removing the profile and creating it again earns nothing more', async () => {
    const m = await member();
    const pointsOf = async () => (await ctx.db.select({ p: users.totalPoints }).from(users).where(eq(users.id, m.user.id)))[0].p;
    const mentorAwards = async () =>
      (
        await ctx.db
          .select({ name: achievements.name })
          .from(userAchievements)
          .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
          .where(and(eq(userAchievements.userId, m.user.id), eq(achievements.name, 'Mentor')))
      ).length;
    const before = await pointsOf();
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } });
    const afterFirst = await pointsOf();
    expect(afterFirst).toBeGreaterThan(before);
    expect(await mentorAwards()).toBe(1);
    // paused and resumed, then removed and made again
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: true } });
    await ctx.db.delete(mentorProfiles).where(eq(mentorProfiles.userId, m.user.id));
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } });
    expect(await pointsOf()).toBe(afterFirst);
    expect(await mentorAwards()).toBe(1);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.user.id), eq(notifications.type, 'achievement_unlocked')));
    expect(told).toHaveLength(1);
  });

  it('shows a profile to every member, a paused one only to its owner and admins, and 404 when there is none', async () => {
    const m = await member();
    await makeMentorProfile(ctx.db, { user: m.user });
    const viewer = await member();
    await viewer.api.getOk(mentorProfileSchema, `/api/mentor-profile/${m.user.id}`);
    const paused = await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    expect(paused.isActive).toBe(false);
    expectError(await viewer.api.get(`/api/mentor-profile/${m.user.id}`), 404, 'not_found');
    expect((await m.api.getOk(mentorProfileSchema, `/api/mentor-profile/${m.user.id}`)).can.edit).toBe(true);
    expect((await admin.api.getOk(mentorProfileSchema, `/api/mentor-profile/${m.user.id}`)).can).toEqual({ requestMentorship: false, edit: false });
    expectError(await viewer.api.get(`/api/mentor-profile/${viewer.user.id}`), 404, 'not_found');
    expectError(await viewer.api.get('/api/mentor-profile/not-a-uuid'), 400, 'validation_failed');
  });

  it('answers the caller’s own profile at /me, null (not 404) when they have none, and a paused one too', async () => {
    const m = await member();
    expect(await m.api.getOk(ownMentorProfileSchema, '/api/mentor-profiles/me')).toEqual({ profile: null });
    await makeMentorProfile(ctx.db, { user: m.user, specializations: ['Pricing'] });
    const own = (await m.api.getOk(ownMentorProfileSchema, '/api/mentor-profiles/me')).profile;
    expect(own).toMatchObject({ userId: m.user.id, specializations: ['Pricing'], isActive: true, can: { edit: true, requestMentorship: false } });
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    expect((await m.api.getOk(ownMentorProfileSchema, '/api/mentor-profiles/me')).profile).toMatchObject({ userId: m.user.id, isActive: false });
    // another member's profile keeps its own endpoint and its 404s
    const viewer = await member();
    expect(await viewer.api.getOk(ownMentorProfileSchema, '/api/mentor-profiles/me')).toEqual({ profile: null });
    expectError(await viewer.api.get(`/api/mentor-profile/${m.user.id}`), 404, 'not_found');
  });

  it('pausing hides the mentor from discovery and refuses new requests; resuming brings them back', async () => {
    const mentor = await member({ firstName: 'Paula', lastName: 'Pause' });
    // values no other test filters by, as this mentor stays discoverable
    await makeMentorProfile(ctx.db, { user: mentor.user, specializations: ['Pausing'], industries: ['Resuming'] });
    const mentee = await member();
    const seen = async () => ids(await discover(mentee as unknown as SignedIn)).includes(mentor.user.id);
    expect(await seen()).toBe(true);
    await mentor.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    expect(await seen()).toBe(false);
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) }), 404, 'not_found');
    await mentor.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: true } });
    expect(await seen()).toBe(true);
    await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
  });

  it('edits only the caller’s own profile and never below the mentees taken', async () => {
    const m = await member();
    expectError(await m.api.patch('/api/mentor-profiles/me', { body: { bio: 'Hello' } }), 404, 'not_found');
    await makeMentorProfile(ctx.db, { user: m.user, currentMentees: 2 });
    const edited = await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', {
      body: { bio: 'Now with more time', availabilityHours: 8, specializations: [' M&A ', ''], meetingPreference: 'hybrid' },
    });
    expect(edited).toMatchObject({ bio: 'Now with more time', availabilityHours: 8, specializations: ['M&A'], meetingPreference: 'hybrid' });
    const res = await m.api.patch('/api/mentor-profiles/me', { body: { maxMentees: 1 } });
    expect(expectError(res, 409, 'conflict').message).toBe('Maximum mentees cannot be lower than your current mentees (2).');
    expectError(await m.api.patch('/api/mentor-profiles/me', { body: { userId: admin.user.id } }), 400, 'validation_failed');
    expectError(await m.api.patch('/api/mentor-profiles/me', { body: {} }), 400, 'validation_failed');
    expect((await profileRow(m.user.id)).maxMentees).toBe(3);
  });
});

describe('discover mentors', () => {
  let seeker: SignedIn;
  let fin: Awaited<ReturnType<typeof member>>;
  let strat: Awaited<ReturnType<typeof member>>;
  let full: Awaited<ReturnType<typeof member>>;
  let paused: Awaited<ReturnType<typeof member>>;
  let junior: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    seeker = await member({ firstName: 'Sam', industries: ['Banking & Finance', 'Retail'], expertise: ['Strategic Planning', 'M&A'] });
    await makeMentorProfile(ctx.db, { user: seeker.user, specializations: ['Seeker Own Skill'] });
    fin = await member({ firstName: 'Fiona', lastName: 'Finch', company: 'Northwind' });
    await makeMentorProfile(ctx.db, {
      user: fin.user,
      industries: ['banking & finance ', 'Retail'],
      specializations: ['Strategic Planning', 'm&a', 'Operations'],
      yearsExperience: 15,
      rating: '4.80',
      totalReviews: 5,
    });
    strat = await member({ firstName: 'Stan', lastName: 'Strand', company: 'Quartz Partners' });
    await makeMentorProfile(ctx.db, { user: strat.user, industries: ['Energy'], specializations: ['Strategic Planning'], yearsExperience: 7, rating: '4.00' });
    full = await member({ firstName: 'Fay', lastName: 'Full' });
    await makeMentorProfile(ctx.db, { user: full.user, industries: ['Retail'], specializations: ['Sales'], yearsExperience: 3, maxMentees: 2, currentMentees: 2 });
    paused = await member({ firstName: 'Pat', lastName: 'Paused' });
    await makeMentorProfile(ctx.db, { user: paused.user, industries: ['Banking & Finance'], isActive: false });
    junior = await member({ firstName: 'Jo', lastName: 'Junior' });
    await makeMentorProfile(ctx.db, { user: junior.user, industries: ['Mining'], specializations: ['Geology'], yearsExperience: 1, rating: '3.99' });
  });

  it('lists active mentors other than the caller, best match first, scored by the shared rule', async () => {
    const page = await discover(seeker);
    const mine = [fin, strat, full, junior].map((m) => m.user.id);
    const listed = ids(page).filter((id) => mine.includes(id));
    // 99, 42, 15 (a shared industry, no place), 10 (a free place only)
    expect(listed).toEqual([fin.user.id, strat.user.id, full.user.id, junior.user.id]);
    expect(ids(page)).not.toContain(seeker.user.id);
    expect(ids(page)).not.toContain(paused.user.id);
    const card = page.items.find((m) => m.userId === fin.user.id)!;
    // 30 industries + 25 experience + 24 specializations + 10 free place + 10 rating
    expect(card.match).toEqual({
      score: 99,
      label: 'Excellent Match',
      tone: 'green',
      reasons: ['Shared industries: banking & finance, Retail', '10+ years of experience'],
    });
    expect(card).toMatchObject({ rating: '4.80', totalReviews: 5, user: { firstName: 'Fiona', company: 'Northwind' }, can: { requestMentorship: true, edit: false } });
    // the SQL order agrees with the rule on every row
    const scores = page.items.map((m) => m.match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const m of page.items) expect(m.match).toEqual(scoreMentor(seeker.user, m));
    const fullCard = page.items.find((m) => m.userId === full.user.id)!;
    expect(fullCard.can.requestMentorship).toBe(false);
    expect(fullCard.match.score).toBe(15);
    expect(page.items.find((m) => m.userId === strat.user.id)!.match).toMatchObject({ score: 42, label: 'Fair Match', tone: 'yellow' });
    expect(page.items.find((m) => m.userId === junior.user.id)!.match).toMatchObject({ score: 10, label: 'Basic Match', tone: 'gray' });
  });

  it('searches names, company and specializations, and filters by specialization, industry and availability', async () => {
    expect(ids(await discover(seeker, { search: 'finch' }))).toEqual([fin.user.id]);
    expect(ids(await discover(seeker, { search: 'quartz' }))).toEqual([strat.user.id]);
    expect(ids(await discover(seeker, { search: 'GEOLOGY' }))).toEqual([junior.user.id]);
    expect(ids(await discover(seeker, { search: '%' }))).toEqual([]);
    expect(ids(await discover(seeker, { specialization: 'strategic planning' }))).toEqual([fin.user.id, strat.user.id]);
    expect(ids(await discover(seeker, { industry: 'Retail' }))).toEqual([fin.user.id, full.user.id]);
    expect(ids(await discover(seeker, { availability: 'full' }))).toEqual([full.user.id]);
    const available = await discover(seeker, { availability: 'available' });
    expect(ids(available)).not.toContain(full.user.id);
    expect(available.items.every((m) => m.currentMentees < m.maxMentees)).toBe(true);
    expectError(await seeker.api.get('/api/mentor-profiles', { query: { availability: 'soon' } }), 400, 'validation_failed');
  });

  it('pages, and answers the filter menus and the count of available mentors over all discoverable mentors', async () => {
    const all = await discover(seeker);
    const first = await discover(seeker, { pageSize: 2, page: 1 });
    const second = await discover(seeker, { pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
    const filtered = await discover(seeker, { industry: 'Mining' });
    expect(filtered.total).toBe(1);
    expect(filtered.filters).toEqual(all.filters);
    expect(all.filters.specializations).toEqual(expect.arrayContaining(['Geology', 'Operations', 'Sales', 'Strategic Planning']));
    expect(all.filters.specializations).not.toContain('Seeker Own Skill');
    expect(all.filters.industries).toEqual(expect.arrayContaining(['Energy', 'Mining', 'Retail']));
    // one entry per value whatever its case ('Banking & Finance' and 'banking & finance ')
    expect(all.filters.industries.filter((v) => v.toLowerCase() === 'banking & finance')).toHaveLength(1);
    expect(all.availableCount).toBe(all.items.filter((m) => m.currentMentees < m.maxMentees).length);
  });
});

describe('mentorship requests', () => {
  it('sends a request to an active mentor with a free place and notifies the mentor', async () => {
    const mentor = await member({ firstName: 'Mona' });
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member({ firstName: 'Ned', lastName: 'Newman' });
    const created = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
    expect(created).toMatchObject({
      status: 'pending',
      timeCommitment: '1-2 hours/week',
      duration: '3 months',
      preferredMeetingTime: null,
      mentor: { firstName: 'Mona' },
      mentee: { firstName: 'Ned', lastName: 'Newman' },
      can: { withdraw: true, accept: false, decline: false, complete: false, scheduleSession: false },
    });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentor.user.id), eq(notifications.entityId, created.id)));
    expect(note).toMatchObject({ type: 'mentorship_request', title: 'New mentorship request', actionUrl: '/mentor-matching' });
    // one open request per mentor
    const again = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
    expect(expectError(again, 409, 'conflict').message).toBe('You already have an open mentorship request with this mentor.');
    // after withdrawing, a new one may be sent
    await mentee.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${created.id}/withdraw`);
    await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id, { duration: 'ongoing' }) });
  });

  it('refuses a request for someone else, to oneself, to a full, paused or missing mentor', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user, maxMentees: 1, currentMentees: 1 });
    const mentee = await member();
    const other = await member();
    let res = await mentee.api.post('/api/mentorship-requests', { body: requestBody(other.user.id, mentor.user.id) });
    expect(expectError(res, 403, 'forbidden').message).toBe('You can only request mentorship for yourself.');
    await makeMentorProfile(ctx.db, { user: mentee.user });
    res = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentee.user.id) });
    expect(expectError(res, 400, 'bad_request').message).toBe('You cannot request mentorship from yourself.');
    res = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
    expect(expectError(res, 409, 'conflict').message).toBe(MENTOR_FULLY_BOOKED);
    const pausedMentor = await member();
    await makeMentorProfile(ctx.db, { user: pausedMentor.user, isActive: false });
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, pausedMentor.user.id) }), 404, 'not_found');
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, other.user.id) }), 404, 'not_found');
    const count = await ctx.db.select().from(mentorshipRequests).where(eq(mentorshipRequests.menteeId, mentee.user.id));
    expect(count).toHaveLength(0);
  });

  it('validates the request with readable messages', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const bad = async (o: Record<string, unknown>) =>
      expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id, o) }), 400, 'validation_failed').message;
    expect(await bad({ goalDescription: 'short' })).toBe('Goals must be at least 10 characters');
    expect(await bad({ goalDescription: 'x'.repeat(1001) })).toBe('Goals must be at most 1000 characters');
    expect(await bad({ goalDescription: undefined })).toBe('Describe your goals');
    expect(await bad({ timeCommitment: '10 hours/week' })).toBe('Choose a time commitment');
    expect(await bad({ duration: '2 years' })).toBe('Choose a duration');
    expect(await bad({ preferredMeetingTime: 'x'.repeat(101) })).toBe('Preferred meeting time must be at most 100 characters');
    expect(await bad({ additionalNotes: 'x'.repeat(1001) })).toBe('Additional notes must be at most 1000 characters');
    expect(await bad({ status: 'accepted' })).toMatch(/unrecognized/i);
  });

  it('lists a mentee’s requests to themselves and admins only, and a mentor’s incoming requests', async () => {
    const mentor = await member({ firstName: 'Mira' });
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member({ firstName: 'Milo' });
    const stranger = await member();
    const r = await makeMentorshipRequest(ctx.db, { mentee: mentee.user, mentor: mentor.user, timeCommitment: '3-5 hours/week', duration: '6 months' });
    const mine = await mentee.api.getOk(mentorshipRequestPageSchema, `/api/mentorship-requests/mentee/${mentee.user.id}`);
    expect(mine).toMatchObject({ total: 1, page: 1, items: [{ id: r.id, mentor: { firstName: 'Mira' }, timeCommitment: '3-5 hours/week', duration: '6 months' }] });
    const res = await stranger.api.get(`/api/mentorship-requests/mentee/${mentee.user.id}`);
    expect(expectError(res, 403, 'forbidden').message).toBe('You can only see your own mentorship requests.');
    const seen = await admin.api.getOk(mentorshipRequestPageSchema, `/api/mentorship-requests/mentee/${mentee.user.id}`);
    expect(seen.items[0].can).toEqual({ withdraw: false, accept: false, decline: false, complete: false, scheduleSession: false });
    const incoming = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(incoming.items.map((i) => i.id)).toEqual([r.id]);
    expect(incoming.items[0]).toMatchObject({ mentee: { firstName: 'Milo' }, can: { accept: true, decline: true, withdraw: false } });
    expect((await stranger.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor')).total).toBe(0);
    expect((await mentee.api.getOk(mentorshipRequestPageSchema, `/api/mentorship-requests/mentee/${mentee.user.id}`, { query: { status: 'declined' } })).total).toBe(0);
  });

  it('lets only the mentor accept or decline, only while pending; accepting takes a place and notifies the mentee', async () => {
    const mentor = await member({ firstName: 'Max', lastName: 'Mentor' });
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const stranger = await member();
    const r = await makeMentorshipRequest(ctx.db, { mentee: mentee.user, mentor: mentor.user });
    expectError(await stranger.api.post(`/api/mentorship-requests/${r.id}/accept`), 404, 'not_found');
    expectError(await admin.api.post(`/api/mentorship-requests/${r.id}/accept`), 404, 'not_found');
    expect(expectError(await mentee.api.post(`/api/mentorship-requests/${r.id}/accept`), 403, 'forbidden').message).toBe('Only the mentor can answer this request.');
    expectError(await mentee.api.post(`/api/mentorship-requests/${r.id}/decline`), 403, 'forbidden');
    expectError(await mentor.api.post(`/api/mentorship-requests/${r.id}/withdraw`), 403, 'forbidden');
    const accepted = await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${r.id}/accept`);
    expect(accepted).toMatchObject({ status: 'accepted', can: { complete: true, scheduleSession: true, accept: false } });
    expect((await profileRow(mentor.user.id)).currentMentees).toBe(1);
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentee.user.id), eq(notifications.entityId, r.id)));
    expect(note).toMatchObject({ type: 'mentorship_answered', message: 'Max Mentor accepted your mentorship request.' });
    expect(expectError(await mentor.api.post(`/api/mentorship-requests/${r.id}/decline`), 409, 'conflict').message).toBe('This request has already been answered.');
    expect(expectError(await mentee.api.post(`/api/mentorship-requests/${r.id}/withdraw`), 409, 'conflict').message).toBe('Only a pending request can be withdrawn.');
    expectError(await mentor.api.post('/api/mentorship-requests/00000000-0000-4000-8000-000000000000/accept'), 404, 'not_found');
  });

  it('refuses to accept when the mentor is full; decline and withdraw never touch the count; completing frees a place', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user, maxMentees: 1 });
    const [a, b, c] = [await member(), await member(), await member()];
    const ra = await makeMentorshipRequest(ctx.db, { mentee: a.user, mentor: mentor.user });
    const rb = await makeMentorshipRequest(ctx.db, { mentee: b.user, mentor: mentor.user });
    const rc = await makeMentorshipRequest(ctx.db, { mentee: c.user, mentor: mentor.user });
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${ra.id}/accept`);
    expect(expectError(await mentor.api.post(`/api/mentorship-requests/${rb.id}/accept`), 409, 'conflict').message).toBe(MENTOR_FULLY_BOOKED);
    expect((await b.api.getOk(mentorshipRequestPageSchema, `/api/mentorship-requests/mentee/${b.user.id}`)).items[0].status).toBe('pending');
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${rb.id}/decline`);
    await c.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${rc.id}/withdraw`);
    expect((await profileRow(mentor.user.id)).currentMentees).toBe(1);
    // a stranger cannot end it; the mentee can, once
    expectError(await b.api.post(`/api/mentorship-requests/${ra.id}/complete`), 404, 'not_found');
    expect((await a.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${ra.id}/complete`)).status).toBe('completed');
    expect((await profileRow(mentor.user.id)).currentMentees).toBe(0);
    expect(expectError(await mentor.api.post(`/api/mentorship-requests/${ra.id}/complete`), 409, 'conflict').message).toBe(
      'Only an accepted mentorship can be completed.',
    );
    expect((await profileRow(mentor.user.id)).currentMentees).toBe(0);
    expectError(await mentor.api.post(`/api/mentorship-requests/${rb.id}/complete`), 409, 'conflict');
  });

  it('accepts exactly as many of 50 simultaneous acceptances as the mentor has places', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user, maxMentees: 3 });
    const mentees = await Promise.all(Array.from({ length: 50 }, () => makeUser(ctx.db)));
    const requests = [];
    for (const mentee of mentees) requests.push(await makeMentorshipRequest(ctx.db, { mentee, mentor: mentor.user }));
    const answers = await Promise.all(requests.map((r) => mentor.api.post(`/api/mentorship-requests/${r.id}/accept`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(codes.filter((s) => s === 409)).toHaveLength(47);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.message).toBe(MENTOR_FULLY_BOOKED);
    expect((await profileRow(mentor.user.id)).currentMentees).toBe(3);
    const accepted = await ctx.db
      .select()
      .from(mentorshipRequests)
      .where(and(eq(mentorshipRequests.mentorId, mentor.user.id), eq(mentorshipRequests.status, 'accepted')));
    expect(accepted).toHaveLength(3);
  });

  it('keeps one open request when a mentee sends many at once', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
  });
});

describe('sessions and ratings', () => {
  it('the mentor schedules, either side completes, the mentee rates once and the mentor’s rating is the mean', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const stranger = await member();
    const r = await makeMentorshipRequest(ctx.db, { mentee: mentee.user, mentor: mentor.user });
    const body = { scheduledAt: '2026-07-01T09:00:00Z', duration: 45, meetingLink: 'https://meet.example.com/abc' };
    expect(expectError(await mentor.api.post(`/api/mentorship-requests/${r.id}/sessions`, { body }), 409, 'conflict').message).toBe(
      'Sessions can be scheduled only for an accepted mentorship.',
    );
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${r.id}/accept`);
    expectError(await mentee.api.post(`/api/mentorship-requests/${r.id}/sessions`, { body }), 403, 'forbidden');
    expectError(await stranger.api.post(`/api/mentorship-requests/${r.id}/sessions`, { body }), 404, 'not_found');
    expectError(await mentor.api.post(`/api/mentorship-requests/${r.id}/sessions`, { body: { ...body, meetingLink: 'javascript:alert(1)' } }), 400, 'validation_failed');
    const s1 = await mentor.api.create(mentorshipSessionSchema, `/api/mentorship-requests/${r.id}/sessions`, { body });
    const s2 = await mentor.api.create(mentorshipSessionSchema, `/api/mentorship-requests/${r.id}/sessions`, { body: { ...body, scheduledAt: '2026-07-08T09:00:00Z' } });
    expect(s1).toMatchObject({ status: 'scheduled', duration: 45, scheduledAt: '2026-07-01T09:00:00.000Z', menteeRating: null, can: { complete: true, rate: false } });
    const list = await mentee.api.getOk(pageOf(mentorshipSessionSchema), `/api/mentorship-requests/${r.id}/sessions`);
    expect(list.items.map((s) => s.id)).toEqual([s1.id, s2.id]);
    expect(list.items[0].can).toEqual({ complete: true, rate: false });
    expectError(await stranger.api.get(`/api/mentorship-requests/${r.id}/sessions`), 404, 'not_found');

    expect(expectError(await mentee.api.post(`/api/mentorship-sessions/${s1.id}/rate`, { body: { rating: 5 } }), 409, 'conflict').message).toBe(
      'Only a completed session can be rated.',
    );
    expectError(await stranger.api.post(`/api/mentorship-sessions/${s1.id}/complete`), 404, 'not_found');
    expect((await mentor.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${s1.id}/complete`)).can).toEqual({ complete: false, rate: false });
    const held = await mentee.api.getOk(pageOf(mentorshipSessionSchema), `/api/mentorship-requests/${r.id}/sessions`);
    expect(held.items[0]).toMatchObject({ status: 'completed', can: { complete: false, rate: true } });
    await mentee.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${s2.id}/complete`);
    expectError(await mentee.api.post(`/api/mentorship-sessions/${s2.id}/complete`), 409, 'conflict');

    expectError(await mentor.api.post(`/api/mentorship-sessions/${s1.id}/rate`, { body: { rating: 5 } }), 403, 'forbidden');
    expect(expectError(await mentee.api.post(`/api/mentorship-sessions/${s1.id}/rate`, { body: { rating: 6 } }), 400, 'validation_failed').message).toBe(
      'Choose a rating from 1 to 5',
    );
    const rated = await mentee.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${s1.id}/rate`, { body: { rating: 5 } });
    expect(rated).toMatchObject({ menteeRating: 5, can: { complete: false, rate: false } });
    expect(expectError(await mentee.api.post(`/api/mentorship-sessions/${s1.id}/rate`, { body: { rating: 1 } }), 409, 'conflict').message).toBe(
      'You have already rated this session.',
    );
    await mentee.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${s2.id}/rate`, { body: { rating: 4, review: 'Helpful.' } });
    const profile = await mentee.api.getOk(mentorProfileSchema, `/api/mentor-profile/${mentor.user.id}`);
    expect(profile).toMatchObject({ rating: '4.50', totalReviews: 2 });
    expect(await ctx.db.select().from(mentorReviews).where(eq(mentorReviews.mentorId, mentor.user.id))).toHaveLength(2);
  });
});

describe('CV access for mentors', () => {
  const pdf = () => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% CV\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  /** Uploads a small PDF as the member's CV through the real endpoint and answers its link. */
  async function uploadCv(who: { api: ReturnType<typeof client> }) {
    const boundary = `----cpform${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await who.api.post('/api/auth/upload-cv', { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(200);
    return userEnvelopeSchema.parse(res.json()).user.cvUrl!;
  }
  const status = async (who: { api: ReturnType<typeof client> }, url: string) => (await who.api.get(url)).statusCode;

  it('lets the mentor a member asked read their CV while the request is not withdrawn; nobody else, and never the other way round', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user, specializations: ['Reading CVs'], industries: ['Recruiting'] });
    const mentee = await member();
    const stranger = await member();
    const menteeCv = await uploadCv(mentee);
    const mentorCv = await uploadCv(mentor);
    expect(await status(mentor, menteeCv)).toBe(404);

    const sent = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
    expect(sent.menteeCvUrl).toBeNull();
    expect(await status(mentor, menteeCv)).toBe(200);
    expect((await mentor.api.get(menteeCv)).rawPayload.equals(pdf())).toBe(true);
    expect(await status(stranger, menteeCv)).toBe(404);
    expect(await status(mentee, mentorCv)).toBe(404);
    const incoming = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(incoming.items.find((r) => r.id === sent.id)?.menteeCvUrl).toBe(menteeCv);
    const mine = await mentee.api.getOk(mentorshipRequestPageSchema, `/api/mentorship-requests/mentee/${mentee.user.id}`);
    expect(mine.items.find((r) => r.id === sent.id)?.menteeCvUrl).toBeNull();

    // declined: still readable (the mentee shared it by asking); withdrawn: no longer
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${sent.id}/decline`);
    expect(await status(mentor, menteeCv)).toBe(200);
    const again = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentee.user.id, mentor.user.id) });
    await ctx.db.update(mentorshipRequests).set({ status: 'withdrawn' }).where(eq(mentorshipRequests.id, sent.id));
    await mentee.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${again.id}/withdraw`);
    expect(await status(mentor, menteeCv)).toBe(404);
    const after = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(after.items.filter((r) => r.menteeId === mentee.user.id).map((r) => r.menteeCvUrl)).toEqual([null, null]);

    // a member without a CV: the link is null and the CV is not found
    const noCv = await member();
    const r = await noCv.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(noCv.user.id, mentor.user.id) });
    const list = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(list.items.find((x) => x.id === r.id)?.menteeCvUrl).toBeNull();
    expect(await status(mentor, `/api/users/${noCv.user.id}/cv`)).toBe(404);
    // signed out and pending accounts never get it
    expect(await status({ api: anon }, menteeCv)).toBe(401);
    expect(await status({ api: pendingApi }, menteeCv)).toBe(403);
  });
});
