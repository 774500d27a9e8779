import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MENTOR_DEFAULTS } from '../../common/constants/mentoring.ts';
import { AppError } from '../../common/errors.ts';
import type { MentorProfile, MentorProfileCreateData, MentorProfileUpdateData, MentorshipSession } from '../../common/schemas/mentoring.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { mentorProfiles, mentorReviews, mentorshipRequests, mentorshipSessions, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import {
  canSeeMentorProfile,
  mentorProfileScope,
  mentorshipRequestPermission,
  mentorshipSessionPermission,
  type MentorshipSessionAction,
} from '../policies/mentoring.ts';
import type { Actor } from '../policies/roles.ts';
import { presentMentorProfile, presentMentorshipSession } from '../presenters/mentoring.ts';
import { recordEvent } from './domain-events.ts';
import { checkAchievements } from './gamification.ts';
import { mentorUserColumns, type MentoringActor } from './mentor-discovery.ts';
import { lockProfile, lockRequest } from './mentorship-requests.ts';
import { notifyMember } from './notify.ts';

/**
 * Mentor matching: mentor profiles and the sessions of a mentorship. Discovery is in `mentor-discovery.ts`, the
 * requests and their answers in `mentorship-requests.ts`; who may do what is in `server/policies/mentoring.ts`.
 */
export type { MentoringActor } from './mentor-discovery.ts';

/* ---------- profiles ---------- */

/** A member's mentor profile; 404 when they have none, or when it is paused and the viewer is neither its owner nor an administrator. */
export async function getMentorProfile(db: Db, viewer: Actor, userId: string): Promise<MentorProfile> {
  const [row] = await db
    .select({ p: mentorProfiles, u: mentorUserColumns })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(and(eq(mentorProfiles.userId, userId), mentorProfileScope(viewer)));
  if (!row || !canSeeMentorProfile(viewer, row.p)) throw new AppError('not_found', 'Mentor profile not found.');
  return presentMentorProfile(viewer, row.p, row.u);
}

/** The caller's own mentor profile, paused or not, or null when they have none yet (the page asks this to know whether they are a mentor). */
export async function getOwnMentorProfile(db: Db, actor: Actor): Promise<MentorProfile | null> {
  const [row] = await db
    .select({ p: mentorProfiles, u: mentorUserColumns })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(eq(mentorProfiles.userId, actor.id));
  return row ? presentMentorProfile(actor, row.p, row.u) : null;
}

/**
 * The caller becomes a mentor (the profile is always the session's member's own), once (409). Creating it unlocks
 * the mentor achievement, in the same transaction; the achievement is a member's once, so a profile made again
 * after one was removed earns nothing more.
 */
export async function createMentorProfile(db: Db, actor: MentoringActor, data: MentorProfileCreateData, now: Date): Promise<MentorProfile> {
  const { userId: _ignored, yearsExperience, ...fields } = data;
  const userId = actor.id;
  await db.transaction(async (tx) => {
    // years left out are the ones the member gave on their own profile, so a mentor never reads "0 years" by omission
    const [own] = yearsExperience === undefined ? await tx.select({ years: users.yearsExperience }).from(users).where(eq(users.id, userId)) : [];
    const years = yearsExperience ?? own?.years ?? MENTOR_DEFAULTS.yearsExperience;
    const [created] = await tx
      .insert(mentorProfiles)
      .values({ ...fields, yearsExperience: years, userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: mentorProfiles.id, maxMentees: mentorProfiles.maxMentees });
    if (!created) throw new AppError('conflict', 'You already have a mentor profile.');
    await recordEvent(
      tx,
      'mentor_profile.created',
      { profileId: created.id, userId, maxMentees: created.maxMentees },
      { entityId: created.id, actorId: userId, at: now },
    );
    await checkAchievements(tx, userId, ['mentor_profile'], now);
  });
  return getMentorProfile(db, actor, actor.id);
}

/** The caller edits their own profile; `isActive: false` pauses it. Places cannot go below the mentees they have. */
export async function updateOwnMentorProfile(db: Db, actor: MentoringActor, data: MentorProfileUpdateData, now: Date): Promise<MentorProfile> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(mentorProfiles).where(eq(mentorProfiles.userId, actor.id)).for('update');
    if (!row) throw new AppError('not_found', 'You do not have a mentor profile yet.');
    if (data.maxMentees !== undefined && data.maxMentees < row.currentMentees) {
      throw new AppError('conflict', `Maximum mentees cannot be lower than your current mentees (${row.currentMentees}).`);
    }
    await tx
      .update(mentorProfiles)
      .set({ ...data, updatedAt: now })
      .where(eq(mentorProfiles.id, row.id));
  });
  return getMentorProfile(db, actor, actor.id);
}

/* ---------- sessions ---------- */

export interface NewSession {
  scheduledAt: string;
  duration: number;
  meetingLink: string | null;
  notes: string | null;
}

/** A session's ids as its events carry them. */
const sessionFacts = (sessionId: string, requestId: string, parties: { menteeId: string; mentorId: string }) => ({
  sessionId,
  requestId,
  menteeId: parties.menteeId,
  mentorId: parties.mentorId,
});

/** The mentor schedules a session of an accepted mentorship; the mentee is notified. */
export async function scheduleSession(db: Db, actor: MentoringActor, requestId: string, data: NewSession, now: Date): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, requestId, 'scheduleSession');
    const [created] = await tx
      .insert(mentorshipSessions)
      .values({ requestId, scheduledAt: new Date(data.scheduledAt), duration: data.duration, meetingLink: data.meetingLink, notes: data.notes, createdAt: now })
      .returning();
    const facts = { ...sessionFacts(created.id, requestId, row), scheduledAt: created.scheduledAt.toISOString(), durationMinutes: created.duration };
    await recordEvent(tx, 'mentorship.session_scheduled', facts, { entityId: created.id, actorId: actor.id, at: now });
    await notifyMember(tx, row.menteeId, 'mentorship_session', { mentor: actor }, { entity: { type: 'mentorship_session', id: created.id }, at: now, actorId: actor.id });
    return presentMentorshipSession(actor, created, row);
  });
}

/** The sessions of a mentorship the actor takes part in, soonest first. */
export async function listSessions(db: Db, actor: Actor, requestId: string, q: PageQuery) {
  const [request] = await db
    .select({ menteeId: mentorshipRequests.menteeId, mentorId: mentorshipRequests.mentorId, status: mentorshipRequests.status })
    .from(mentorshipRequests)
    .where(eq(mentorshipRequests.id, requestId));
  if (!request) throw new AppError('not_found', 'Mentorship request not found.');
  authorize(mentorshipRequestPermission(actor, 'view', request));
  const where = eq(mentorshipSessions.requestId, requestId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(mentorshipSessions).where(where).orderBy(asc(mentorshipSessions.scheduledAt), asc(mentorshipSessions.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ total: count() }).from(mentorshipSessions).where(where),
  ]);
  return { items: rows.map((s) => presentMentorshipSession(actor, s, request)), total };
}

/** Locks a session with its request's parties and asks the policy whether the actor may do this to it now (404 for anyone not a party). */
async function lockSession(tx: Tx, actor: Pick<Actor, 'id'>, id: string, action: MentorshipSessionAction) {
  const [row] = await tx
    .select({ s: mentorshipSessions, menteeId: mentorshipRequests.menteeId, mentorId: mentorshipRequests.mentorId })
    .from(mentorshipSessions)
    .innerJoin(mentorshipRequests, eq(mentorshipRequests.id, mentorshipSessions.requestId))
    .where(eq(mentorshipSessions.id, id))
    .for('update', { of: mentorshipSessions });
  if (!row) throw new AppError('not_found', 'Session not found.');
  authorize(mentorshipSessionPermission(actor, action, { ...row, status: row.s.status, menteeRating: row.s.menteeRating }));
  return row;
}

/** Either side marks a scheduled session as held. */
export async function completeSession(db: Db, actor: MentoringActor, id: string, now: Date): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, actor, id, 'complete');
    const [updated] = await tx.update(mentorshipSessions).set({ status: 'completed' }).where(eq(mentorshipSessions.id, id)).returning();
    await recordEvent(tx, 'mentorship.session_completed', sessionFacts(id, row.s.requestId, row), { entityId: id, actorId: actor.id, at: now });
    return presentMentorshipSession(actor, updated, row);
  });
}

/**
 * The mentee rates a completed session, once. The rating is kept as a review of the mentor, and the mentor's rating
 * (the mean of their reviews, two places) and review count are recomputed in the same transaction.
 */
export async function rateSession(db: Db, actor: MentoringActor, id: string, data: { rating: number; review: string | null }, now: Date): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, actor, id, 'rate');
    const [updated] = await tx.update(mentorshipSessions).set({ menteeRating: data.rating }).where(eq(mentorshipSessions.id, id)).returning();
    await tx
      .insert(mentorReviews)
      .values({ mentorId: row.mentorId, reviewerId: actor.id, requestId: row.s.requestId, rating: data.rating, review: data.review, createdAt: now });
    const profile = await lockProfile(tx, row.mentorId);
    const reviews = sql`(select ${mentorReviews.rating} from ${mentorReviews} where ${mentorReviews.mentorId} = ${row.mentorId})`;
    await tx
      .update(mentorProfiles)
      .set({
        rating: sql`(select coalesce(round(avg(r.rating)::numeric, 2), 0) from ${reviews} as r)`,
        totalReviews: sql`(select count(*) from ${reviews} as r)::int`,
        updatedAt: now,
      })
      .where(eq(mentorProfiles.id, profile.id));
    await recordEvent(tx, 'mentorship.session_rated', { ...sessionFacts(id, row.s.requestId, row), rating: data.rating }, { entityId: id, actorId: actor.id, at: now });
    return presentMentorshipSession(actor, updated, row);
  });
}
