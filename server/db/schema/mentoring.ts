import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const mentorProfiles = pgTable(
  'mentor_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id').unique(),
    isActive: boolean('is_active').notNull().default(true),
    yearsExperience: integer('years_experience').notNull().default(0),
    specializations: textArray('specializations'),
    industries: textArray('industries'),
    mentorshipStyle: text('mentorship_style').notNull().default('advisory'),
    availabilityHours: integer('availability_hours').notNull().default(5),
    maxMentees: integer('max_mentees').notNull().default(3),
    currentMentees: integer('current_mentees').notNull().default(0),
    bio: text('bio'),
    achievements: textArray('achievements'),
    meetingPreference: text('meeting_preference').notNull().default('virtual'),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0.00'),
    totalReviews: integer('total_reviews').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // a mentor never holds more mentees than places: accepting locks the row and checks, this is the last word
    check('mentor_profiles_mentees_check', sql`${t.currentMentees} >= 0 and ${t.currentMentees} <= ${t.maxMentees}`),
    check('mentor_profiles_max_mentees_check', sql`${t.maxMentees} >= 1`),
    // Discover Mentors' search over the specializations (migration 0029 defines specializations_text, an immutable array_to_string)
    index('mentor_profiles_specializations_trgm_idx').using('gin', sql`specializations_text(${t.specializations}) gin_trgm_ops`),
  ],
);

export const mentorshipRequests = pgTable(
  'mentorship_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menteeId: userRef('mentee_id'),
    mentorId: userRef('mentor_id'),
    goalDescription: text('goal_description').notNull(),
    timeCommitment: text('time_commitment').notNull(),
    duration: text('duration').notNull(),
    preferredMeetingTime: text('preferred_meeting_time'),
    additionalNotes: text('additional_notes'),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mentorship_requests_mentee_idx').on(t.menteeId, t.createdAt),
    index('mentorship_requests_mentor_idx').on(t.mentorId, t.createdAt),
    // one open (pending or accepted) request per mentee and mentor, even when two are sent at once
    uniqueIndex('mentorship_requests_open_pair_idx')
      .on(t.menteeId, t.mentorId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

export const mentorshipSessions = pgTable(
  'mentorship_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mentorshipRequests.id, { onDelete: 'cascade' }),
    scheduledAt: ts('scheduled_at').notNull(),
    duration: integer('duration').notNull().default(60),
    meetingLink: text('meeting_link'),
    notes: text('notes'),
    menteeRating: integer('mentee_rating'),
    mentorRating: integer('mentor_rating'),
    status: text('status').notNull().default('scheduled'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mentorship_sessions_request_idx').on(t.requestId, t.scheduledAt)],
);

export const mentorReviews = pgTable(
  'mentor_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: userRef('mentor_id'),
    reviewerId: userRef('reviewer_id'),
    requestId: uuid('request_id').references(() => mentorshipRequests.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    review: text('review'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mentor_reviews_mentor_idx').on(t.mentorId), check('mentor_reviews_rating_check', sql`${t.rating} between 1 and 5`)],
);
