import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username'),
    password: text('password'),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull().default('partner'),
    isActive: boolean('is_active').notNull().default(true),
    accountStatus: text('account_status').notNull().default('pending'),
    applicationNotes: text('application_notes'),
    googleId: text('google_id'),
    appleId: text('apple_id'),
    profilePicture: text('profile_picture'),
    authProvider: text('auth_provider').notNull().default('local'),
    company: text('company'),
    jobTitle: text('job_title'),
    location: text('location'),
    bio: text('bio'),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linkedinUrl: text('linkedin_url'),
    phoneNumber: text('phone_number'),
    website: text('website'),
    dateOfBirth: date('date_of_birth'),
    fullAddress: text('full_address'),
    yearsExperience: integer('years_experience'),
    businessInterests: text('business_interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    networkingGoals: text('networking_goals'),
    availableForNetworking: boolean('available_for_networking').notNull().default(true),
    membershipTier: text('membership_tier').notNull().default('standard'),
    cvUrl: text('cv_url'),
    totalPoints: integer('total_points').notNull().default(0),
    currentLevel: integer('current_level').notNull().default(1),
    appliedAt: ts('applied_at').defaultNow(),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by'),
    rejectedAt: ts('rejected_at'),
    rejectedBy: uuid('rejected_by'),
    rejectionReason: text('rejection_reason'),
    /** Set when an admin removes the member: the account is deactivated and hidden from member lists. */
    removedAt: ts('removed_at'),
    /** When the member proved they own `email` (a signed link sent to it, or a provider that vouched for it). */
    emailVerifiedAt: ts('email_verified_at'),
    /** When an approved member first used the product, and in which session (its hashed id): that session greets them as new. */
    firstSignedInAt: ts('first_signed_in_at'),
    firstSessionId: text('first_session_id'),
    /** Set when an admin confirmed the member's request to delete their account: personal data was removed or anonymised. */
    anonymisedAt: ts('anonymised_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_apple_id_key').on(t.appleId),
    index('users_account_status_idx').on(t.accountStatus, t.appliedAt),
    // applications received and decided per day, for the analytics (migration 0040)
    index('users_approved_at_idx')
      .on(t.approvedAt)
      .where(sql`${t.approvedAt} is not null`),
    index('users_rejected_at_idx')
      .on(t.rejectedAt)
      .where(sql`${t.rejectedAt} is not null`),
    // keyset orders of User Management (newest first) and of pending applications (newest application first; no time first)
    index('users_created_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.removedAt} is null and ${t.anonymisedAt} is null`),
    index('users_pending_applied_id_idx')
      .on(sql`coalesce(${t.appliedAt}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.accountStatus} = 'pending'`),
    // the few accounts not shown on member lists (pending, rejected, deactivated, removed): the leaderboard's count subtracts them
    index('users_unlisted_idx')
      .on(t.id)
      .where(sql`not (${t.accountStatus} = 'approved' and ${t.isActive} and ${t.removedAt} is null)`),
    // the directory's keyset order: by name, then id (migration 0031)
    index('users_directory_idx')
      .on(t.lastName, t.firstName, t.id)
      .where(sql`${t.accountStatus} = 'approved' and ${t.isActive} and ${t.removedAt} is null`),
    // recommendation candidates: members sharing some of the viewer's industries or expertise (&&, @>)
    index('users_industries_gin_idx').using('gin', t.industries),
    index('users_expertise_gin_idx').using('gin', t.expertise),
    // the searches of User Management, the directory and Discover Mentors (ILIKE on each field) read these trigram indexes (migration 0029)
    index('users_full_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_company_trgm_idx').using('gin', t.company.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_job_title_trgm_idx').using('gin', t.jobTitle.op('gin_trgm_ops')),
    index('users_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
  ],
);

/**
 * A member's name, company and job title, lowered, for the command palette's "contains" reads: a narrow copy kept by
 * triggers on users (migration 0046), so checking thousands of trigram candidates reads short rows.
 */
export const memberSearch = pgTable(
  'member_search',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
  },
  (t) => [
    index('member_search_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('member_search_company_trgm_idx').using('gin', t.company.op('gin_trgm_ops')),
    index('member_search_job_title_trgm_idx').using('gin', t.jobTitle.op('gin_trgm_ops')),
  ],
);

/** Server-side sessions: the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last proved who is at the keyboard (not set by signing in); sensitive acts need it recent. */
    identityConfirmedAt: ts('identity_confirmed_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A keyed event log of attempts, counted within a window to rate-limit across instances. Each limit has its own
 * key prefix: failed sign-ins `account:` and `ip:`, registrations `register-ip:`, verification e-mail resends
 * `verify-resend-user:` and `verify-resend-ip:` (server/services/rate-limit.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const memberApplications = pgTable(
  'member_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyVerified: boolean('company_verified').notNull().default(false),
    linkedinChecked: boolean('linkedin_checked').notNull().default(false),
    backgroundVerified: boolean('background_verified').notNull().default(false),
    referenceChecked: boolean('reference_checked').notNull().default(false),
    riskAssessment: text('risk_assessment'),
    competitorFlag: boolean('competitor_flag').notNull().default(false),
    industryConflict: boolean('industry_conflict').notNull().default(false),
    reviewerNotes: text('reviewer_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The member's approval and rejection times, copied by triggers (migration 0042) for the analytics. */
    approvedAt: ts('approved_at'),
    rejectedAt: ts('rejected_at'),
  },
  // applications received and decided per day, for the analytics (migrations 0040 and 0042)
  (t) => [
    index('member_applications_created_idx').on(t.createdAt),
    index('member_applications_approved_idx')
      .on(t.approvedAt)
      .where(sql`${t.approvedAt} is not null`),
    index('member_applications_rejected_idx')
      .on(t.rejectedAt)
      .where(sql`${t.rejectedAt} is not null`),
  ],
);

export const userOnboarding = pgTable('user_onboarding', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  hasCompletedWizard: boolean('has_completed_wizard').notNull().default(false),
  hasCompletedTooltips: boolean('has_completed_tooltips').notNull().default(false),
  wizardCompletedAt: ts('wizard_completed_at'),
  tooltipsCompletedAt: ts('tooltips_completed_at'),
  currentWizardStep: integer('current_wizard_step').notNull().default(0),
  completedWizardSteps: text('completed_wizard_steps')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  skippedTooltips: boolean('skipped_tooltips').notNull().default(false),
  /** One-time introductions the member has seen (for example the member directory's welcome). */
  seenIntros: text('seen_intros')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lastActiveDate: ts('last_active_date'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every message the mailer handled; with no SMTP configured this is the outbox an admin reads. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_created_id_idx').on(t.createdAt, t.id)],
);

/** Who did what as an admin, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_created_id_idx').on(t.createdAt, t.id)],
);
