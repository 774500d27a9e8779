import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MENTOR_DEFAULTS, MENTOR_FULLY_BOOKED, type MentorshipRequestStatus } from '../../common/constants/mentoring.ts';
import { AppError } from '../../common/errors.ts';
import { MENTOR_MATCH_POINTS as P, scoreMentor, type MatchSeeker } from '../../common/rules/mentor-match.ts';
import type {
  MentorCard,
  MentorDiscoveryQuery,
  MentorProfile,
  MentorProfileCreateData,
  MentorProfileUpdateData,
  MentorshipRequest,
  MentorshipRequestCreateData,
  MentorshipSession,
} from '../../common/schemas/mentoring.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { mentorProfiles, mentorReviews, mentorshipRequests, mentorshipSessions, users } from '../db/schema/index.ts';
import {
  canReadMenteeRequests,
  canSeeMentorProfile,
  hasFreePlace,
  isPartyTo,
  mentorProfileAbilities,
  mentorshipRequestAbilities,
  mentorshipSessionAbilities,
  sharesCvWithMentor,
} from '../policies/mentoring.ts';
import { isAdmin, type Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { checkAchievements } from './gamification.ts';
import { notify } from './notify.ts';

type ProfileRow = typeof mentorProfiles.$inferSelect;
type RequestRow = typeof mentorshipRequests.$inferSelect;
type SessionRow = typeof mentorshipSessions.$inferSelect;
/** The signed-in member as these services need them: who they are, their role, name and what they know. */
export type MentoringActor = Actor & { firstName: string; lastName: string; industries: string[]; expertise: string[] };

/** A mentor's account may be seen: approved, active and not removed. */
const mentorListed = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;

const mentorUserColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  jobTitle: users.jobTitle,
  company: users.company,
  profilePicture: users.profilePicture,
};
type MentorUser = { firstName: string; lastName: string; jobTitle: string | null; company: string | null; profilePicture: string | null };

function presentProfile(actor: Actor, p: ProfileRow, user: MentorUser): MentorProfile {
  return {
    id: p.id,
    userId: p.userId,
    yearsExperience: p.yearsExperience,
    specializations: p.specializations,
    industries: p.industries,
    mentorshipStyle: p.mentorshipStyle as MentorProfile['mentorshipStyle'],
    availabilityHours: p.availabilityHours,
    maxMentees: p.maxMentees,
    currentMentees: p.currentMentees,
    bio: p.bio,
    achievements: p.achievements,
    meetingPreference: p.meetingPreference as MentorProfile['meetingPreference'],
    isActive: p.isActive,
    rating: Number(p.rating).toFixed(2),
    totalReviews: p.totalReviews,
    createdAt: iso(p.createdAt),
    user,
    can: mentorProfileAbilities(actor, p),
  };
}

/* ---------- discovery ---------- */

/** A member's list as scoring compares it: trimmed, lower case, each once, blanks dropped. */
const normalised = (list: readonly string[]) => [...new Set(list.map((s) => s.trim().toLowerCase()).filter(Boolean))];
const textArray = (list: string[]) =>
  list.length
    ? sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
/** How many of a mentor's entries (trimmed, any case, each once) are in the member's normalised list. */
const sharedCount = (column: SQL | typeof mentorProfiles.industries, wanted: string[]) =>
  sql`(select count(distinct lower(btrim(x))) from unnest(${column}) as x where lower(btrim(x)) = any(${textArray(wanted)}))`;

/**
 * The match score of common/rules/mentor-match.ts written in SQL, so the database sorts and pages by it; the
 * page's rows are then scored again by scoreMentor() for their label and reasons (the API tests check both agree).
 */
function matchScoreSql(seeker: MatchSeeker): SQL<number> {
  const industries = normalised(seeker.industries);
  const expertise = normalised(seeker.expertise);
  return sql<number>`(
    least(${P.perSharedIndustry} * ${sharedCount(mentorProfiles.industries, industries)}, ${P.sharedIndustryCap})
    + case when ${mentorProfiles.yearsExperience} >= ${P.seniorYears} then ${P.seniorExperience}
           when ${mentorProfiles.yearsExperience} >= ${P.experiencedYears} then ${P.experienced} else 0 end
    + least(${P.perSharedSpecialization} * ${sharedCount(mentorProfiles.specializations, expertise)}, ${P.sharedSpecializationCap})
    + case when ${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees} then ${P.freePlace} else 0 end
    + case when ${mentorProfiles.rating} >= ${P.topRating} then ${P.topRatingPoints}
           when ${mentorProfiles.rating} >= ${P.goodRating} then ${P.goodRatingPoints} else 0 end
  )::int`.mapWith(Number);
}

/** The rows of a raw query, whichever driver ran it (PGlite or node-postgres). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const listsEntry = (column: typeof mentorProfiles.specializations, value: string) =>
  sql`exists (select 1 from unnest(${column}) as x where lower(btrim(x)) = ${value.trim().toLowerCase()})`;

/**
 * Discover Mentors: active profiles of listed members other than the viewer, searched over the mentor's first and
 * last name, company and specializations, filtered by a specialization, an industry (either in any case) and
 * availability; scored for the viewer (their industries and expertise) and sorted by score, then name, in SQL.
 * Also the filter menus (every distinct specialization and industry of those mentors, one spelling per value in any case) and the count of them with
 * a free place, both over all discoverable mentors, not the filtered ones.
 */
export async function listMentors(db: Db, viewer: MentoringActor, q: MentorDiscoveryQuery) {
  const discoverable = and(eq(mentorProfiles.isActive, true), mentorListed, ne(mentorProfiles.userId, viewer.id))!;
  const filters: SQL[] = [discoverable];
  if (q.search) {
    const p = escapeLike(q.search);
    filters.push(
      or(ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.company, p), ilike(sql`array_to_string(${mentorProfiles.specializations}, ' ')`, p))!,
    );
  }
  if (q.specialization) filters.push(listsEntry(mentorProfiles.specializations, q.specialization));
  if (q.industry) filters.push(listsEntry(mentorProfiles.industries, q.industry));
  if (q.availability === 'available') filters.push(sql`${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees}`);
  if (q.availability === 'full') filters.push(sql`${mentorProfiles.currentMentees} >= ${mentorProfiles.maxMentees}`);
  const where = and(...filters);
  const score = matchScoreSql(viewer);
  const distinctOf = (column: typeof mentorProfiles.industries) =>
    db.execute(
      sql`select min(btrim(x)) as v from ${mentorProfiles} inner join ${users} on ${users.id} = ${mentorProfiles.userId}, unnest(${column}) as x
          where ${discoverable} and btrim(x) <> '' group by lower(btrim(x)) order by 1`,
    );
  const [rows, [{ total }], [{ available }], specializations, industries] = await Promise.all([
    db
      .select({ p: mentorProfiles, u: mentorUserColumns, score })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(where)
      .orderBy(desc(score), asc(users.firstName), asc(users.lastName), asc(mentorProfiles.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(mentorProfiles).innerJoin(users, eq(users.id, mentorProfiles.userId)).where(where),
    db
      .select({ available: count() })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(and(discoverable, sql`${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees}`)),
    distinctOf(mentorProfiles.specializations),
    distinctOf(mentorProfiles.industries),
  ]);
  const items: MentorCard[] = rows.map((r) => ({ ...presentProfile(viewer, r.p, r.u), match: scoreMentor(viewer, r.p) }));
  return {
    items,
    total,
    filters: { specializations: rowsOf<{ v: string }>(specializations).map((r) => r.v), industries: rowsOf<{ v: string }>(industries).map((r) => r.v) },
    availableCount: available,
  };
}

/* ---------- profiles ---------- */

/** A member's mentor profile; 404 when they have none, or when it is paused and the viewer is neither its owner nor an administrator. */
export async function getMentorProfile(db: Db, viewer: Actor, userId: string): Promise<MentorProfile> {
  const [row] = await db
    .select({ p: mentorProfiles, u: mentorUserColumns })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(and(eq(mentorProfiles.userId, userId), or(mentorListed, eq(users.id, viewer.id), sql`${isAdmin(viewer)}`)));
  if (!row || !canSeeMentorProfile(viewer, row.p)) throw new AppError('not_found', 'Mentor profile not found.');
  return presentProfile(viewer, row.p, row.u);
}

/** The caller's own mentor profile, paused or not, or null when they have none yet (the page asks this to know whether they are a mentor). */
export async function getOwnMentorProfile(db: Db, actor: Actor): Promise<MentorProfile | null> {
  const [row] = await db
    .select({ p: mentorProfiles, u: mentorUserColumns })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(eq(mentorProfiles.userId, actor.id));
  return row ? presentProfile(actor, row.p, row.u) : null;
}

/**
 * The caller becomes a mentor: their own profile only (403 otherwise), one per member (409). Creating it unlocks the
 * mentor achievement, in the same transaction; the achievement is a member's once, so a profile made again after
 * one was removed earns nothing more.
 */
export async function createMentorProfile(db: Db, actor: MentoringActor, data: MentorProfileCreateData, now: Date): Promise<MentorProfile> {
  if (data.userId !== actor.id) throw new AppError('forbidden', 'You can only create your own mentor profile.');
  const { userId, yearsExperience, ...fields } = data;
  await db.transaction(async (tx) => {
    // years left out are the ones the member gave on their own profile, so a mentor never reads "0 years" by omission
    const [own] = yearsExperience === undefined ? await tx.select({ years: users.yearsExperience }).from(users).where(eq(users.id, userId)) : [];
    const years = yearsExperience ?? own?.years ?? MENTOR_DEFAULTS.yearsExperience;
    const [created] = await tx
      .insert(mentorProfiles)
      .values({ ...fields, yearsExperience: years, userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: mentorProfiles.id });
    if (!created) throw new AppError('conflict', 'You already have a mentor profile.');
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

/* ---------- requests ---------- */

const mentorUser = alias(users, 'mentor_user');
const menteeUser = alias(users, 'mentee_user');

const requestRows = (db: Db | Tx) =>
  db
    .select({
      r: mentorshipRequests,
      mentor: { firstName: mentorUser.firstName, lastName: mentorUser.lastName },
      mentee: { firstName: menteeUser.firstName, lastName: menteeUser.lastName },
      menteeCvUrl: menteeUser.cvUrl,
    })
    .from(mentorshipRequests)
    .innerJoin(mentorUser, eq(mentorUser.id, mentorshipRequests.mentorId))
    .innerJoin(menteeUser, eq(menteeUser.id, mentorshipRequests.menteeId));

type Person = { firstName: string; lastName: string };
/** A request as its viewer sees it; the mentee's CV link goes to the mentor only, as the CV policy allows (policies/users.ts). */
function presentRequest(actor: Pick<Actor, 'id'>, r: RequestRow, mentor: Person, mentee: Person, menteeCvUrl: string | null): MentorshipRequest {
  return {
    id: r.id,
    menteeId: r.menteeId,
    mentorId: r.mentorId,
    goalDescription: r.goalDescription,
    timeCommitment: r.timeCommitment as MentorshipRequest['timeCommitment'],
    duration: r.duration as MentorshipRequest['duration'],
    preferredMeetingTime: r.preferredMeetingTime,
    additionalNotes: r.additionalNotes,
    status: r.status as MentorshipRequestStatus,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    mentor,
    mentee,
    menteeCvUrl: actor.id === r.mentorId && sharesCvWithMentor(r.status) ? menteeCvUrl : null,
    can: mentorshipRequestAbilities(actor, r),
  };
}

async function loadRequest(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string): Promise<MentorshipRequest> {
  const [row] = await requestRows(db).where(eq(mentorshipRequests.id, id));
  if (!row) throw new AppError('not_found', 'Mentorship request not found.');
  return presentRequest(actor, row.r, row.mentor, row.mentee, row.menteeCvUrl);
}

/**
 * The caller asks a mentor for mentorship: for themselves only (403), never from themselves (400), from an active
 * mentor of a listed member (404) with a free place (409), at most one open request per mentor (409, also when two
 * are sent at once: a unique index on open requests). The mentor is notified.
 */
export async function createMentorshipRequest(db: Db, actor: MentoringActor, data: MentorshipRequestCreateData, now: Date): Promise<MentorshipRequest> {
  if (data.menteeId !== actor.id) throw new AppError('forbidden', 'You can only request mentorship for yourself.');
  if (data.mentorId === actor.id) throw new AppError('bad_request', 'You cannot request mentorship from yourself.');
  const id = await db.transaction(async (tx) => {
    const [mentor] = await tx
      .select({ p: mentorProfiles })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(and(eq(mentorProfiles.userId, data.mentorId), eq(mentorProfiles.isActive, true), mentorListed));
    if (!mentor) throw new AppError('not_found', 'Mentor not found.');
    if (!hasFreePlace(mentor.p)) throw new AppError('conflict', MENTOR_FULLY_BOOKED);
    const [created] = await tx
      .insert(mentorshipRequests)
      .values({ ...data, status: 'pending', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: mentorshipRequests.id });
    if (!created) throw new AppError('conflict', 'You already have an open mentorship request with this mentor.');
    await notify(
      tx,
      data.mentorId,
      'mentorship_request',
      { type: 'mentorship_request', id: created.id },
      {
        actorId: actor.id,
        title: 'New mentorship request',
        message: `${actor.firstName} ${actor.lastName} would like you to be their mentor.`,
        actionUrl: '/mentor-matching',
        at: now,
      },
    );
    return created.id;
  });
  return loadRequest(db, actor, id);
}

export interface RequestListQuery extends PageQuery {
  status?: MentorshipRequestStatus;
}

async function listRequests(db: Db, actor: Actor, by: SQL, q: RequestListQuery) {
  const where = and(by, q.status ? eq(mentorshipRequests.status, q.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    requestRows(db).where(where).orderBy(desc(mentorshipRequests.createdAt), desc(mentorshipRequests.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ total: count() }).from(mentorshipRequests).where(where),
  ]);
  return { items: rows.map((r) => presentRequest(actor, r.r, r.mentor, r.mentee, r.menteeCvUrl)), total };
}

/** My Requests: the requests a member sent, newest first; their own (administrators: anyone's), else 403. */
export function listMenteeRequests(db: Db, actor: Actor, menteeId: string, q: RequestListQuery) {
  if (!canReadMenteeRequests(actor, menteeId)) throw new AppError('forbidden', 'You can only see your own mentorship requests.');
  return listRequests(db, actor, eq(mentorshipRequests.menteeId, menteeId), q);
}

/** The requests sent to the caller as a mentor, newest first. */
export function listMentorRequests(db: Db, actor: Actor, q: RequestListQuery) {
  return listRequests(db, actor, eq(mentorshipRequests.mentorId, actor.id), q);
}

/** Locks a request the actor takes part in (404 for anyone else). */
async function lockRequest(tx: Tx, actor: Pick<Actor, 'id'>, id: string): Promise<RequestRow> {
  const [row] = await tx.select().from(mentorshipRequests).where(eq(mentorshipRequests.id, id)).for('update');
  if (!row || !isPartyTo(actor, row)) throw new AppError('not_found', 'Mentorship request not found.');
  return row;
}

/** Locks a mentor's profile row: every change of its mentee count goes through here, after the request's lock. */
async function lockProfile(tx: Tx, mentorId: string): Promise<ProfileRow> {
  const [row] = await tx.select().from(mentorProfiles).where(eq(mentorProfiles.userId, mentorId)).for('update');
  if (!row) throw new AppError('not_found', 'Mentor profile not found.');
  return row;
}

const setStatus = (tx: Tx, id: string, status: MentorshipRequestStatus, now: Date) =>
  tx.update(mentorshipRequests).set({ status, updatedAt: now }).where(eq(mentorshipRequests.id, id));

/** The mentee withdraws a pending request; the mentor's count is untouched. */
export async function withdrawRequest(db: Db, actor: MentoringActor, id: string, now: Date): Promise<MentorshipRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id);
    if (row.menteeId !== actor.id) throw new AppError('forbidden', 'Only the member who sent this request can withdraw it.');
    if (row.status !== 'pending') throw new AppError('conflict', 'Only a pending request can be withdrawn.');
    await setStatus(tx, id, 'withdrawn', now);
  });
  return loadRequest(db, actor, id);
}

/**
 * The mentor accepts or declines a pending request. Accepting takes a place: the profile row is locked in the same
 * transaction, so of many acceptances at once exactly as many succeed as there are free places; the rest are
 * refused as fully booked. The mentee is notified either way.
 */
export async function answerRequest(db: Db, actor: MentoringActor, id: string, answer: 'accepted' | 'declined', now: Date): Promise<MentorshipRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id);
    if (row.mentorId !== actor.id) throw new AppError('forbidden', 'Only the mentor can answer this request.');
    if (row.status !== 'pending') throw new AppError('conflict', 'This request has already been answered.');
    if (answer === 'accepted') {
      const profile = await lockProfile(tx, row.mentorId);
      if (!hasFreePlace(profile)) throw new AppError('conflict', MENTOR_FULLY_BOOKED);
      await tx
        .update(mentorProfiles)
        .set({ currentMentees: sql`${mentorProfiles.currentMentees} + 1`, updatedAt: now })
        .where(eq(mentorProfiles.id, profile.id));
    }
    await setStatus(tx, id, answer, now);
    await notify(
      tx,
      row.menteeId,
      'mentorship_answered',
      { type: 'mentorship_request', id },
      {
        actorId: actor.id,
        title: answer === 'accepted' ? 'Mentorship request accepted' : 'Mentorship request declined',
        message:
          answer === 'accepted'
            ? `${actor.firstName} ${actor.lastName} accepted your mentorship request.`
            : `${actor.firstName} ${actor.lastName} declined your mentorship request.`,
        actionUrl: '/mentor-matching',
        at: now,
      },
    );
  });
  return loadRequest(db, actor, id);
}

/** Either side ends an accepted mentorship: it is completed and the mentor's place is freed. The other side is notified. */
export async function completeRequest(db: Db, actor: MentoringActor, id: string, now: Date): Promise<MentorshipRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id);
    if (row.status !== 'accepted') throw new AppError('conflict', 'Only an accepted mentorship can be completed.');
    const profile = await lockProfile(tx, row.mentorId);
    await tx
      .update(mentorProfiles)
      .set({ currentMentees: sql`greatest(${mentorProfiles.currentMentees} - 1, 0)`, updatedAt: now })
      .where(eq(mentorProfiles.id, profile.id));
    await setStatus(tx, id, 'completed', now);
    await notify(
      tx,
      row.menteeId === actor.id ? row.mentorId : row.menteeId,
      'mentorship_ended',
      { type: 'mentorship_request', id },
      {
        actorId: actor.id,
        title: 'Mentorship completed',
        message: `${actor.firstName} ${actor.lastName} marked your mentorship as completed.`,
        actionUrl: '/mentor-matching',
        at: now,
      },
    );
  });
  return loadRequest(db, actor, id);
}

/* ---------- sessions ---------- */

type Parties = { menteeId: string; mentorId: string };
function presentSession(actor: Pick<Actor, 'id'>, s: SessionRow, parties: Parties): MentorshipSession {
  return {
    id: s.id,
    requestId: s.requestId,
    scheduledAt: iso(s.scheduledAt),
    duration: s.duration,
    meetingLink: s.meetingLink,
    notes: s.notes,
    status: s.status as MentorshipSession['status'],
    menteeRating: s.menteeRating,
    createdAt: iso(s.createdAt),
    can: mentorshipSessionAbilities(actor, { ...parties, status: s.status, menteeRating: s.menteeRating }),
  };
}

export interface NewSession {
  scheduledAt: string;
  duration: number;
  meetingLink: string | null;
  notes: string | null;
}

/** The mentor schedules a session of an accepted mentorship; the mentee is notified. */
export async function scheduleSession(db: Db, actor: MentoringActor, requestId: string, data: NewSession, now: Date): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, requestId);
    if (row.mentorId !== actor.id) throw new AppError('forbidden', 'Only the mentor can schedule sessions.');
    if (row.status !== 'accepted') throw new AppError('conflict', 'Sessions can be scheduled only for an accepted mentorship.');
    const [created] = await tx
      .insert(mentorshipSessions)
      .values({ requestId, scheduledAt: new Date(data.scheduledAt), duration: data.duration, meetingLink: data.meetingLink, notes: data.notes, createdAt: now })
      .returning();
    await notify(
      tx,
      row.menteeId,
      'mentorship_session',
      { type: 'mentorship_session', id: created.id },
      {
        actorId: actor.id,
        title: 'Mentorship session scheduled',
        message: `${actor.firstName} ${actor.lastName} scheduled a mentorship session.`,
        actionUrl: '/mentor-matching',
        at: now,
      },
    );
    return presentSession(actor, created, row);
  });
}

/** The sessions of a mentorship the actor takes part in, soonest first. */
export async function listSessions(db: Db, actor: Actor, requestId: string, q: PageQuery) {
  const [request] = await db
    .select({ menteeId: mentorshipRequests.menteeId, mentorId: mentorshipRequests.mentorId })
    .from(mentorshipRequests)
    .where(eq(mentorshipRequests.id, requestId));
  if (!request || !isPartyTo(actor, request)) throw new AppError('not_found', 'Mentorship request not found.');
  const where = eq(mentorshipSessions.requestId, requestId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(mentorshipSessions).where(where).orderBy(asc(mentorshipSessions.scheduledAt), asc(mentorshipSessions.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ total: count() }).from(mentorshipSessions).where(where),
  ]);
  return { items: rows.map((s) => presentSession(actor, s, request)), total };
}

/** Locks a session with its request's parties (404 for anyone not one of them). */
async function lockSession(tx: Tx, actor: Pick<Actor, 'id'>, id: string) {
  const [row] = await tx
    .select({ s: mentorshipSessions, menteeId: mentorshipRequests.menteeId, mentorId: mentorshipRequests.mentorId })
    .from(mentorshipSessions)
    .innerJoin(mentorshipRequests, eq(mentorshipRequests.id, mentorshipSessions.requestId))
    .where(eq(mentorshipSessions.id, id))
    .for('update', { of: mentorshipSessions });
  if (!row || !isPartyTo(actor, row)) throw new AppError('not_found', 'Session not found.');
  return row;
}

/** Either side marks a scheduled session as held. */
export async function completeSession(db: Db, actor: MentoringActor, id: string): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, actor, id);
    if (row.s.status !== 'scheduled') throw new AppError('conflict', 'This session is already completed.');
    const [updated] = await tx.update(mentorshipSessions).set({ status: 'completed' }).where(eq(mentorshipSessions.id, id)).returning();
    return presentSession(actor, updated, row);
  });
}

/**
 * The mentee rates a completed session, once. The rating is kept as a review of the mentor, and the mentor's rating
 * (the mean of their reviews, two places) and review count are recomputed in the same transaction.
 */
export async function rateSession(db: Db, actor: MentoringActor, id: string, data: { rating: number; review: string | null }, now: Date): Promise<MentorshipSession> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, actor, id);
    if (row.menteeId !== actor.id) throw new AppError('forbidden', 'Only the mentee can rate a session.');
    if (row.s.status !== 'completed') throw new AppError('conflict', 'Only a completed session can be rated.');
    if (row.s.menteeRating !== null) throw new AppError('conflict', 'You have already rated this session.');
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
    return presentSession(actor, updated, row);
  });
}
