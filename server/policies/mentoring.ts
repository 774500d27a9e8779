import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { MentorProfileAbilities, MentorshipRequestAbilities, MentorshipSessionAbilities } from '../../common/schemas/mentoring.ts';
import { mentorProfiles, users } from '../db/schema/index.ts';
import { conflict, forbidden, notFound, permits, type Permission } from './authorize.ts';
import { isAdmin, type Actor } from './roles.ts';

/**
 * Mentor matching. Any member may become a mentor (one profile, their own) and ask other mentors for mentorship.
 * Active profiles are seen by every member; a paused (inactive) one only by its owner and administrators.
 * A request is seen by its mentee and its mentor (and, on a mentee's list, by administrators); the mentee withdraws
 * it while pending, the mentor accepts or declines it while pending, either ends it once accepted, and the mentor
 * schedules its sessions; either side marks a session held and the mentee rates a held session once. Anyone else
 * is told a request or session does not exist (404); the wrong side is refused (403); the right side at the wrong
 * time is a conflict (409).
 */
type ProfileFacts = { userId: string; isActive: boolean; currentMentees: number; maxMentees: number };
type RequestFacts = { menteeId: string; mentorId: string; status: string };

export const hasFreePlace = (p: Pick<ProfileFacts, 'currentMentees' | 'maxMentees'>) => p.currentMentees < p.maxMentees;

/** A mentor's account may be seen: approved, active and not removed (SQL over `users`). */
export const mentorListedSql = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;

/** The mentor profiles (joined with their member) an actor may load: listed members', their own, and for administrators every one. */
export function mentorProfileScope(actor: Actor): SQL {
  return isAdmin(actor) ? sql`true` : or(mentorListedSql, eq(mentorProfiles.userId, actor.id))!;
}

export function canSeeMentorProfile(actor: Actor, p: Pick<ProfileFacts, 'userId' | 'isActive'>): boolean {
  return p.isActive || p.userId === actor.id || isAdmin(actor);
}

export function mentorProfileAbilities(actor: Actor, p: ProfileFacts): MentorProfileAbilities {
  const own = p.userId === actor.id;
  return { requestMentorship: !own && p.isActive && hasFreePlace(p), edit: own };
}

/** Whose list of requests as a mentee the actor may read: their own; administrators any. */
export function menteeRequestsPermission(actor: Actor, menteeId: string): Permission {
  return actor.id === menteeId || isAdmin(actor) ? 'ok' : forbidden('You can only see your own mentorship requests.');
}
export const canReadMenteeRequests = (actor: Actor, menteeId: string) => permits(menteeRequestsPermission(actor, menteeId));

/** Whether the actor takes part in the request (mentee or mentor); others are told it does not exist. */
export const isPartyTo = (actor: Pick<Actor, 'id'>, r: Pick<RequestFacts, 'menteeId' | 'mentorId'>) => r.menteeId === actor.id || r.mentorId === actor.id;

export type MentorshipRequestAction = 'view' | 'withdraw' | 'answer' | 'complete' | 'scheduleSession';

const REQUEST_NOT_FOUND = 'Mentorship request not found.';

/**
 * Whether the actor may act on a mentorship request now: only its two parties see it; the mentee withdraws and the
 * mentor answers while it is pending; either ends it, and the mentor schedules its sessions, once it is accepted.
 */
export function mentorshipRequestPermission(actor: Pick<Actor, 'id'>, action: MentorshipRequestAction, r: RequestFacts): Permission {
  if (!isPartyTo(actor, r)) return notFound(REQUEST_NOT_FOUND);
  const mentee = r.menteeId === actor.id;
  const mentor = r.mentorId === actor.id;
  switch (action) {
    case 'view':
      return 'ok';
    case 'withdraw':
      if (!mentee) return forbidden('Only the member who sent this request can withdraw it.');
      return r.status === 'pending' ? 'ok' : conflict('Only a pending request can be withdrawn.');
    case 'answer':
      if (!mentor) return forbidden('Only the mentor can answer this request.');
      return r.status === 'pending' ? 'ok' : conflict('This request has already been answered.');
    case 'complete':
      return r.status === 'accepted' ? 'ok' : conflict('Only an accepted mentorship can be completed.');
    case 'scheduleSession':
      if (!mentor) return forbidden('Only the mentor can schedule sessions.');
      return r.status === 'accepted' ? 'ok' : conflict('Sessions can be scheduled only for an accepted mentorship.');
  }
}

export function mentorshipRequestAbilities(actor: Pick<Actor, 'id'>, r: RequestFacts): MentorshipRequestAbilities {
  const may = (action: MentorshipRequestAction) => permits(mentorshipRequestPermission(actor, action, r));
  return { withdraw: may('withdraw'), accept: may('answer'), decline: may('answer'), complete: may('complete'), scheduleSession: may('scheduleSession') };
}

/**
 * Whether a request lets its mentor read the mentee's CV: asking someone for mentorship shares the CV with them, in
 * every state of the request (pending, accepted, declined, completed) except withdrawn, where the mentee took the
 * request back. The CV policy (policies/users.ts) asks the database the same question.
 */
export const CV_WITHHELD_STATUS = 'withdrawn';
export const sharesCvWithMentor = (status: string) => status !== CV_WITHHELD_STATUS;

type SessionFacts = { menteeId: string; mentorId: string; status: string; menteeRating: number | null };

export type MentorshipSessionAction = 'view' | 'complete' | 'rate';

/** Whether the actor may act on a session now: its request's parties see it; either marks it held, the mentee rates it once held, once. */
export function mentorshipSessionPermission(actor: Pick<Actor, 'id'>, action: MentorshipSessionAction, s: SessionFacts): Permission {
  if (!isPartyTo(actor, s)) return notFound('Session not found.');
  switch (action) {
    case 'view':
      return 'ok';
    case 'complete':
      return s.status === 'scheduled' ? 'ok' : conflict('This session is already completed.');
    case 'rate':
      if (s.menteeId !== actor.id) return forbidden('Only the mentee can rate a session.');
      if (s.status !== 'completed') return conflict('Only a completed session can be rated.');
      return s.menteeRating === null ? 'ok' : conflict('You have already rated this session.');
  }
}

export function mentorshipSessionAbilities(actor: Pick<Actor, 'id'>, s: SessionFacts): MentorshipSessionAbilities {
  return { complete: permits(mentorshipSessionPermission(actor, 'complete', s)), rate: permits(mentorshipSessionPermission(actor, 'rate', s)) };
}
