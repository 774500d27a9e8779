import type { PartnerPayout, PayoutHoldReason, PayoutLine, PayoutLineState, PayoutMethod, PayoutRun } from '../../common/schemas/payouts.ts';
import { PAYOUT_DETAILS_HOLD_DAYS } from '../../common/schemas/payouts.ts';
import type { payoutRuns } from '../db/schema/index.ts';
import { payoutRunAbilities } from '../policies/payouts.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, moneyFromPence } from './wire.ts';

/** A run's sums over its lines, in pence, as `runTotals` adds them up in SQL. */
export interface RunTotals {
  totalPence: number;
  bankPence: number;
  paypalPence: number;
  paypalCount: number;
  payableCount: number;
  heldCount: number;
  heldPence: number;
  carriedOverCount: number;
  carriedOverPence: number;
  failedCount: number;
}

export const NO_TOTALS: RunTotals = {
  totalPence: 0,
  bankPence: 0,
  paypalPence: 0,
  paypalCount: 0,
  payableCount: 0,
  heldCount: 0,
  heldPence: 0,
  carriedOverCount: 0,
  carriedOverPence: 0,
  failedCount: 0,
};

export type RunRow = typeof payoutRuns.$inferSelect & { createdByName: string; approvedByName: string | null };

/** A run's short reference: "CP" and its number in four digits (CP0007). */
export const runReference = (n: number) => `CP${String(n).padStart(4, '0')}`;

/** A run with its totals and what the actor may do with it; `actorPaidInRun` says whether a payable line is theirs. */
export function presentRun(actor: Actor, r: RunRow, t: RunTotals, actorPaidInRun: boolean): PayoutRun {
  return {
    id: r.id,
    number: r.number,
    reference: runReference(r.number),
    periodEnd: r.periodEnd,
    status: r.status as PayoutRun['status'],
    minimumPayout: moneyFromPence(r.minimumPence),
    createdBy: { id: r.createdBy, name: r.createdByName },
    createdAt: iso(r.createdAt),
    approvedBy: r.approvedBy ? { id: r.approvedBy, name: r.approvedByName ?? '' } : null,
    approvedAt: iso(r.approvedAt),
    paidAt: iso(r.paidAt),
    valueDate: r.valueDate,
    cancelledAt: iso(r.cancelledAt),
    total: moneyFromPence(t.totalPence),
    bankTotal: moneyFromPence(t.bankPence),
    paypalTotal: moneyFromPence(t.paypalPence),
    paypalCount: t.paypalCount,
    payableCount: t.payableCount,
    heldCount: t.heldCount,
    heldTotal: moneyFromPence(t.heldPence),
    carriedOverCount: t.carriedOverCount,
    carriedOverTotal: moneyFromPence(t.carriedOverPence),
    failedCount: t.failedCount,
    can: payoutRunAbilities(actor, { status: r.status, createdBy: r.createdBy, actorPaidInRun }),
  };
}

/** A line as the lists read it: the frozen details once approved, else the partner's current ones. */
export interface LineRow {
  id: string;
  partnerId: string;
  partnerName: string;
  state: string;
  holdReason: string | null;
  amountPence: number;
  commissionCount: number;
  reference: string;
  method: string | null;
  masked: string | null;
  /** When the partner last replaced their payout details (for the hold's words). */
  detailsChangedAt: Date | null;
}

const dayText = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** Why a line is held, in words: "No payout details", or when the details changed and until when the partner is held. */
export function holdText(reason: string | null, changedAt: Date | null): string | null {
  if (reason === 'no_details') return 'No payout details';
  if (reason !== 'details_changed') return null;
  if (!changedAt) return 'Payout details changed recently';
  const until = new Date(changedAt.getTime() + PAYOUT_DETAILS_HOLD_DAYS * 86_400_000);
  return `Payout details changed on ${dayText(changedAt)}: held until ${dayText(until)}`;
}

export function presentLine(l: LineRow): PayoutLine {
  return {
    id: l.id,
    partner: { id: l.partnerId, name: l.partnerName },
    state: l.state as PayoutLineState,
    holdReason: l.holdReason as PayoutHoldReason | null,
    holdText: holdText(l.holdReason, l.detailsChangedAt),
    amount: moneyFromPence(l.amountPence),
    commissionCount: l.commissionCount,
    reference: l.reference,
    method: l.method as PayoutMethod | null,
    masked: l.masked,
  };
}

const PARTNER_STATUS = { payable: 'scheduled', paid: 'paid', failed: 'failed' } as const;

/** The partner's own payout: scheduled once its run is approved, then paid or failed. */
export function presentPartnerPayout(l: {
  id: string;
  reference: string;
  periodEnd: string;
  state: string;
  amountPence: number;
  commissionCount: number;
  method: string | null;
  masked: string | null;
  valueDate: string | null;
}): PartnerPayout {
  return {
    id: l.id,
    reference: l.reference,
    periodEnd: l.periodEnd,
    status: PARTNER_STATUS[l.state as keyof typeof PARTNER_STATUS] ?? 'scheduled',
    amount: moneyFromPence(l.amountPence),
    commissionCount: l.commissionCount,
    method: l.method as PayoutMethod | null,
    masked: l.masked,
    valueDate: l.state === 'paid' ? l.valueDate : null,
    statementUrl: `/api/payouts/${l.id}/statement.pdf`,
  };
}
