import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mentorDiscoveryPageSchema,
  mentorProfileSchema,
  mentorshipRequestSchema,
  ownMentorProfileSchema,
  type MentorDiscoveryPage,
} from '../../common/schemas/mentoring.ts';
import { makeMentorProfile } from '../../server/db/factories/mentoring.ts';
import { achievements, domainEvents, mentorProfiles, notifications, userAchievements, users } from '../../server/db/schema/index.ts';
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
const requestBody = (mentorId: string, o: Record<string, unknown> = {}) => ({
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
  it('creates the caller’s own profile with the defaults, once, whatever member id the body names', async () => {
    const m = await member({ firstName: 'Maya', jobTitle: 'CFO', company: 'Ledger & Co', yearsExperience: 18 });
    const created = await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { ...MINIMAL } });
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
    const [event] = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, created.id));
    expect(event).toMatchObject({
      type: 'mentor_profile.created',
      entityType: 'mentor_profile',
      actorId: m.user.id,
      data: { profileId: created.id, userId: m.user.id, maxMentees: 3 },
    });
    expect(expectError(await m.api.post('/api/mentor-profiles', { body: { ...MINIMAL } }), 409, 'conflict').message).toBe('You already have a mentor profile.');
    // a member id in the body (older clients send one) is never taken: the profile is the caller's own
    const other = await member();
    const theirs = await other.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { userId: m.user.id, ...MINIMAL } });
    expect(theirs.userId).toBe(other.user.id);
    expect((await profileRow(m.user.id)).id).toBe(created.id);
  });

  it('validates the profile with readable messages', async () => {
    const m = await member();
    const bad = async (body: Record<string, unknown>) =>
      expectError(await m.api.post('/api/mentor-profiles', { body: { ...MINIMAL, ...body } }), 400, 'validation_failed').message;
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
      const err = expectError(await m.api.post('/api/mentor-profiles', { body: { ...body } }), 400, 'validation_failed');
      expect(err.issues).toEqual(
        expect.arrayContaining([
          { path: 'specializations', message: 'Add at least one specialization' },
          { path: 'industries', message: 'Add at least one industry' },
        ]),
      );
    }
    expect(expectError(await m.api.post('/api/mentor-profiles', { body: { specializations: ['Sales'] } }), 400, 'validation_failed').issues).toEqual([
      { path: 'industries', message: 'Add at least one industry' },
    ]);
    expect(await profileRow(m.user.id)).toBeUndefined();
    expect(await pointsOf()).toBe(before);
    expect(await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, m.user.id))).toEqual([]);
    // nor can a mentor empty the profile afterwards
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { ...MINIMAL, yearsExperience: 9 } });
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
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { ...MINIMAL } });
    const afterFirst = await pointsOf();
    expect(afterFirst).toBeGreaterThan(before);
    expect(await mentorAwards()).toBe(1);
    // paused and resumed, then removed and made again
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: true } });
    await ctx.db.delete(mentorProfiles).where(eq(mentorProfiles.userId, m.user.id));
    await m.api.create(mentorProfileSchema, '/api/mentor-profiles', { body: { ...MINIMAL } });
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
    expect(own).toMatchObject({ specializations: ['Pricing'], isActive: true, can: { edit: true, requestMentorship: false } });
    await m.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: false } });
    expect((await m.api.getOk(ownMentorProfileSchema, '/api/mentor-profiles/me')).profile).toMatchObject({ isActive: false });
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
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentor.user.id) }), 404, 'not_found');
    await mentor.api.patchOk(mentorProfileSchema, '/api/mentor-profiles/me', { body: { isActive: true } });
    expect(await seen()).toBe(true);
    await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
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
