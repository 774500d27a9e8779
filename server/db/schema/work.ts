import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
// eslint-disable-next-line import-x/no-cycle -- a table's foreign key names the other table through a thunk, read only after both modules have loaded
import { leads } from './leads.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A placement: a contractor (a member) working for a client contact (a member) on a won interim or recruitment
 * lead, at agreed rates per unit (hour or day) in integer pence, between two dates. The gross profit of a unit is
 * charge rate − pay rate, never negative.
 */
export const placements = pgTable(
  'placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'restrict' }),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    chargeRatePence: integer('charge_rate_pence').notNull(),
    payRatePence: integer('pay_rate_pence').notNull(),
    unit: text('unit').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // the lists' keyset order, latest start first, then id (migration 0031)
    index('placements_contractor_idx').on(t.contractorId, t.startDate, t.id),
    index('placements_client_idx').on(t.clientId, t.startDate, t.id),
    index('placements_lead_idx').on(t.leadId),
    index('placements_order_idx').on(t.startDate, t.id),
    check('placements_unit_check', sql`${t.unit} in ('hour', 'day')`),
    check('placements_rates_check', sql`${t.payRatePence} >= 0 and ${t.chargeRatePence} > 0 and ${t.payRatePence} <= ${t.chargeRatePence}`),
    check('placements_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('placements_parties_check', sql`${t.contractorId} <> ${t.clientId}`),
  ],
);

/**
 * One week of a placement's time: Monday to Sunday, one sheet per placement and week. The contractor and client
 * are the placement's, copied so the lists read from one index. total_units is the sum of the entries, written by
 * the server with them. Status: draft → pending → approved | rejected (→ pending again).
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placementId: uuid('placement_id')
      .notNull()
      .references(() => placements.id, { onDelete: 'restrict' }),
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
    unitType: varchar('unit_type', { length: 20 }).notNull().default('hour'),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    approvalComments: text('approval_comments'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    submittedAt: ts('submitted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timesheets_placement_week_key').on(t.placementId, t.weekStarting),
    // the lists: a contractor's or a client's sheets (optionally one status), all of one status, or all; newest week
    // first, then id, the lists' keyset order (migration 0031)
    index('timesheets_contractor_idx').on(t.contractorId, t.weekStarting, t.id),
    index('timesheets_client_idx').on(t.clientId, t.status, t.weekStarting, t.id),
    index('timesheets_status_idx').on(t.status, t.weekStarting, t.id),
    index('timesheets_order_idx').on(t.weekStarting, t.id),
    // the administrators' approval queue: the newest weeks are mostly drafts, which a walk of every sheet newest
    // first would pass over before reaching a page of pending ones
    index('timesheets_pending_idx')
      .on(t.weekStarting, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('timesheets_status_check', sql`${t.status} in ('draft', 'pending', 'approved', 'rejected')`),
    check('timesheets_unit_type_check', sql`${t.unitType} in ('hour', 'day')`),
    check('timesheets_week_check', sql`extract(isodow from ${t.weekStarting}) = 1 and ${t.weekEnding} = ${t.weekStarting} + 6`),
    check('timesheets_total_check', sql`${t.totalUnits} >= 0`),
  ],
);

/**
 * How many sheets there are in each status, kept by a trigger on timesheets (migration 0019), so the
 * administrators' lists read a few rows for their total instead of counting every sheet. Spread over shards (the
 * writing connection's backend picks one) so concurrent decisions do not queue for one row; readers sum them.
 */
export const timesheetStatusTotals = pgTable(
  'timesheet_status_totals',
  {
    status: varchar('status', { length: 20 }).notNull(),
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
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
  (t) => [
    uniqueIndex('timesheet_entries_day_key').on(t.timesheetId, t.date),
    // a day holds at most 24 hours; a day-rate sheet's limit of 1 is the service's (it knows the unit)
    check('timesheet_entries_units_check', sql`${t.units} >= 0 and ${t.units} <= 24`),
  ],
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
