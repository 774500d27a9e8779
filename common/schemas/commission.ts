import { z } from 'zod';
import { COMMISSION_KINDS, COMMISSION_STATUSES } from '../constants/leads.ts';
import { commissionAbilitiesSchema } from './abilities.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/** A commission with the lead it was earned on; money in pounds as exact decimal strings. */
export const commissionSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  amount: moneySchema,
  /** The marginal rate as a fraction with four places ("0.0800"). */
  rate: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  /** What it was earned on: the lead's estimate when it closed, an approved timesheet, or a correction of one. */
  kind: z.enum(COMMISSION_KINDS),
  /** The value the tiers were applied to: the estimate or the gross profit counted (negative for a correction down). */
  basis: moneySchema,
  /** The London calendar month whose tiers it belongs to, YYYY-MM. */
  month: z.string(),
  /** The sheet of a time commission or correction, with its week. */
  timesheet: z.object({ id: z.string(), weekStarting: z.string() }).nullable(),
  /** When a pending commission on the estimate gave way to commission on approved time (its lead got a placement). */
  supersededAt: instantSchema.nullable(),
  createdAt: instantSchema,
  paidAt: instantSchema.nullable(),
  leadDetails: z.object({ companyName: z.string(), industry: z.string(), leadType: z.string(), estimatedValue: moneySchema }),
  can: commissionAbilitiesSchema,
});
export type Commission = z.infer<typeof commissionSchema>;
export const commissionPageSchema = pageOf(commissionSchema);
export type CommissionPage = z.infer<typeof commissionPageSchema>;

/** GET /api/commissions: the member's own commissions, newest first. */
export const commissionQuerySchema = pageQuery(25);

/** The payout filters: a status and a London calendar month. */
export const commissionFilterSchema = z.object({
  status: z.enum(COMMISSION_STATUSES).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11')
    .optional(),
});
/** The orders of the payout list: newest first, or oldest first (the payout run pays the longest owed first). */
export const COMMISSION_ORDERS = ['newest', 'oldest'] as const;
export type CommissionOrder = (typeof COMMISSION_ORDERS)[number];

/** GET /api/admin/commissions: every partner's commissions, filtered, one page, newest first unless asked otherwise. */
export const adminCommissionQuerySchema = pageQuery(25)
  .extend(commissionFilterSchema.shape)
  .extend({ order: z.enum(COMMISSION_ORDERS, 'Order must be newest or oldest').default('newest') })
  .strict();

/** The payout list's page with what is owed in total: every pending commission, whatever month or status is shown. */
export const adminCommissionPageSchema = commissionPageSchema.extend({
  owed: z.object({ count: z.number().int().min(0), amount: moneySchema }),
});
export type AdminCommissionPage = z.infer<typeof adminCommissionPageSchema>;

export const commissionPaidSchema = z.object({ id: z.string(), status: z.enum(COMMISSION_STATUSES), paidAt: instantSchema });
export type CommissionPaid = z.infer<typeof commissionPaidSchema>;

/** The Commission Tracker's figures for the signed-in member. */
export const commissionSummarySchema = z.object({
  totalEarned: moneySchema,
  pendingAmount: moneySchema,
  paidAmount: moneySchema,
  thisMonthCommission: moneySchema,
  /** This month's commission minus last month's (may be negative). */
  commissionChange: moneySchema,
  closedWonValueThisMonth: moneySchema,
  tier: z.object({ label: z.string(), percent: z.number(), nextPercent: z.number().nullable(), toNext: moneySchema.nullable() }),
  avgDaysToClose: z.number().nullable(),
  winRate: z.number().nullable(),
  avgDealSize: moneySchema,
  leadsThisMonth: z.number(),
  closesThisMonth: z.number(),
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;
