import { z } from 'zod';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/**
 * Payouts: a partner's payout details, the payout runs administrators draft, approve and mark paid, and the
 * partner's own payouts with their statements. Money on the wire in pounds as exact decimal strings.
 */

export const PAYOUT_METHODS = ['bank', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_RUN_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/** What a run does for one partner; payable lines become paid or failed when the run is marked paid. */
export const PAYOUT_LINE_STATES = ['payable', 'carried_over', 'held', 'paid', 'failed'] as const;
export type PayoutLineState = (typeof PAYOUT_LINE_STATES)[number];

/** Why a partner owed money is held out of a run. */
export const PAYOUT_HOLD_REASONS = ['no_details', 'details_changed'] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

/** Days a partner is held after replacing payout details they already had (first details are payable at once). */
export const PAYOUT_DETAILS_HOLD_DAYS = 7;
/** The minimum payout until an administrator changes it: £50. */
export const DEFAULT_MINIMUM_PAYOUT_PENCE = 5_000;
/** Rows in one PayPal Payouts file at most. */
export const PAYPAL_FILE_MAX_ROWS = 5_000;

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD');
const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/**
 * PUT /api/payout-details: the fields of the chosen method. A bank account is a UK sort code and account number
 * (checked on the server with the Vocalink modulus check) or an IBAN and BIC; the VAT number is for the statement.
 */
export const payoutDetailsInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, 'Choose bank transfer or PayPal'),
    accountName: trimmed(70, 'Account name').optional(),
    sortCode: z.string().trim().optional(),
    accountNumber: z.string().trim().optional(),
    iban: z.string().trim().optional(),
    bic: z.string().trim().optional(),
    paypalEmail: z.string().trim().optional(),
    vatRegistered: z.boolean().default(false),
    vatNumber: trimmed(20, 'VAT number').optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.method === 'bank') {
      if (!v.accountName) issue('accountName', 'Enter the name on the account');
      const uk = !!(v.sortCode || v.accountNumber);
      if (uk) {
        if (!/^\d{2}-?\d{2}-?\d{2}$/.test(v.sortCode ?? '')) issue('sortCode', 'Enter a sort code of 6 digits, like 12-34-56');
        if (!/^\d{8}$/.test((v.accountNumber ?? '').replace(/\s/g, ''))) issue('accountNumber', 'Enter an account number of 8 digits');
      } else {
        if (!v.iban) issue('iban', 'Enter a UK sort code and account number, or an IBAN and BIC');
        if (!v.bic) issue('bic', 'Enter the BIC of the bank');
      }
    } else if (!z.email().safeParse(v.paypalEmail ?? '').success) issue('paypalEmail', 'Enter the e-mail address of your PayPal account');
    if (v.vatRegistered && !v.vatNumber) issue('vatNumber', 'Enter your VAT number');
  });
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;

/** Payout details as every answer shows them: masked, never the account number or IBAN. */
export const payoutDetailsSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountName: z.string().nullable(),
  /** "•••• 5678" for an account or IBAN (its last 4 digits), "j•••@example.com" for PayPal. */
  masked: z.string(),
  vatRegistered: z.boolean(),
  vatNumber: z.string().nullable(),
  updatedAt: instantSchema,
  /** Until when a run holds the partner because they replaced their details (null when not held). */
  heldUntil: instantSchema.nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;
/** GET /api/payout-details (and the answer of PUT). */
export const payoutDetailsAnswerSchema = z.object({ details: payoutDetailsSchema.nullable() });

/** POST /api/admin/payout-runs: the period end defaults to the end of last month (London). */
export const createPayoutRunSchema = z.object({ periodEnd: isoDate.optional() });
/** POST /api/admin/payout-runs/{id}/mark-paid: the day the money left, and any lines the bank or PayPal returned. */
export const markPayoutRunPaidSchema = z.object({
  valueDate: isoDate,
  failedLineIds: z.array(z.uuid('Line not found.')).max(10_000).optional(),
});
/** GET/PUT /api/admin/payout-settings */
export const payoutSettingsSchema = z.object({ minimumPayout: moneySchema });

const personSchema = z.object({ id: z.string(), name: z.string() });

export const payoutRunAbilitiesSchema = z.object({
  approve: z.boolean(),
  cancel: z.boolean(),
  markPaid: z.boolean(),
  downloadFiles: z.boolean(),
});

/** A run with its totals: every total is the sum of its lines. */
export const payoutRunSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** "CP0007" */
  reference: z.string(),
  periodEnd: z.string(),
  status: z.enum(PAYOUT_RUN_STATUSES),
  minimumPayout: moneySchema,
  createdBy: personSchema,
  createdAt: instantSchema,
  approvedBy: personSchema.nullable(),
  approvedAt: instantSchema.nullable(),
  paidAt: instantSchema.nullable(),
  valueDate: z.string().nullable(),
  cancelledAt: instantSchema.nullable(),
  /** What the run pays: payable (or, once paid, paid) lines; failed lines are not in it. */
  total: moneySchema,
  bankTotal: moneySchema,
  paypalTotal: moneySchema,
  /** PayPal lines the run pays: the PayPal file comes in parts of at most 5,000 of them. */
  paypalCount: z.number().int(),
  payableCount: z.number().int(),
  heldCount: z.number().int(),
  heldTotal: moneySchema,
  carriedOverCount: z.number().int(),
  carriedOverTotal: moneySchema,
  failedCount: z.number().int(),
  can: payoutRunAbilitiesSchema,
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export const payoutRunPageSchema = pageOf(payoutRunSchema);
export const payoutRunQuerySchema = pageQuery(25);

/** One partner in a run. Payout details appear only masked, and only once the run is approved (a draft shows the current mask). */
export const payoutLineSchema = z.object({
  id: z.string(),
  partner: personSchema,
  state: z.enum(PAYOUT_LINE_STATES),
  holdReason: z.enum(PAYOUT_HOLD_REASONS).nullable(),
  /** The reason in words: "No payout details", "Payout details changed on 20 Nov 2026: held until 27 Nov 2026". */
  holdText: z.string().nullable(),
  amount: moneySchema,
  commissionCount: z.number().int(),
  reference: z.string(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  masked: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;
export const payoutLinePageSchema = pageOf(payoutLineSchema);
/** GET /api/admin/payout-runs/{id}/lines: one state's lines (payable by default), by partner name. */
export const payoutLineQuerySchema = pageQuery(50).extend({ state: z.enum(PAYOUT_LINE_STATES).default('payable') });

/** GET /api/payouts: the partner's own payouts (lines of approved and paid runs). */
export const PARTNER_PAYOUT_STATUSES = ['scheduled', 'paid', 'failed'] as const;
export const partnerPayoutSchema = z.object({
  id: z.string(),
  reference: z.string(),
  periodEnd: z.string(),
  status: z.enum(PARTNER_PAYOUT_STATUSES),
  amount: moneySchema,
  commissionCount: z.number().int(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  masked: z.string().nullable(),
  valueDate: z.string().nullable(),
  statementUrl: z.string(),
});
export type PartnerPayout = z.infer<typeof partnerPayoutSchema>;
export const partnerPayoutPageSchema = pageOf(partnerPayoutSchema);
export const partnerPayoutQuerySchema = pageQuery(25);

/** A UK tax year as written in its statement's address: "2025-26" runs from 6 April 2025 to 5 April 2026. */
export const taxYearSchema = z.string().regex(/^\d{4}-\d{2}$/, 'Tax year must look like 2025-26');

/** GET /api/earnings-statements: the tax years in which the partner was paid, newest first. */
export const earningsStatementListSchema = z.object({ taxYears: z.array(taxYearSchema) });
