import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Programme analytics' per-day figures (migration 0040), each keyed by a London day and kept by triggers on
 * `leads` and `sessions` in the transaction of the change; `analytics_rollups_rebuild()` recomputes them from the rows.
 */

/** Leads submitted per submission day, and won (count and value) and lost per closing day, by lead type and industry. */
export const analyticsLeadDays = pgTable(
  'analytics_lead_days',
  {
    day: date('day').notNull(),
    leadType: text('lead_type').notNull(),
    industry: text('industry').notNull(),
    submitted: integer('submitted').notNull().default(0),
    won: integer('won').notNull().default(0),
    wonPence: bigint('won_pence', { mode: 'number' }).notNull().default(0),
    lost: integer('lost').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_lead_days_pk', columns: [t.day, t.leadType, t.industry] })],
);

/** The leads submitted each day by the furthest funnel stage they reached (1 submitted .. 5 closed-won) and whether they were lost. */
export const analyticsFunnelDays = pgTable(
  'analytics_funnel_days',
  {
    day: date('day').notNull(),
    furthestStage: smallint('furthest_stage').notNull(),
    lost: boolean('lost').notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_funnel_days_pk', columns: [t.day, t.furthestStage, t.lost] })],
);

/** Leads closed each day, won or lost, by time-to-close bucket, with the seconds from submission summed. */
export const analyticsCloseDays = pgTable(
  'analytics_close_days',
  {
    day: date('day').notNull(),
    won: boolean('won').notNull(),
    bucket: smallint('bucket').notNull(),
    leads: integer('leads').notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_close_days_pk', columns: [t.day, t.won, t.bucket] })],
);

/** Stays in a status that ended each day (a status change ended them): how many and their seconds, in eight shards. */
export const analyticsStageStays = pgTable(
  'analytics_stage_stays',
  {
    day: date('day').notNull(),
    stage: text('stage').notNull(),
    shard: smallint('shard').notNull(),
    stays: integer('stays').notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_stage_stays_pk', columns: [t.day, t.stage, t.shard] })],
);

/** Each partner's deals won per closing day and their value. */
export const analyticsPartnerDays = pgTable(
  'analytics_partner_days',
  {
    day: date('day').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    won: integer('won').notNull().default(0),
    wonPence: bigint('won_pence', { mode: 'number' }).notNull().default(0),
  },
  // a partner's days in order, with their figures (migration 0043)
  (t) => [primaryKey({ name: 'analytics_partner_days_pk', columns: [t.day, t.partnerId] }), index('analytics_partner_days_partner_day_idx').on(t.partnerId, t.day)],
);

/** Each partner's deals won and their value per London calendar year, kept from their days (migration 0043) to rank top partners. */
export const analyticsPartnerYears = pgTable(
  'analytics_partner_years',
  {
    year: smallint('year').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    won: integer('won').notNull().default(0),
    wonPence: bigint('won_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_partner_years_pk', columns: [t.year, t.partnerId] }), index('analytics_partner_years_partner_idx').on(t.partnerId)],
);

/** The London days a member used the product: a session started or was seen (its last-seen time is written at most once a minute). */
export const memberActiveDays = pgTable(
  'member_active_days',
  {
    day: date('day').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'member_active_days_pk', columns: [t.day, t.userId] }), index('member_active_days_user_idx').on(t.userId)],
);

/*
 * The community, membership and commission figures (migration 0042), kept by triggers on `community_posts`,
 * `member_connections`, `skill_endorsements`, `member_active_days` and `commissions`; `analytics_people_rebuild()`
 * recomputes them from the rows.
 */

/** Posts written, connections accepted (counted on the day asked) and endorsements given per London day. */
export const analyticsCommunityDays = pgTable('analytics_community_days', {
  day: date('day').primaryKey(),
  posts: integer('posts').notNull().default(0),
  connections: integer('connections').notNull().default(0),
  endorsements: integer('endorsements').notNull().default(0),
});

/** The weeks (Monday to Sunday, London days) a member was active in: kept from their active days. */
export const memberActiveWeeks = pgTable(
  'member_active_weeks',
  {
    week: date('week').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'member_active_weeks_pk', columns: [t.week, t.userId] }), index('member_active_weeks_user_idx').on(t.userId)],
);

/** How many members were active in each week. */
export const analyticsActiveWeeks = pgTable('analytics_active_weeks', {
  week: date('week').primaryKey(),
  members: integer('members').notNull().default(0),
});

/** Commissions per month (`commissions.month`), kind and status: how many, and their pence (each rounded as the screens do). */
export const analyticsCommissionMonths = pgTable(
  'analytics_commission_months',
  {
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    commissions: integer('commissions').notNull().default(0),
    pence: bigint('pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_commission_months_pk', columns: [t.month, t.kind, t.status] })],
);

/** Applications received (by the day written), approved and rejected (by the day decided) per London day (migration 0044). */
export const analyticsApplicationDays = pgTable('analytics_application_days', {
  day: date('day').primaryKey(),
  received: integer('received').notNull().default(0),
  approved: integer('approved').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
});
