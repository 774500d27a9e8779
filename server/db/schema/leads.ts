import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './community.ts';
import { users } from './users.ts';
// eslint-disable-next-line import-x/no-cycle -- a table's foreign key names the other table through a thunk, read only after both modules have loaded
import { timesheets } from './work.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submitterId: uuid('submitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    leadType: text('lead_type').notNull(),
    companyName: text('company_name').notNull(),
    industry: text('industry').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    projectDescription: text('project_description').notNull(),
    estimatedValue: numeric('estimated_value', { precision: 10, scale: 2 }).notNull().default('0'),
    urgency: text('urgency').notNull().default('medium'),
    relationshipStrength: text('relationship_strength').notNull().default('medium'),
    status: text('status').notNull().default('submitted'),
    notes: text('notes'),
    /** Normalised company name and the contact e-mail's domain, for the duplicate check at submission. */
    companyKey: text('company_key').notNull().default(''),
    contactDomain: text('contact_domain').notNull().default(''),
    /** The event where the partner met the contact, if any (an event's report counts the leads it brought). */
    sourceEventId: uuid('source_event_id').references(() => events.id, { onDelete: 'set null' }),
    /** The administrator who owns the lead (migration 0035). */
    assignedTo: uuid('assigned_to').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Set when its partner withdrew it: the lead is then closed-lost, with no commission (migration 0035). */
    withdrawnAt: ts('withdrawn_at'),
    withdrawnReason: text('withdrawn_reason'),
    /** The furthest funnel stage reached (1 submitted .. 5 closed-won; closed-lost keeps the stage it left), when the present status was entered, and when it closed: kept by a trigger (migration 0040). */
    furthestStage: smallint('furthest_stage').notNull().default(1),
    stageEnteredAt: ts('stage_entered_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // both list orders end in id, so a page is read from the index in order, with no sort
    index('leads_submitter_created_id_idx').on(t.submitterId, t.createdAt, t.id),
    index('leads_status_idx').on(t.status),
    index('leads_created_id_idx').on(t.createdAt, t.id),
    // open leads by company key and by contact domain: the duplicate flag and check stop at the first other match (migration 0032)
    index('leads_open_company_key_idx')
      .on(t.companyKey)
      .where(sql`${t.status} not in ('closed-won', 'closed-lost')`),
    index('leads_open_contact_domain_idx')
      .on(t.contactDomain)
      .where(sql`${t.status} not in ('closed-won', 'closed-lost') and ${t.contactDomain} <> ''`),
    // an administrator's "Mine" list, newest first (migration 0035)
    index('leads_assigned_created_id_idx')
      .on(t.assignedTo, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.assignedTo} is not null`),
    index('leads_source_event_idx')
      .on(t.sourceEventId)
      .where(sql`${t.sourceEventId} is not null`),
    // the lead search (ILIKE on each field) reads these trigram indexes (migration 0029)
    index('leads_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    index('leads_industry_trgm_idx').using('gin', t.industry.op('gin_trgm_ops')),
    index('leads_contact_name_trgm_idx').using('gin', t.contactName.op('gin_trgm_ops')),
  ],
);

export const leadActivities = pgTable(
  'lead_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What happened: 'submitted', 'status_changed', 'reviewed' or 'notes_updated'; the timeline text is derived from it. */
    kind: text('kind').notNull().default('reviewed'),
    /** The status the lead left (null when it entered the pipeline) and the one it entered; null for other kinds. */
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** The text shown on the timeline when the entry was written; kept for history, never read by a rule. */
    activity: text('activity').notNull(),
    notes: text('notes'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('lead_activities_lead_idx').on(t.leadId, t.createdAt), index('lead_activities_to_status_idx').on(t.toStatus, t.createdAt)],
);

/**
 * A lead's discussion (migration 0035): messages between its partner and the administrators, and internal notes
 * (`internal`) that only administrators ever see.
 */
export const leadComments = pgTable(
  'lead_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** Null once the author's account is erased. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('lead_comments_lead_created_id_idx').on(t.leadId, t.createdAt, t.id),
    index('lead_comments_author_idx')
      .on(t.authorId)
      .where(sql`${t.authorId} is not null`),
    check('lead_comments_content_check', sql`char_length(${t.content}) between 1 and 5000`),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 5, scale: 4 }).notNull(),
    status: text('status').notNull().default('pending'),
    /**
     * What the commission was earned on: `closed_won` (the lead's estimated value when it closed), `time` (an
     * approved timesheet's gross profit) or `adjustment` (an administrator's correction of an approved sheet).
     */
    kind: text('kind').notNull().default('closed_won'),
    /** The sheet a `time` or `adjustment` commission comes from. */
    timesheetId: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'restrict' }),
    /** The value the tiers were applied to, in pounds: the estimate, or the gross profit counted (negative for a downward correction). */
    basis: numeric('basis', { precision: 12, scale: 2 }).notNull(),
    /** The London calendar month (its first day) whose tiers the commission belongs to. */
    month: date('month').notNull(),
    /** Set when a pending closed-won commission gave way to earning from approved time (its lead got a placement). */
    supersededAt: ts('superseded_at'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When its lead was submitted, copied by a trigger on insert (migration 0027): the leaderboard's period for it. */
    leadSubmittedAt: ts('lead_submitted_at'),
  },
  (t) => [
    index('commissions_partner_idx').on(t.partnerId, t.createdAt),
    index('commissions_partner_month_idx').on(t.partnerId, t.month),
    index('commissions_lead_idx').on(t.leadId),
    index('commissions_status_created_idx').on(t.status, t.createdAt),
    // keyset orders of the payout list and a partner's history (created, id), with each of their filters
    index('commissions_created_id_idx').on(t.createdAt, t.id),
    index('commissions_partner_created_id_idx').on(t.partnerId, t.createdAt, t.id),
    index('commissions_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('commissions_month_created_id_idx').on(t.month, t.createdAt, t.id),
    // commission earned per month and kind for the analytics (migration 0040)
    index('commissions_month_kind_idx').on(t.month, t.kind, t.status, t.amount),
    index('commissions_status_month_idx').on(t.status, t.month, t.amount),
    uniqueIndex('commissions_timesheet_time_key')
      .on(t.timesheetId)
      .where(sql`${t.kind} = 'time'`),
    index('commissions_timesheet_idx')
      .on(t.timesheetId)
      .where(sql`${t.timesheetId} is not null`),
    check('commissions_kind_check', sql`${t.kind} in ('closed_won', 'time', 'adjustment')`),
    check('commissions_kind_sheet_check', sql`(${t.kind} = 'closed_won') = (${t.timesheetId} is null)`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    isRead: boolean('is_read').notNull().default(false),
    actionUrl: text('action_url'),
    priority: text('priority').notNull().default('normal'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
    /**
     * The e-mail this notification still owes: 'immediate' (sent as soon as it commits) or 'daily' (in the
     * member's next digest); null when none is owed (not wanted, or sent). Decided from the member's
     * preferences when the notification is created.
     */
    emailPending: text('email_pending'),
    emailedAt: ts('emailed_at'),
    /** When the notification was pushed to the member's devices; set once, by whichever instance claims it. */
    pushedAt: ts('pushed_at'),
    /** The member whose act caused it (no foreign key: an erased member's rows are deleted by the erasure itself). */
    actorId: uuid('actor_id'),
  },
  (t) => [
    // the notifications list's keyset order (newest first, then id): all, one kind (migration 0031), the unread ones below
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_type_created_id_idx').on(t.userId, t.type, t.createdAt, t.id),
    // the e-mails still owed, for the sender's sweep and the daily digest: a handful of rows, never the history
    index('notifications_email_pending_idx')
      .on(t.emailPending, t.createdAt)
      .where(sql`${t.emailPending} is not null`),
    check('notifications_email_pending_check', sql`${t.emailPending} in ('immediate', 'daily')`),
    // the unread ones alone, for the unread count and the Unread filter: never a member's whole history
    index('notifications_unread_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.isRead} = false`),
    // what others were told about a member, found when that member is erased
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);

/**
 * Lead counts and value per status over all leads, kept by a trigger on leads (migration 0003), so the admin
 * list and the organisation figures read six rows instead of counting 200,000.
 */
export const leadStatusTotals = pgTable(
  'lead_status_totals',
  {
    status: text('status').notNull(),
    /**
     * Each status's totals are spread over a few rows (the writing connection's backend picks one), so
     * concurrent status changes update different rows instead of queueing for one; readers sum the shards.
     */
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
    value: numeric('value', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/** Recommendations computed for a member, kept for a few minutes; cleared when their connections change. */
export const recommendationCache = pgTable('recommendation_cache', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').notNull(),
  computedAt: ts('computed_at').notNull(),
});
