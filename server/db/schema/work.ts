import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectName: varchar('project_name', { length: 255 }).notNull(),
    weekStarting: date('week_starting').notNull(),
    weekEnding: date('week_ending').notNull(),
    totalUnits: numeric('total_units', { precision: 8, scale: 2 }).notNull().default('0'),
    unitType: varchar('unit_type', { length: 20 }).notNull().default('hours'),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    approvalComments: text('approval_comments'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    submittedAt: ts('submitted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('timesheets_contractor_idx').on(t.contractorId), index('timesheets_client_idx').on(t.clientId)],
);

export const timesheetEntries = pgTable(
  'timesheet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    timesheetId: uuid('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    units: numeric('units', { precision: 6, scale: 2 }).notNull(),
    description: text('description'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('timesheet_entries_timesheet_idx').on(t.timesheetId)],
);

export const achievements = pgTable('achievements', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  pointsReward: integer('points_reward').notNull().default(0),
  iconName: text('icon_name').notNull(),
  iconColor: text('icon_color').notNull().default('#FFD700'),
  requirement: integer('requirement').notNull().default(1),
  requirementType: text('requirement_type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    unlockedAt: ts('unlocked_at').notNull().defaultNow(),
    /** When the member first saw it on My Progress (the celebration plays once, before this is set). */
    seenAt: ts('seen_at'),
  },
  (t) => [
    uniqueIndex('user_achievements_once_key').on(t.userId, t.achievementId),
    index('user_achievements_recent_idx').on(t.unlockedAt.desc(), t.id),
    index('user_achievements_achievement_idx').on(t.achievementId),
  ],
);

export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    activityType: text('activity_type').notNull(),
    referenceId: text('reference_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // a member's transactions, read backwards for newest first; ending in id so a page needs no sort
    index('point_transactions_user_order_idx').on(t.userId, t.createdAt, t.id),
    // an award for one thing (a lead's milestone, a post, an endorsement) is made once, however often it is asked for
    uniqueIndex('point_transactions_once_key')
      .on(t.userId, t.activityType, t.referenceId)
      .where(sql`${t.referenceId} is not null`),
  ],
);

export const levels = pgTable('levels', {
  id: uuid('id').primaryKey().defaultRandom(),
  levelNumber: integer('level_number').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  pointsRequired: integer('points_required').notNull(),
  badgeIcon: text('badge_icon').notNull(),
  badgeColor: text('badge_color').notNull(),
  perks: text('perks')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
});
