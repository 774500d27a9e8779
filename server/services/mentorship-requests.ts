import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MENTOR_FULLY_BOOKED, type MentorshipRequestStatus } from '../../common/constants/mentoring.ts';
import { AppError } from '../../common/errors.ts';
import type { MentorshipRequest, MentorshipRequestCreateData } from '../../common/schemas/mentoring.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { mentorProfiles, mentorshipRequests, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { hasFreePlace, mentorListedSql, menteeRequestsPermission, mentorshipRequestPermission, type MentorshipRequestAction } from '../policies/mentoring.ts';
import type { Actor } from '../policies/roles.ts';
import { presentMentorshipRequest } from '../presenters/mentoring.ts';
import { recordEvent } from './domain-events.ts';
import type { MentoringActor } from './mentor-discovery.ts';
import { notifyMember } from './notify.ts';

type RequestRow = typeof mentorshipRequests.$inferSelect;
type ProfileRow = typeof mentorProfiles.$inferSelect;

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

async function loadRequest(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string): Promise<MentorshipRequest> {
  const [row] = await requestRows(db).where(eq(mentorshipRequests.id, id));
  if (!row) throw new AppError('not_found', 'Mentorship request not found.');
  return presentMentorshipRequest(actor, row.r, row.mentor, row.mentee, row.menteeCvUrl);
}

/** A request's ids as its events carry them. */
const requestFacts = (r: Pick<RequestRow, 'id' | 'menteeId' | 'mentorId'>) => ({ requestId: r.id, menteeId: r.menteeId, mentorId: r.mentorId });

/**
 * The caller asks a mentor for mentorship, for themselves (the session's member): never from themselves (400), from
 * an active mentor of a listed member (404) with a free place (409), at most one open request per mentor (409, also
 * when two are sent at once: a unique index on open requests). The mentor is notified.
 */
export async function createMentorshipRequest(db: Db, actor: MentoringActor, data: MentorshipRequestCreateData, now: Date): Promise<MentorshipRequest> {
  if (data.mentorId === actor.id) throw new AppError('bad_request', 'You cannot request mentorship from yourself.');
  const id = await db.transaction(async (tx) => {
    const [mentor] = await tx
      .select({ p: mentorProfiles })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(and(eq(mentorProfiles.userId, data.mentorId), eq(mentorProfiles.isActive, true), mentorListedSql));
    if (!mentor) throw new AppError('not_found', 'Mentor not found.');
    if (!hasFreePlace(mentor.p)) throw new AppError('conflict', MENTOR_FULLY_BOOKED);
    const { menteeId: _ignored, ...fields } = data;
    const [created] = await tx
      .insert(mentorshipRequests)
      .values({ ...fields, menteeId: actor.id, status: 'pending', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('conflict', 'You already have an open mentorship request with this mentor.');
    await recordEvent(tx, 'mentorship.requested', requestFacts(created), { entityId: created.id, actorId: actor.id, at: now });
    await notifyMember(
      tx,
      data.mentorId,
      'mentorship_request',
      { mentee: actor },
      { entity: { type: 'mentorship_request', id: created.id }, at: now, actorId: actor.id },
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
  return { items: rows.map((r) => presentMentorshipRequest(actor, r.r, r.mentor, r.mentee, r.menteeCvUrl)), total };
}

/** My Requests: the requests a member sent, newest first; their own (administrators: anyone's), else 403. */
export function listMenteeRequests(db: Db, actor: Actor, menteeId: string, q: RequestListQuery) {
  authorize(menteeRequestsPermission(actor, menteeId));
  return listRequests(db, actor, eq(mentorshipRequests.menteeId, menteeId), q);
}

/** The requests sent to the caller as a mentor, newest first. */
export function listMentorRequests(db: Db, actor: Actor, q: RequestListQuery) {
  return listRequests(db, actor, eq(mentorshipRequests.mentorId, actor.id), q);
}

/** Locks a request and asks the policy whether the actor may do this to it now (404 for anyone not a party). */
export async function lockRequest(tx: Tx, actor: Pick<Actor, 'id'>, id: string, action: MentorshipRequestAction): Promise<RequestRow> {
  const [row] = await tx.select().from(mentorshipRequests).where(eq(mentorshipRequests.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'Mentorship request not found.');
  authorize(mentorshipRequestPermission(actor, action, row));
  return row;
}

/** Locks a mentor's profile row: every change of its mentee count goes through here, after the request's lock. */
export async function lockProfile(tx: Tx, mentorId: string): Promise<ProfileRow> {
  const [row] = await tx.select().from(mentorProfiles).where(eq(mentorProfiles.userId, mentorId)).for('update');
  if (!row) throw new AppError('not_found', 'Mentor profile not found.');
  return row;
}

const setStatus = (tx: Tx, id: string, status: MentorshipRequestStatus, now: Date) =>
  tx.update(mentorshipRequests).set({ status, updatedAt: now }).where(eq(mentorshipRequests.id, id));

/** The mentee withdraws a pending request; the mentor's count is untouched. */
export async function withdrawRequest(db: Db, actor: MentoringActor, id: string, now: Date): Promise<MentorshipRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id, 'withdraw');
    await setStatus(tx, id, 'withdrawn', now);
    await recordEvent(tx, 'mentorship.withdrawn', requestFacts(row), { entityId: id, actorId: actor.id, at: now });
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
    const row = await lockRequest(tx, actor, id, 'answer');
    if (answer === 'accepted') {
      const profile = await lockProfile(tx, row.mentorId);
      if (!hasFreePlace(profile)) throw new AppError('conflict', MENTOR_FULLY_BOOKED);
      await tx
        .update(mentorProfiles)
        .set({ currentMentees: sql`${mentorProfiles.currentMentees} + 1`, updatedAt: now })
        .where(eq(mentorProfiles.id, profile.id));
    }
    await setStatus(tx, id, answer, now);
    const meta = { entityId: id, actorId: actor.id, at: now };
    await recordEvent(tx, answer === 'accepted' ? 'mentorship.accepted' : 'mentorship.declined', requestFacts(row), meta);
    await notifyMember(tx, row.menteeId, 'mentorship_answered', { mentor: actor, answer }, { entity: { type: 'mentorship_request', id }, at: now, actorId: actor.id });
  });
  return loadRequest(db, actor, id);
}

/** Either side ends an accepted mentorship: it is completed and the mentor's place is freed. The other side is notified. */
export async function completeRequest(db: Db, actor: MentoringActor, id: string, now: Date): Promise<MentorshipRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id, 'complete');
    const profile = await lockProfile(tx, row.mentorId);
    await tx
      .update(mentorProfiles)
      .set({ currentMentees: sql`greatest(${mentorProfiles.currentMentees} - 1, 0)`, updatedAt: now })
      .where(eq(mentorProfiles.id, profile.id));
    await setStatus(tx, id, 'completed', now);
    const byMentee = row.menteeId === actor.id;
    await recordEvent(tx, 'mentorship.ended', { ...requestFacts(row), endedBy: byMentee ? 'mentee' : 'mentor' }, { entityId: id, actorId: actor.id, at: now });
    await notifyMember(
      tx,
      byMentee ? row.mentorId : row.menteeId,
      'mentorship_ended',
      { by: actor },
      { entity: { type: 'mentorship_request', id }, at: now, actorId: actor.id },
    );
  });
  return loadRequest(db, actor, id);
}
