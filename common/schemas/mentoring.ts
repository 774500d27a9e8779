import { z } from 'zod';
import {
  MEETING_PREFERENCES,
  MENTOR_DEFAULTS as D,
  MENTOR_PROFILE_MESSAGES as PM,
  MENTORING_LIMITS as L,
  MENTORSHIP_DURATIONS,
  MENTORSHIP_REQUEST_DEFAULTS,
  MENTORSHIP_REQUEST_STATUSES,
  MENTORSHIP_SESSION_STATUSES,
  MENTORSHIP_STYLES,
  TIME_COMMITMENTS,
} from '../constants/mentoring.ts';
import { MATCH_LABELS, MATCH_TONES } from '../rules/mentor-match.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/* ---------- inputs ---------- */

/** A list of short texts: each trimmed, blanks dropped, at most `items` entries of at most `chars` characters. */
const textList = (what: string, chars: number) =>
  z
    .array(z.string().trim().max(chars, `Each ${what} must be at most ${chars} characters`))
    .transform((list) => list.filter(Boolean))
    .pipe(z.array(z.string()).max(L.listItems, `Add at most ${L.listItems} ${what} entries`));

const int = (label: string, { min, max }: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const profileFields = {
  yearsExperience: int('Years of experience', L.yearsExperience),
  specializations: textList('specialization', L.specialization),
  industries: textList('industry', L.industry),
  mentorshipStyle: z.enum(MENTORSHIP_STYLES, { error: 'Choose a mentorship style' }),
  availabilityHours: int('Availability hours', L.availabilityHours),
  maxMentees: int('Maximum mentees', L.maxMentees),
  bio: optionalText('Bio', L.bio),
  achievements: textList('achievement', L.achievement),
  meetingPreference: z.enum(MEETING_PREFERENCES, { error: 'Choose a meeting preference' }),
};

const filled = (list: string[]) => list.length > 0;

/**
 * A key older clients still send with the caller's own id: accepted and dropped, never compared. The member a
 * profile or request belongs to is always the signed-in one.
 */
const formerOwnId = z
  .unknown()
  .transform(() => undefined)
  .optional();

/**
 * POST /api/mentor-profiles: the caller becomes a mentor. An empty profile is refused:
 * at least one specialization and one industry. Years of experience left out are the member's own profile's.
 */
export const mentorProfileCreateSchema = z
  .object({
    userId: formerOwnId,
    yearsExperience: profileFields.yearsExperience.optional(),
    specializations: profileFields.specializations.default([]).refine(filled, PM.specializationRequired),
    industries: profileFields.industries.default([]).refine(filled, PM.industryRequired),
    mentorshipStyle: profileFields.mentorshipStyle.default(D.mentorshipStyle),
    availabilityHours: profileFields.availabilityHours.default(D.availabilityHours),
    maxMentees: profileFields.maxMentees.default(D.maxMentees),
    bio: profileFields.bio,
    achievements: profileFields.achievements.default([]),
    meetingPreference: profileFields.meetingPreference.default(D.meetingPreference),
  })
  .strict();
export type MentorProfileCreate = z.input<typeof mentorProfileCreateSchema>;
export type MentorProfileCreateData = z.output<typeof mentorProfileCreateSchema>;

/** PATCH /api/mentor-profiles/me: any of the fields; `isActive: false` pauses the profile (hidden from discovery). */
export const mentorProfileUpdateSchema = z
  .object({
    ...profileFields,
    specializations: profileFields.specializations.refine(filled, PM.specializationRequired),
    industries: profileFields.industries.refine(filled, PM.industryRequired),
    isActive: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field');
export type MentorProfileUpdate = z.input<typeof mentorProfileUpdateSchema>;
export type MentorProfileUpdateData = z.output<typeof mentorProfileUpdateSchema>;

/** POST /api/mentorship-requests: the caller asks the mentor whose user id is mentorId. */
export const mentorshipRequestCreateSchema = z
  .object({
    menteeId: formerOwnId,
    mentorId: z.uuid('Unknown mentor'),
    goalDescription: z
      .string({ error: 'Describe your goals' })
      .trim()
      .min(L.goalDescription.min, `Goals must be at least ${L.goalDescription.min} characters`)
      .max(L.goalDescription.max, `Goals must be at most ${L.goalDescription.max} characters`),
    timeCommitment: z.enum(TIME_COMMITMENTS, { error: 'Choose a time commitment' }).default(MENTORSHIP_REQUEST_DEFAULTS.timeCommitment),
    duration: z.enum(MENTORSHIP_DURATIONS, { error: 'Choose a duration' }).default(MENTORSHIP_REQUEST_DEFAULTS.duration),
    preferredMeetingTime: optionalText('Preferred meeting time', L.preferredMeetingTime),
    additionalNotes: optionalText('Additional notes', L.additionalNotes),
  })
  .strict();
export type MentorshipRequestCreate = z.input<typeof mentorshipRequestCreateSchema>;
export type MentorshipRequestCreateData = z.output<typeof mentorshipRequestCreateSchema>;

/** POST /api/mentorship-requests/:id/sessions: the mentor schedules a session of an accepted mentorship. */
export const mentorshipSessionCreateSchema = z
  .object({
    scheduledAt: z.iso.datetime({ offset: true, error: 'Choose a date and time' }),
    duration: int('Duration', L.sessionMinutes).default(60),
    meetingLink: z
      .url({ protocol: /^https?$/, error: 'Enter a valid meeting link' })
      .max(L.meetingLink, `The meeting link must be at most ${L.meetingLink} characters`)
      .nullish()
      .transform((v) => v || null),
    notes: optionalText('Notes', L.sessionNotes),
  })
  .strict();
export type MentorshipSessionCreate = z.input<typeof mentorshipSessionCreateSchema>;

/** POST /api/mentorship-sessions/:id/rate: the mentee rates a completed session once. */
export const mentorshipSessionRateSchema = z
  .object({
    rating: z
      .number({ error: 'Choose a rating from 1 to 5' })
      .int('Choose a rating from 1 to 5')
      .min(1, 'Choose a rating from 1 to 5')
      .max(5, 'Choose a rating from 1 to 5'),
    review: optionalText('Review', L.review),
  })
  .strict();
export type MentorshipSessionRate = z.input<typeof mentorshipSessionRateSchema>;

/** GET /api/mentor-profiles: discovery, scored for the caller, best match first. */
export const mentorDiscoveryQuerySchema = pageQuery(24, 60).extend({
  search: z.string().trim().max(100).optional(),
  specialization: z.string().trim().max(L.specialization).optional(),
  industry: z.string().trim().max(L.industry).optional(),
  availability: z.enum(['all', 'available', 'full']).default('all'),
});
export type MentorDiscoveryQuery = z.output<typeof mentorDiscoveryQuerySchema>;

export const mentorshipRequestListQuerySchema = pageQuery(25, 100).extend({ status: z.enum(MENTORSHIP_REQUEST_STATUSES).optional() });

/* ---------- answers ---------- */

/** A review rating on the wire: decimal text with two places, '0.00' to '5.00'. */
export const ratingSchema = z.string().regex(/^\d\.\d{2}$/, 'A rating is a decimal string with two places');

export const mentorMatchSchema = z.object({
  score: z.number().int().min(0).max(100),
  label: z.enum(MATCH_LABELS),
  tone: z.enum(MATCH_TONES),
  reasons: z.array(z.string()).max(2),
});
export type MentorMatchWire = z.infer<typeof mentorMatchSchema>;

/** What the viewer may do with one mentor profile. */
export const mentorProfileAbilitiesSchema = z.object({ requestMentorship: z.boolean(), edit: z.boolean() });
export type MentorProfileAbilities = z.infer<typeof mentorProfileAbilitiesSchema>;

export const mentorUserSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
  profilePicture: z.string().nullable(),
});

export const mentorProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  yearsExperience: z.number().int(),
  specializations: z.array(z.string()),
  industries: z.array(z.string()),
  mentorshipStyle: z.enum(MENTORSHIP_STYLES),
  availabilityHours: z.number().int(),
  maxMentees: z.number().int(),
  currentMentees: z.number().int(),
  bio: z.string().nullable(),
  achievements: z.array(z.string()),
  meetingPreference: z.enum(MEETING_PREFERENCES),
  isActive: z.boolean(),
  rating: ratingSchema,
  totalReviews: z.number().int(),
  createdAt: instantSchema,
  user: mentorUserSchema,
  can: mentorProfileAbilitiesSchema,
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

/** GET /api/mentor-profiles/me: the caller's own mentor profile, or null when they have none yet. */
export const ownMentorProfileSchema = z.object({ profile: mentorProfileSchema.nullable() });
export type OwnMentorProfile = z.infer<typeof ownMentorProfileSchema>;

/** A mentor as Discover Mentors lists it: the profile plus how well it matches the viewer. */
export const mentorCardSchema = mentorProfileSchema.extend({ match: mentorMatchSchema });
export type MentorCard = z.infer<typeof mentorCardSchema>;

export const mentorDiscoveryPageSchema = pageOf(mentorCardSchema).extend({
  /** Every distinct specialization and industry of the active mentors, sorted, for the filter menus. */
  filters: z.object({ specializations: z.array(z.string()), industries: z.array(z.string()) }),
  /** Active mentors with a free place: the header's count of available mentors. */
  availableCount: z.number().int().min(0),
});
export type MentorDiscoveryPage = z.infer<typeof mentorDiscoveryPageSchema>;

/** What the viewer may do with one mentorship request. */
export const mentorshipRequestAbilitiesSchema = z.object({
  withdraw: z.boolean(),
  accept: z.boolean(),
  decline: z.boolean(),
  complete: z.boolean(),
  scheduleSession: z.boolean(),
});
export type MentorshipRequestAbilities = z.infer<typeof mentorshipRequestAbilitiesSchema>;

const personSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const mentorshipRequestSchema = z.object({
  id: z.string(),
  menteeId: z.string(),
  mentorId: z.string(),
  goalDescription: z.string(),
  timeCommitment: z.enum(TIME_COMMITMENTS),
  duration: z.enum(MENTORSHIP_DURATIONS),
  preferredMeetingTime: z.string().nullable(),
  additionalNotes: z.string().nullable(),
  status: z.enum(MENTORSHIP_REQUEST_STATUSES),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  mentor: personSchema,
  mentee: personSchema,
  /** The mentee's CV link, sent only to the request's mentor when the CV policy lets them read it and there is a CV; else null. */
  menteeCvUrl: z.string().nullable(),
  can: mentorshipRequestAbilitiesSchema,
});
export type MentorshipRequest = z.infer<typeof mentorshipRequestSchema>;
export const mentorshipRequestPageSchema = pageOf(mentorshipRequestSchema);
export type MentorshipRequestPage = z.infer<typeof mentorshipRequestPageSchema>;

/** What the viewer may do with one session: mark it held (either side, while scheduled), rate it (the mentee, once held, once). */
export const mentorshipSessionAbilitiesSchema = z.object({ complete: z.boolean(), rate: z.boolean() });
export type MentorshipSessionAbilities = z.infer<typeof mentorshipSessionAbilitiesSchema>;

export const mentorshipSessionSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  scheduledAt: instantSchema,
  duration: z.number().int(),
  meetingLink: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(MENTORSHIP_SESSION_STATUSES),
  menteeRating: z.number().int().nullable(),
  createdAt: instantSchema,
  can: mentorshipSessionAbilitiesSchema,
});
export type MentorshipSession = z.infer<typeof mentorshipSessionSchema>;
