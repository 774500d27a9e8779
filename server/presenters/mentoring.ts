import type { MentorshipRequestStatus } from '../../common/constants/mentoring.ts';
import type { MentorProfile, MentorshipRequest, MentorshipSession } from '../../common/schemas/mentoring.ts';
import type { mentorProfiles, mentorshipRequests, mentorshipSessions } from '../db/schema/index.ts';
import { mentorProfileAbilities, mentorshipRequestAbilities, mentorshipSessionAbilities, sharesCvWithMentor } from '../policies/mentoring.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from './wire.ts';

type ProfileRow = typeof mentorProfiles.$inferSelect;
type RequestRow = typeof mentorshipRequests.$inferSelect;
type SessionRow = typeof mentorshipSessions.$inferSelect;

/** The mentor's member fields a profile carries. */
export type MentorUser = { firstName: string; lastName: string; jobTitle: string | null; company: string | null; profilePicture: string | null };

/** A mentor profile as its viewer sees it, with what they may do with it. */
export function presentMentorProfile(actor: Actor, p: ProfileRow, user: MentorUser): MentorProfile {
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

type Person = { firstName: string; lastName: string };

/** A request as its viewer sees it; the mentee's CV link goes to the mentor only, as the CV policy allows (policies/users.ts). */
export function presentMentorshipRequest(actor: Pick<Actor, 'id'>, r: RequestRow, mentor: Person, mentee: Person, menteeCvUrl: string | null): MentorshipRequest {
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

/** The two sides of a session's mentorship. */
export type Parties = { menteeId: string; mentorId: string };

/** A session as one side of its mentorship sees it. */
export function presentMentorshipSession(actor: Pick<Actor, 'id'>, s: SessionRow, parties: Parties): MentorshipSession {
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
