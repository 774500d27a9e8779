import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Which notification types a member wants by e-mail, and how often. No row means the defaults
 * (common/constants/notifications.ts); a row holds the member's own choice, even an empty one.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userRef('user_id').primaryKey(),
  emailTypes: text('email_types').array().notNull(),
  /** 'immediate' (one e-mail per notification) or 'daily' (one digest a day). */
  emailFrequency: text('email_frequency').notNull().default('immediate'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A ZIP of everything a member owns, prepared in the background and downloadable by that member until it expires. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    /** pending → ready | failed */
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

/** A member's request to delete their account; an admin confirms (the account is anonymised) or declines it. */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    reason: text('reason'),
    /** pending → confirmed | declined | cancelled */
    status: text('status').notNull().default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    // one open request per member
    uniqueIndex('account_deletion_requests_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('account_deletion_requests_status_idx').on(t.status, t.requestedAt),
    // the admins' list of pending requests, oldest first
    index('account_deletion_requests_pending_order_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A member's authenticator-app secret (encrypted at rest); two-factor sign-in is on once `enabledAt` is set. */
export const userTotp = pgTable('user_totp', {
  userId: userRef('user_id').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Wrong codes in a row across every sign-in challenge; past a limit only a recovery code is accepted. */
  failedCodes: integer('failed_codes').notNull().default(0),
});

/** One-time recovery codes for two-factor sign-in, stored hashed; a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a two-factor sign-in: the password was right, a code is still owed. The browser holds a
 * random token in a short-lived httpOnly cookie; the table only its SHA-256.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Wrong codes entered against this challenge; past a few, the password must be entered again. */
    failedCodes: integer('failed_codes').notNull().default(0),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

/** Organisation-wide settings an admin changes (for example whether admin accounts must use two-factor sign-in). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
