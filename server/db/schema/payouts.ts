import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { commissions } from './leads.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where a partner wants their commission paid: a bank account (UK sort code and account number, or IBAN and BIC)
 * or a PayPal address. The account fields are kept only sealed (AES-256-GCM with the payout key, as JSON in
 * `sealed`); `masked` is what screens show ("•••• 1234", "j•••@example.com"). `changedAt` is set when details that
 * already existed are replaced (a payout run holds a partner for seven days after), never when first entered.
 */
export const payoutDetails = pgTable(
  'payout_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'bank' or 'paypal' */
    method: text('method').notNull(),
    sealed: text('sealed').notNull(),
    masked: text('masked').notNull(),
    vatRegistered: boolean('vat_registered').notNull().default(false),
    vatNumber: text('vat_number'),
    createdAt: ts('created_at').notNull().defaultNow(),
    changedAt: ts('changed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payout_details_method_check', sql`${t.method} in ('bank', 'paypal')`)],
);

/**
 * A payout run: what is owed to partners up to a period end, drafted by one administrator, approved by another
 * (which freezes it), paid on a value date, or cancelled while a draft. `number` is the run's short reference
 * (CP0007); nothing about a run is ever deleted.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    /** The last day (London) whose pending commissions the run pays. */
    periodEnd: date('period_end').notNull(),
    /** draft → approved → paid; draft → cancelled */
    status: text('status').notNull().default('draft'),
    /** The minimum payout when it was drafted, in pence: partners owed less are carried over. */
    minimumPence: integer('minimum_pence').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: ts('approved_at'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    /** When an administrator marked it paid; `valueDate` is the day the money left. */
    paidAt: ts('paid_at'),
    valueDate: date('value_date'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('payout_runs_number_idx').on(t.number),
    index('payout_runs_created_id_idx').on(t.createdAt, t.id),
    check('payout_runs_status_check', sql`${t.status} in ('draft', 'approved', 'paid', 'cancelled')`),
  ],
);

/**
 * One partner in a run. `state` says what the run does for them: `payable` (paid by this run), `carried_over`
 * (owed less than the minimum: left for the next run) or `held` (`holdReason` no_details or details_changed);
 * only payable lines claim commissions. A payable line becomes `paid` or `failed` when the run is marked paid.
 * `amountPence` is the sum of its claimed commissions; it is fixed at approval, and while the run is a draft it
 * is kept equal to the sum of its still-pending commissions. At approval the line keeps the partner's payout
 * details as they were (sealed) with their mask, so the files and statement say where the money went.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** payable → paid | failed; carried_over; held */
    state: text('state').notNull(),
    holdReason: text('hold_reason'),
    amountPence: integer('amount_pence').notNull(),
    commissionCount: integer('commission_count').notNull(),
    /** The payment reference the partner sees on their statement and bank statement (CP0007-0042). */
    reference: text('reference').notNull(),
    /** 'bank' or 'paypal', with the details sealed and masked, once the run is approved. */
    method: text('method'),
    sealedDetails: text('sealed_details'),
    maskedDetails: text('masked_details'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    uniqueIndex('payout_lines_run_partner_idx').on(t.runId, t.partnerId),
    uniqueIndex('payout_lines_reference_idx').on(t.reference),
    index('payout_lines_partner_idx').on(t.partnerId, t.runId),
    check('payout_lines_state_check', sql`${t.state} in ('payable', 'carried_over', 'held', 'paid', 'failed')`),
  ],
);

/**
 * A commission claimed by a payable line. A commission is in at most one open claim (`releasedAt` null): the
 * partial unique index holds it even when two runs are drafted at once. A claim is released (never deleted) when
 * its run is cancelled, its line failed, or the commission stopped being pending while the run was a draft.
 */
export const payoutLineCommissions = pgTable(
  'payout_line_commissions',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => payoutLines.id, { onDelete: 'restrict' }),
    commissionId: uuid('commission_id')
      .notNull()
      .references(() => commissions.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    releasedAt: ts('released_at'),
  },
  (t) => [
    uniqueIndex('payout_line_commissions_line_commission_idx').on(t.lineId, t.commissionId),
    uniqueIndex('payout_line_commissions_open_idx')
      .on(t.commissionId)
      .where(sql`${t.releasedAt} is null`),
  ],
);
