import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTOR_FULLY_BOOKED } from '../../common/constants/mentoring.ts';
import { mentorProfileSchema, mentorshipRequestPageSchema, mentorshipRequestSchema, mentorshipSessionSchema } from '../../common/schemas/mentoring.ts';
import { pageOf } from '../../common/schemas/page.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { domainEvents, mentorProfiles, mentorReviews, mentorshipRequests, notifications } from '../../server/db/schema/index.ts';
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
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
  pendingApi = client(ctx.app, await openSession(ctx, pending.id));
  anon = client(ctx.app);
});
afterAll(() => ctx.close());

describe('mentorship requests', () => {
  it('sends a request to an active mentor with a free place and notifies the mentor', async () => {
    const mentor = await member({ firstName: 'Mona' });
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member({ firstName: 'Ned', lastName: 'Newman' });
    const created = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
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
    const again = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentor.user.id) });
    expect(expectError(again, 409, 'conflict').message).toBe('You already have an open mentorship request with this mentor.');
    // after withdrawing, a new one may be sent
    await mentee.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${created.id}/withdraw`);
    // a mentee id in the body (older clients send one) is never taken: the request is the caller's
    const again2 = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', {
      body: requestBody(mentor.user.id, { duration: 'ongoing', menteeId: admin.user.id }),
    });
    expect(again2.menteeId).toBe(mentee.user.id);
  });

  it('refuses a request to oneself, to a full, paused or missing mentor', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user, maxMentees: 1, currentMentees: 1 });
    const mentee = await member();
    const other = await member();
    await makeMentorProfile(ctx.db, { user: mentee.user });
    let res = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentee.user.id) });
    expect(expectError(res, 400, 'bad_request').message).toBe('You cannot request mentorship from yourself.');
    res = await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentor.user.id) });
    expect(expectError(res, 409, 'conflict').message).toBe(MENTOR_FULLY_BOOKED);
    const pausedMentor = await member();
    await makeMentorProfile(ctx.db, { user: pausedMentor.user, isActive: false });
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(pausedMentor.user.id) }), 404, 'not_found');
    expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(other.user.id) }), 404, 'not_found');
    const count = await ctx.db.select().from(mentorshipRequests).where(eq(mentorshipRequests.menteeId, mentee.user.id));
    expect(count).toHaveLength(0);
  });

  it('validates the request with readable messages', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const bad = async (o: Record<string, unknown>) =>
      expectError(await mentee.api.post('/api/mentorship-requests', { body: requestBody(mentor.user.id, o) }), 400, 'validation_failed').message;
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
    const answers = await Promise.all(Array.from({ length: 10 }, () => mentee.api.post('/api/mentorship-requests', { body: requestBody(mentor.user.id) })));
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

    const sent = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
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
    const again = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
    await ctx.db.update(mentorshipRequests).set({ status: 'withdrawn' }).where(eq(mentorshipRequests.id, sent.id));
    await mentee.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${again.id}/withdraw`);
    expect(await status(mentor, menteeCv)).toBe(404);
    const after = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(after.items.filter((r) => r.menteeId === mentee.user.id).map((r) => r.menteeCvUrl)).toEqual([null, null]);

    // a member without a CV: the link is null and the CV is not found
    const noCv = await member();
    const r = await noCv.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
    const list = await mentor.api.getOk(mentorshipRequestPageSchema, '/api/mentorship-requests/mentor');
    expect(list.items.find((x) => x.id === r.id)?.menteeCvUrl).toBeNull();
    expect(await status(mentor, `/api/users/${noCv.user.id}/cv`)).toBe(404);
    // signed out and pending accounts never get it
    expect(await status({ api: anon }, menteeCv)).toBe(401);
    expect(await status({ api: pendingApi }, menteeCv)).toBe(403);
  });
});

describe('domain events', () => {
  const eventsOf = (entityIds: string[]) =>
    ctx.db
      .select({ type: domainEvents.type, entityType: domainEvents.entityType, entityId: domainEvents.entityId, actorId: domainEvents.actorId, data: domainEvents.data })
      .from(domainEvents)
      .where(inArray(domainEvents.entityId, entityIds))
      .orderBy(asc(domainEvents.occurredAt));

  it('records each act of a mentorship with the ids of its two sides, in the act’s transaction', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const [mentee, other, third] = [await member(), await member(), await member()];
    const r = await mentee.api.create(mentorshipRequestSchema, '/api/mentorship-requests', { body: requestBody(mentor.user.id) });
    const declined = await makeMentorshipRequest(ctx.db, { mentee: other.user, mentor: mentor.user });
    const withdrawn = await makeMentorshipRequest(ctx.db, { mentee: third.user, mentor: mentor.user });
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${r.id}/accept`);
    await mentor.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${declined.id}/decline`);
    await third.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${withdrawn.id}/withdraw`);
    const session = await mentor.api.create(mentorshipSessionSchema, `/api/mentorship-requests/${r.id}/sessions`, {
      body: { scheduledAt: '2026-07-01T09:00:00Z', duration: 45 },
    });
    await mentee.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${session.id}/complete`);
    await mentee.api.postOk(mentorshipSessionSchema, `/api/mentorship-sessions/${session.id}/rate`, { body: { rating: 4 } });
    await mentee.api.postOk(mentorshipRequestSchema, `/api/mentorship-requests/${r.id}/complete`);

    const sides = { requestId: r.id, menteeId: mentee.user.id, mentorId: mentor.user.id };
    const ofSession = { ...sides, sessionId: session.id };
    const recorded = await eventsOf([r.id, session.id]);
    expect(recorded).toHaveLength(6);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { type: 'mentorship.requested', entityType: 'mentorship_request', entityId: r.id, actorId: mentee.user.id, data: sides },
        { type: 'mentorship.accepted', entityType: 'mentorship_request', entityId: r.id, actorId: mentor.user.id, data: sides },
        {
          type: 'mentorship.session_scheduled',
          entityType: 'mentorship_session',
          entityId: session.id,
          actorId: mentor.user.id,
          data: { ...ofSession, scheduledAt: '2026-07-01T09:00:00.000Z', durationMinutes: 45 },
        },
        { type: 'mentorship.session_completed', entityType: 'mentorship_session', entityId: session.id, actorId: mentee.user.id, data: ofSession },
        { type: 'mentorship.session_rated', entityType: 'mentorship_session', entityId: session.id, actorId: mentee.user.id, data: { ...ofSession, rating: 4 } },
        { type: 'mentorship.ended', entityType: 'mentorship_request', entityId: r.id, actorId: mentee.user.id, data: { ...sides, endedBy: 'mentee' } },
      ]),
    );
    const typesOf = async (id: string) => (await eventsOf([id])).map((e) => `${e.type} by ${e.actorId}`).sort();
    expect(await typesOf(declined.id)).toEqual([`mentorship.declined by ${mentor.user.id}`, `mentorship.requested by ${other.user.id}`]);
    expect(await typesOf(withdrawn.id)).toEqual([`mentorship.requested by ${third.user.id}`, `mentorship.withdrawn by ${third.user.id}`]);
  });

  it('records nothing for a refused act', async () => {
    const mentor = await member();
    await makeMentorProfile(ctx.db, { user: mentor.user });
    const mentee = await member();
    const r = await makeMentorshipRequest(ctx.db, { mentee: mentee.user, mentor: mentor.user });
    expectError(await mentee.api.post(`/api/mentorship-requests/${r.id}/accept`), 403, 'forbidden');
    expectError(await mentor.api.post(`/api/mentorship-requests/${r.id}/complete`), 409, 'conflict');
    expect((await eventsOf([r.id])).map((e) => e.type)).toEqual(['mentorship.requested']);
  });
});
