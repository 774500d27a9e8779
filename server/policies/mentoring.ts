import type { MentorProfileAbilities, MentorshipRequestAbilities, MentorshipSessionAbilities } from '../../common/schemas/mentoring.ts';
import { isAdmin, type Actor } from './roles.ts';

/**
 * Mentor matching. Any member may become a mentor (one profile, their own) and ask other mentors for mentorship.
 * Active profiles are seen by every member; a paused (inactive) one only by its owner and administrators.
 * A request is seen by its mentee and its mentor (and, on a mentee's list, by administrators); the mentee withdraws
 * it while pending, the mentor accepts or declines it while pending, either ends it once accepted, and the mentor
 * schedules its sessions; either side marks a session held and the mentee rates a held session once.
 */
type ProfileFacts = { userId: string; isActive: boolean; currentMentees: number; maxMentees: number };
type RequestFacts = { menteeId: string; mentorId: string; status: string };

export const hasFreePlace = (p: Pick<ProfileFacts, 'currentMentees' | 'maxMentees'>) => p.currentMentees < p.maxMentees;

export function canSeeMentorProfile(actor: Actor, p: Pick<ProfileFacts, 'userId' | 'isActive'>): boolean {
  return p.isActive || p.userId === actor.id || isAdmin(actor);
}

export function mentorProfileAbilities(actor: Actor, p: ProfileFacts): MentorProfileAbilities {
  const own = p.userId === actor.id;
  return { requestMentorship: !own && p.isActive && hasFreePlace(p), edit: own };
}

/** Whose list of requests as a mentee the actor may read: their own; administrators any. */
export function canReadMenteeRequests(actor: Actor, menteeId: string): boolean {
  return actor.id === menteeId || isAdmin(actor);
}

/** Whether the actor takes part in the request (mentee or mentor); others are told it does not exist. */
export const isPartyTo = (actor: Pick<Actor, 'id'>, r: Pick<RequestFacts, 'menteeId' | 'mentorId'>) => r.menteeId === actor.id || r.mentorId === actor.id;

export function mentorshipRequestAbilities(actor: Pick<Actor, 'id'>, r: RequestFacts): MentorshipRequestAbilities {
  const mentee = r.menteeId === actor.id;
  const mentor = r.mentorId === actor.id;
  const pending = r.status === 'pending';
  const accepted = r.status === 'accepted';
  return {
    withdraw: mentee && pending,
    accept: mentor && pending,
    decline: mentor && pending,
    complete: (mentee || mentor) && accepted,
    scheduleSession: mentor && accepted,
  };
}

/**
 * Whether a request lets its mentor read the mentee's CV: asking someone for mentorship shares the CV with them, in
 * every state of the request (pending, accepted, declined, completed) except withdrawn, where the mentee took the
 * request back. The CV policy (policies/users.ts) asks the database the same question.
 */
export const CV_WITHHELD_STATUS = 'withdrawn';
export const sharesCvWithMentor = (status: string) => status !== CV_WITHHELD_STATUS;

type SessionFacts = { menteeId: string; mentorId: string; status: string; menteeRating: number | null };

export function mentorshipSessionAbilities(actor: Pick<Actor, 'id'>, s: SessionFacts): MentorshipSessionAbilities {
  return {
    complete: isPartyTo(actor, s) && s.status === 'scheduled',
    rate: s.menteeId === actor.id && s.status === 'completed' && s.menteeRating === null,
  };
}
