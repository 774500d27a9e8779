/** Mentor matching: the options of a mentor profile and a mentorship request, their defaults and limits. */
export const MENTORSHIP_STYLES = ['hands-on', 'advisory', 'peer-to-peer'] as const;
export type MentorshipStyle = (typeof MENTORSHIP_STYLES)[number];

export const MEETING_PREFERENCES = ['virtual', 'in-person', 'hybrid'] as const;
export type MeetingPreference = (typeof MEETING_PREFERENCES)[number];

export const TIME_COMMITMENTS = ['1-2 hours/week', '3-5 hours/week', '5+ hours/week'] as const;
export type TimeCommitment = (typeof TIME_COMMITMENTS)[number];

export const MENTORSHIP_DURATIONS = ['3 months', '6 months', '1 year', 'ongoing'] as const;
export type MentorshipDuration = (typeof MENTORSHIP_DURATIONS)[number];

/** pending → accepted | declined | withdrawn; accepted → completed. Pending and accepted are "open". */
export const MENTORSHIP_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'completed'] as const;
export type MentorshipRequestStatus = (typeof MENTORSHIP_REQUEST_STATUSES)[number];

export const MENTORSHIP_SESSION_STATUSES = ['scheduled', 'completed'] as const;

export const MENTOR_DEFAULTS = {
  yearsExperience: 0,
  availabilityHours: 5,
  maxMentees: 3,
  mentorshipStyle: 'advisory',
  meetingPreference: 'virtual',
} as const satisfies Record<string, number | string>;

/** A mentor is listed only with what a mentee chooses by: at least one specialization and one industry. */
export const MENTOR_PROFILE_MESSAGES = {
  specializationRequired: 'Add at least one specialization',
  industryRequired: 'Add at least one industry',
} as const;

export const MENTORSHIP_REQUEST_DEFAULTS = { timeCommitment: '1-2 hours/week', duration: '3 months' } as const;

export const MENTORING_LIMITS = {
  yearsExperience: { min: 0, max: 60 },
  availabilityHours: { min: 1, max: 40 },
  maxMentees: { min: 1, max: 20 },
  listItems: 20,
  specialization: 60,
  industry: 60,
  achievement: 200,
  bio: 1000,
  goalDescription: { min: 10, max: 1000 },
  preferredMeetingTime: 100,
  additionalNotes: 1000,
  sessionMinutes: { min: 15, max: 480 },
  meetingLink: 500,
  sessionNotes: 2000,
  review: 1000,
} as const;

export const MENTOR_FULLY_BOOKED = 'This mentor is fully booked.';
