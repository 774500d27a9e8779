import { z } from 'zod';
import { LEAD_STATUSES } from '../constants/options.ts';
import { moneySchema } from './money.ts';

/**
 * Programme analytics (Admin Panel → Analytics) and the partners' own charts. Every period is a range of London
 * calendar days, both ends included; each answer also carries the totals of the period of the same length that
 * ends the day before `from` (`previous`), for the comparison the screen shows beside each figure.
 */

/** The longest period one request may cover: a little over three years. */
export const ANALYTICS_MAX_DAYS = 1100;

const day = (what: string) => z.iso.date(`${what} must be a date (YYYY-MM-DD)`);

/** `from` and `to` (YYYY-MM-DD, London days, both included), as every analytics endpoint takes them. */
export const analyticsRangeSchema = z
  .object({ from: day('From'), to: day('To') })
  .refine((r) => r.from <= r.to, { message: 'From must be on or before To', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `A period may cover at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['from'],
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** The periods the picker offers; `custom` takes the two dates typed. */
export const ANALYTICS_PERIODS = ['month', 'quarter', 'year', 'last-12-months', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  'last-12-months': 'Last 12 months',
  custom: 'Custom',
};

/**
 * How a period's series are cut: a week (Monday to Sunday) for periods of up to 92 days, otherwise a calendar month.
 * A point's `period` is the first day of its week or month (it may start before `from`; only days in the range count).
 */
export const ANALYTICS_BUCKETS = ['week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const WEEKLY_UP_TO_DAYS = 92;

const periodField = z.iso.date();
const envelope = { from: periodField, to: periodField, previousFrom: periodField, previousTo: periodField };

/** GET /api/analytics/referrals: leads submitted per bucket by lead type; won count and value per bucket by the day they closed; the top partners and industries by won value. */
const referralTotals = z.object({ referrals: z.number().int(), won: z.number().int(), wonValue: moneySchema });
export const referralAnalyticsSchema = z.object({
  ...envelope,
  bucket: z.enum(ANALYTICS_BUCKETS),
  /** The lead types present in the period, in the order of the submit form's options. */
  leadTypes: z.array(z.string()),
  points: z.array(
    z.object({
      period: periodField,
      byType: z.record(z.string(), z.number().int()),
      referrals: z.number().int(),
      won: z.number().int(),
      wonValue: moneySchema,
    }),
  ),
  totals: referralTotals,
  previous: referralTotals,
  /** At most ten each, highest won value first (ties: more deals won, then name). */
  topPartners: z.array(z.object({ partnerId: z.string(), name: z.string(), won: z.number().int(), wonValue: moneySchema })),
  topIndustries: z.array(z.object({ industry: z.string(), won: z.number().int(), wonValue: moneySchema })),
});
export type ReferralAnalytics = z.infer<typeof referralAnalyticsSchema>;

/** The stages of the funnel, in order: every lead status but closed-lost, which is where a lead leaves it. */
export const FUNNEL_STAGES = LEAD_STATUSES.filter((s) => s !== 'closed-lost');

/**
 * GET /api/analytics/funnel: the leads submitted in the period. `reached`: how many got at least as far as the
 * stage (a lead moved past a stage reached it); `conversion`: reached the next stage ÷ reached this one (null for
 * the last stage or none reached); `lost`: closed-lost while this was the furthest stage it had reached.
 * `timeToClose`: leads closed (won or lost) in the period, by days from submission to closing. `stageDays`: the
 * average days a lead spent in each stage, over the stays that ended in the period.
 */
const funnelTotals = z.object({ submitted: z.number().int(), won: z.number().int(), lost: z.number().int(), winRate: z.number().nullable() });
export const funnelAnalyticsSchema = z.object({
  ...envelope,
  stages: z.array(z.object({ stage: z.enum(LEAD_STATUSES), reached: z.number().int(), conversion: z.number().nullable(), lost: z.number().int() })),
  totals: funnelTotals,
  previous: funnelTotals,
  timeToClose: z.object({
    buckets: z.array(z.object({ label: z.string(), minDays: z.number().int(), maxDays: z.number().int().nullable(), won: z.number().int(), lost: z.number().int() })),
    averageDays: z.number().nullable(),
    medianDays: z.number().nullable(),
  }),
  stageDays: z.array(z.object({ stage: z.enum(LEAD_STATUSES), averageDays: z.number().nullable(), stays: z.number().int() })),
});
export type FunnelAnalytics = z.infer<typeof funnelAnalyticsSchema>;

/**
 * GET /api/analytics/commissions: commission earned per London month of the period (cancelled excluded), closed
 * deals apart from approved time (its corrections included); and the liability today, whatever the period: what
 * is pending by the month it was earned, and what the next payout run would pay.
 */
const commissionTotals = z.object({ earned: moneySchema, closedWon: moneySchema, time: moneySchema });
export const commissionAnalyticsSchema = z.object({
  ...envelope,
  months: z.array(z.object({ month: periodField, closedWon: moneySchema, time: moneySchema, total: moneySchema })),
  totals: commissionTotals,
  previous: commissionTotals,
  liability: z.object({
    pending: z.array(z.object({ month: periodField, amount: moneySchema, count: z.number().int() })),
    pendingTotal: moneySchema,
    /** What a payout run made today would pay: its period end, how many partners, and the total. */
    nextRun: z.object({ periodEnd: periodField, partners: z.number().int(), commissions: z.number().int(), amount: moneySchema }),
  }),
});
export type CommissionAnalytics = z.infer<typeof commissionAnalyticsSchema>;

/** GET /api/analytics/events: each event held in the period (by its date), most recent first, with what it brought. */
const eventTotals = z.object({ events: z.number().int(), registrations: z.number().int(), attended: z.number().int(), leads: z.number().int(), wonValue: moneySchema });
export const eventAnalyticsSchema = z.object({
  ...envelope,
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: periodField,
      registrations: z.number().int(),
      attended: z.number().int(),
      leads: z.number().int(),
      won: z.number().int(),
      wonValue: moneySchema,
    }),
  ),
  totals: eventTotals,
  previous: eventTotals,
});
export type EventAnalytics = z.infer<typeof eventAnalyticsSchema>;

/** GET /api/analytics/community: per week (Monday first) of the period, members active, posts, connections made and endorsements given. */
const communityTotals = z.object({
  /**
   * Members active in a week, averaged over the weeks wholly inside the period (rounded); for a period holding no
   * whole week, the members active in it.
   */
  weeklyActiveMembers: z.number().int(),
  posts: z.number().int(),
  connections: z.number().int(),
  endorsements: z.number().int(),
});
export const communityAnalyticsSchema = z.object({
  ...envelope,
  weeks: z.array(
    z.object({ week: periodField, activeMembers: z.number().int(), posts: z.number().int(), connections: z.number().int(), endorsements: z.number().int() }),
  ),
  totals: communityTotals,
  previous: communityTotals,
});
export type CommunityAnalytics = z.infer<typeof communityAnalyticsSchema>;

/** GET /api/analytics/applications: applications received per bucket, and decided (approved, rejected) by the day of the decision. */
const applicationTotals = z.object({
  received: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  /** Median days from an application to its decision, over the decisions made in the period. */
  medianDaysToDecision: z.number().nullable(),
});
export const applicationAnalyticsSchema = z.object({
  ...envelope,
  bucket: z.enum(ANALYTICS_BUCKETS),
  points: z.array(z.object({ period: periodField, received: z.number().int(), approved: z.number().int(), rejected: z.number().int() })),
  totals: applicationTotals,
  previous: applicationTotals,
});
export type ApplicationAnalytics = z.infer<typeof applicationAnalyticsSchema>;

/**
 * GET /api/commissions/earnings: the signed-in partner's commission per London month for the last twelve months,
 * this month last, closed deals apart from approved time (cancelled excluded); months with none are zero.
 */
export const partnerEarningsSchema = z.object({
  months: z.array(z.object({ month: periodField, closedWon: moneySchema, time: moneySchema })),
});
export type PartnerEarnings = z.infer<typeof partnerEarningsSchema>;
