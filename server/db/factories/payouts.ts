/**
 * Factories for payout runs in any state, written straight to the tables: the documents (bank file, PayPal file,
 * statements) read runs as approval and payment leave them, and the tests of those documents need such runs
 * without walking the whole draft → approve → pay flow each time.
 */
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { toPence } from '../../../common/rules/money.ts';
import { maskPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../../lib/payout-account.ts';
import type { Db } from '../client.ts';
import { commissions, leads, payoutDetails, payoutLineCommissions, payoutLines, payoutRuns } from '../schema/index.ts';

export type PayoutRunRow = typeof payoutRuns.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;

export interface PayoutCommissionSpec {
  /** Pounds, as the commissions table holds them ("125.50"). */
  amount: string;
  company?: string;
  rate?: string;
  basis?: string;
  createdAt?: Date;
}

export interface PayoutLineSpec {
  partnerId: string;
  /** The partner's payout details (stored, and copied to the line at approval); none = a held line. */
  account?: PayoutAccount | null;
  vatNumber?: string;
  commissions: PayoutCommissionSpec[];
  /** Commissions the product already made for the partner (earned on approved time, say), claimed as they are. */
  existingCommissionIds?: string[];
  /** Default: payable (paid once the run is paid), or held without an account. */
  state?: 'payable' | 'carried_over' | 'held' | 'failed';
}

export interface PayoutRunSpec {
  createdBy: string;
  approvedBy?: string;
  status: 'draft' | 'approved' | 'paid' | 'cancelled';
  periodEnd?: string;
  /** The day the money left, for a paid run. */
  valueDate?: string;
  minimumPence?: number;
  lines: PayoutLineSpec[];
}

export interface MadePayoutRun {
  run: PayoutRunRow;
  lines: { line: PayoutLineRow; commissionIds: string[] }[];
}

let counter = 0;

/**
 * A run as the payout services leave it: its lines, their commissions (on leads of their own) and open claims
 * for payable lines; once approved, each payable line keeps the partner's details sealed and masked; once paid,
 * payable lines are paid and their commissions paid at the value date (noon, London).
 */
export async function makePayoutRun(db: Db, payoutKey: string, spec: PayoutRunSpec): Promise<MadePayoutRun> {
  const approved = spec.status === 'approved' || spec.status === 'paid';
  const paid = spec.status === 'paid';
  const valueDate = paid ? (spec.valueDate ?? '2026-11-15') : null;
  const paidAt = valueDate ? DateTime.fromISO(valueDate, { zone: 'Europe/London' }).set({ hour: 12 }).toJSDate() : null;
  const [run] = await db
    .insert(payoutRuns)
    .values({
      periodEnd: spec.periodEnd ?? '2026-10-31',
      status: spec.status,
      minimumPence: spec.minimumPence ?? 5_000,
      createdBy: spec.createdBy,
      approvedBy: approved ? (spec.approvedBy ?? null) : null,
      approvedAt: approved ? new Date('2026-11-02T10:00:00Z') : null,
      paidBy: paid ? (spec.approvedBy ?? spec.createdBy) : null,
      paidAt,
      valueDate,
      cancelledBy: spec.status === 'cancelled' ? spec.createdBy : null,
      cancelledAt: spec.status === 'cancelled' ? new Date('2026-11-02T10:00:00Z') : null,
    })
    .returning();
  const runRef = `CP${String(run.number).padStart(4, '0')}`;
  const made: MadePayoutRun['lines'] = [];
  let seq = 0;
  for (const l of spec.lines) {
    seq += 1;
    if (l.account) {
      await db
        .insert(payoutDetails)
        .values({
          userId: l.partnerId,
          method: l.account.method,
          sealed: sealPayoutAccount(payoutKey, l.account),
          masked: maskPayoutAccount(l.account),
          vatRegistered: Boolean(l.vatNumber),
          vatNumber: l.vatNumber ?? null,
        })
        .onConflictDoNothing();
    }
    const planned = l.state ?? (l.account ? 'payable' : 'held');
    const claims = planned === 'payable' || planned === 'failed';
    const state = planned === 'payable' && paid ? 'paid' : planned;
    const existing = l.existingCommissionIds?.length
      ? await db.select({ id: commissions.id, amount: commissions.amount }).from(commissions).where(inArray(commissions.id, l.existingCommissionIds))
      : [];
    const amountPence = [...l.commissions, ...existing].reduce((s, c) => s + toPence(c.amount), 0);
    const frozen = approved && claims && l.account;
    const [line] = await db
      .insert(payoutLines)
      .values({
        runId: run.id,
        partnerId: l.partnerId,
        state,
        holdReason: planned === 'held' ? 'no_details' : null,
        amountPence,
        commissionCount: l.commissions.length + existing.length,
        reference: `${runRef}-${String(seq).padStart(4, '0')}`,
        method: frozen ? l.account!.method : null,
        sealedDetails: frozen ? sealPayoutAccount(payoutKey, l.account!) : null,
        maskedDetails: frozen ? maskPayoutAccount(l.account!) : null,
        failedAt: planned === 'failed' ? paidAt : null,
      })
      .returning();
    const commissionIds: string[] = [];
    for (const c of l.commissions) {
      counter += 1;
      const [lead] = await db
        .insert(leads)
        .values({
          submitterId: l.partnerId,
          leadType: 'advisory',
          companyName: c.company ?? `Payout Prospect ${counter} Ltd`,
          industry: 'Technology',
          contactName: 'Jordan Contact',
          contactEmail: `jordan@payout${counter}.example`,
          projectDescription: 'Needs an interim executive.',
          estimatedValue: c.basis ?? '10000',
          status: 'closed-won',
        })
        .returning({ id: leads.id });
      const createdAt = c.createdAt ?? new Date('2026-10-10T12:00:00Z');
      const [commission] = await db
        .insert(commissions)
        .values({
          leadId: lead.id,
          partnerId: l.partnerId,
          amount: c.amount,
          rate: c.rate ?? '0.1000',
          basis: c.basis ?? '10000',
          status: state === 'paid' ? 'paid' : 'pending',
          paidAt: state === 'paid' ? paidAt : null,
          kind: 'closed_won',
          month: DateTime.fromJSDate(createdAt, { zone: 'Europe/London' }).startOf('month').toISODate()!,
          createdAt,
        })
        .returning({ id: commissions.id });
      commissionIds.push(commission.id);
      if (claims) {
        await db.insert(payoutLineCommissions).values({
          lineId: line.id,
          commissionId: commission.id,
          amountPence: toPence(c.amount),
          releasedAt: planned === 'failed' || spec.status === 'cancelled' ? (paidAt ?? new Date('2026-11-02T10:00:00Z')) : null,
        });
      }
    }
    for (const c of existing) {
      commissionIds.push(c.id);
      if (state === 'paid') await db.update(commissions).set({ status: 'paid', paidAt }).where(eq(commissions.id, c.id));
      if (claims) await db.insert(payoutLineCommissions).values({ lineId: line.id, commissionId: c.id, amountPence: toPence(c.amount) });
    }
    made.push({ line, commissionIds });
  }
  return { run, lines: made };
}
