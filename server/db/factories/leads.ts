/**
 * Factories for leads and commissions, shared by the API tests and the demo seed: made through the same
 * services the routes call, at the moments given, so back-dated history comes out as the product makes it.
 */
import { commissionScope } from '../../policies/commissions.ts';
import { and, eq } from 'drizzle-orm';
import type { LeadStatus } from '../../../common/constants/options.ts';
import { leadInputSchema, type LeadInput } from '../../../common/schemas/lead.ts';
import type { Actor } from '../../policies/roles.ts';
import { markCommissionPaid } from '../../services/commissions.ts';
import { createLead, updateLeadStatus } from '../../services/leads.ts';
import type { Db } from '../client.ts';
import { commissions, leads } from '../schema/index.ts';

export type LeadRow = typeof leads.$inferSelect;

/** One move on a lead's timeline after its submission; without `at` it comes `stepMs` after the previous one. */
export interface LeadStep {
  status: LeadStatus;
  at?: Date;
  notes?: string;
}

/** The usual way a lead travels to each status, one admin decision at a time. */
export const PIPELINE_PATH: Record<LeadStatus, LeadStatus[]> = {
  submitted: [],
  reviewing: ['reviewing'],
  qualified: ['reviewing', 'qualified'],
  'in-progress': ['reviewing', 'qualified', 'in-progress'],
  'closed-won': ['reviewing', 'qualified', 'in-progress', 'closed-won'],
  'closed-lost': ['reviewing', 'qualified', 'closed-lost'],
};

export interface LeadOptions extends Partial<LeadInput> {
  /** The partner who refers it. */
  submitter: Actor;
  /** When it was submitted (default: the real current time). */
  now?: Date;
  /** Where it ends up, walking PIPELINE_PATH; ignored when `history` is given. */
  status?: LeadStatus;
  /** When the last move of `status` happens; the moves are spread evenly from submission to it. */
  statusAt?: Date;
  /** The admin's note on the last move of `status`. */
  notes?: string;
  /** The exact moves after submission, in order. */
  history?: LeadStep[];
  /** The admin who moves it (needed for any move). */
  by?: Actor;
  /** The gap between moves that have no time of their own (default one hour). */
  stepMs?: number;
}

let counter = 0;

/**
 * A lead as the product makes it: submitted through createLead, then moved through updateLeadStatus at each
 * step's time, so its timeline, the submitter's notifications, the audit entries and (on closed-won) its
 * commission, at the marginal tier of that London month, are the real ones. Answers the lead as it ends up.
 */
export async function makeLead(db: Db, o: LeadOptions): Promise<LeadRow> {
  counter += 1;
  const { submitter, now = new Date(), status, statusAt, notes, history, by, stepMs = 3_600_000, ...fields } = o;
  const data = leadInputSchema.parse({
    leadType: 'advisory',
    estimatedValue: '10000',
    companyName: `Prospect ${counter} Ltd`,
    industry: 'Technology',
    contactName: 'Jordan Contact',
    contactEmail: `jordan@prospect${counter}.example`,
    projectDescription: 'Needs an interim executive for a transformation programme.',
    urgency: 'medium',
    relationshipStrength: 'medium',
    ...fields,
  });
  let lead = await createLead(db, submitter, data, now);
  const steps = history ?? spread(PIPELINE_PATH[status ?? 'submitted'], now, statusAt, notes);
  if (steps.length && !by) throw new Error('makeLead: moving a lead needs the admin who moves it (by)');
  let at = now;
  for (const step of steps) {
    at = step.at ?? new Date(at.getTime() + stepMs);
    ({ lead } = await updateLeadStatus(db, by!, lead.id, { status: step.status, ...(step.notes !== undefined ? { notes: step.notes } : {}) }, at));
  }
  return lead;
}

/** The moves of a path, evenly between submission and `until` (without it makeLead puts them `stepMs` apart), the note on the last. */
export function spread(path: LeadStatus[], from: Date, until?: Date, notes?: string): LeadStep[] {
  const gap = until ? (until.getTime() - from.getTime()) / path.length : 0;
  return path.map((status, i) => ({
    status,
    ...(until ? { at: new Date(Math.round(from.getTime() + gap * (i + 1))) } : {}),
    ...(notes !== undefined && i === path.length - 1 ? { notes } : {}),
  }));
}

export type CommissionRow = typeof commissions.$inferSelect;

export interface CommissionOptions extends Partial<LeadInput> {
  /** The partner whose lead closes. */
  partner: Actor;
  /** The admin who works the lead through to closed-won. */
  by: Actor;
  /** When the lead becomes closed-won: the London month whose tiers the commission falls in (default now). */
  closedAt?: Date;
  /** When the lead was submitted (default three weeks before it closes). */
  submittedAt?: Date;
  /** The admin's note on the close. */
  notes?: string;
  /** Marks it paid at this moment through the payout service (by `paidBy`, default `by`). */
  paidAt?: Date;
  paidBy?: Actor;
}

const THREE_WEEKS = 21 * 86_400_000;

/**
 * A commission as the product earns it: a lead of the partner walked through the pipeline to closed-won, so
 * the amount is the marginal one for that partner's month so far; paid through the payout service if asked.
 */
export async function makeCommission(db: Db, o: CommissionOptions): Promise<{ lead: LeadRow; commission: CommissionRow }> {
  const { partner, by, closedAt = new Date(), submittedAt, notes, paidAt, paidBy, ...fields } = o;
  const lead = await makeLead(db, {
    ...fields,
    submitter: partner,
    by,
    now: submittedAt ?? new Date(closedAt.getTime() - THREE_WEEKS),
    status: 'closed-won',
    statusAt: closedAt,
    notes,
  });
  const [pending] = await db
    .select()
    .from(commissions)
    .where(and(eq(commissions.leadId, lead.id), eq(commissions.status, 'pending')));
  if (!pending) throw new Error(`makeCommission: closing ${lead.companyName} earned no commission`);
  const payer = paidBy ?? by;
  const commission = paidAt ? await markCommissionPaid(db, payer, commissionScope(payer, 'all'), pending.id, paidAt) : pending;
  return { lead, commission };
}
