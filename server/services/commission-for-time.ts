import { and, eq, ne, sql } from 'drizzle-orm';
import type { DomainEventData } from '../../common/events/index.ts';
import { AppError } from '../../common/errors.ts';
import { commissionOnTotal } from '../../common/rules/commission-tiers.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import type { Tx } from '../db/client.ts';
import { commissions, leads, placements, timesheets } from '../db/schema/index.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMember } from './notify.ts';

// Commission on a placement's approved time, and the month basis every commission's tiers are computed from
// (shared with commission on a won lead in commissions.ts, which re-exports this module's API).

/** The first day of the month of a calendar date (YYYY-MM-DD): a sheet's profit belongs to the month its week ends in. */
export const monthOfDay = (day: string) => `${day.slice(0, 7)}-01`;

/** The partner's commission basis of a month so far: the value of every commission of theirs in it that still stands. */
export async function monthBasis(tx: Tx, partnerId: string, month: string): Promise<number> {
  const [{ prior }] = await tx
    .select({ prior: sql<string>`coalesce(sum(${commissions.basis}), 0)::text` })
    .from(commissions)
    .where(and(eq(commissions.partnerId, partnerId), eq(commissions.month, month), ne(commissions.status, 'cancelled')));
  return toPence(prior);
}

/** A written commission as its domain event carries it. */
export function commissionFacts(c: typeof commissions.$inferSelect): DomainEventData<'commission.created'> {
  const { id, partnerId, leadId, amount, basis, rate, month, timesheetId } = c;
  return { commissionId: id, partnerId, leadId, kind: c.kind as DomainEventData<'commission.created'>['kind'], amount, basis, rate, month, timesheetId };
}

/** A sheet's gross profit: (charge − pay) in pence × units in hundredths, rounded half up to the penny (pay ≤ charge). */
export const grossProfitPence = (marginPence: number, unitsHundredths: number) => Math.floor((marginPence * unitsHundredths + 50) / 100);

/** A sheet's gross profit in SQL, as grossProfitPence computes it: (charge − pay) × units, rounded half up to the penny. */
const sheetProfitSql = sql<string>`round((${placements.chargeRatePence} - ${placements.payRatePence}) * ${timesheets.totalUnits})`;

export interface TimeCommissionInput {
  /** The sheet just approved or corrected (already stored with its new status and units). */
  sheetId: string;
  /** `time` when the sheet is approved; `adjustment` when an administrator corrects an approved sheet. */
  kind: 'time' | 'adjustment';
}

/**
 * Commission on approved time, reconciled for the whole lead after one of its sheets was approved or corrected.
 * Each approved sheet's gross profit, (charge − pay) × units, counts in the London month its week ends. If the
 * lead's estimate was already paid on, that stands as an advance, used up by the lead's sheets in week order: a
 * sheet counts only the profit above what is left of it, so nothing is paid twice. For every sheet whose counted
 * profit now differs from what its commission rows already booked, a row books the difference in that sheet's
 * own month at the month's marginal tiers (a sheet's first row is `time`, later ones `adjustment`; negative when
 * profit was taken off: a deduction from the next payout). The caller holds the partner's lock (lockPartner) and
 * the sheet's. Answers the rows written (none when nothing changed what is earned).
 */
export async function commissionForTime(tx: Tx, input: TimeCommissionInput, now: Date) {
  const [lead] = await tx
    .select({ leadId: leads.id, partnerId: leads.submitterId, companyName: leads.companyName })
    .from(timesheets)
    .innerJoin(placements, eq(placements.id, timesheets.placementId))
    .innerJoin(leads, eq(leads.id, placements.leadId))
    .where(eq(timesheets.id, input.sheetId));
  if (!lead) throw new AppError('not_found', 'Timesheet not found.');
  // the lead's approved sheets in the order the advance is used up, each with its profit and what it has booked
  const sheets = await tx
    .select({
      id: timesheets.id,
      weekStarting: timesheets.weekStarting,
      weekEnding: timesheets.weekEnding,
      profit: sql<string>`${sheetProfitSql}::text`,
      booked: sql<string>`(select coalesce(sum(b.basis), 0) from ${commissions} b where b.timesheet_id = ${timesheets.id} and b.status <> 'cancelled')::text`,
    })
    .from(timesheets)
    .innerJoin(placements, eq(placements.id, timesheets.placementId))
    .where(and(eq(placements.leadId, lead.leadId), sql`(${timesheets.status} = 'approved' or ${timesheets.id} = ${input.sheetId})`))
    .orderBy(timesheets.weekEnding, timesheets.id);
  const [advance] = await tx
    .select({ paid: sql<string>`coalesce(sum(${commissions.basis}), 0)::text` })
    .from(commissions)
    .where(and(eq(commissions.leadId, lead.leadId), eq(commissions.kind, 'closed_won'), eq(commissions.status, 'paid')));
  let advanceLeft = toPence(advance.paid);
  const written: Array<typeof commissions.$inferSelect> = [];
  for (const sheet of sheets) {
    const profit = Number(sheet.profit); // whole pence: each sheet rounded as grossProfitPence does
    const counted = Math.max(0, profit - advanceLeft);
    advanceLeft = Math.max(0, advanceLeft - profit);
    const bookedPence = toPence(sheet.booked);
    const delta = counted - bookedPence;
    if (delta === 0) continue;
    const month = monthOfDay(sheet.weekEnding);
    const prior = await monthBasis(tx, lead.partnerId, month);
    const amountPence = commissionOnTotal(prior + delta) - commissionOnTotal(prior);
    const rate = Math.round((amountPence / delta) * 10_000) / 10_000;
    const [created] = await tx
      .insert(commissions)
      .values({
        leadId: lead.leadId,
        partnerId: lead.partnerId,
        amount: fromPence(amountPence),
        rate: rate.toFixed(4),
        status: 'pending',
        kind: bookedPence === 0 && !(await hasTimeRow(tx, sheet.id)) ? 'time' : 'adjustment',
        timesheetId: sheet.id,
        basis: fromPence(delta),
        month,
        createdAt: now,
      })
      .returning();
    written.push(created);
    await recordEvent(tx, 'commission.created', commissionFacts(created), { entityId: created.id, at: now });
    const what = sheet.id === input.sheetId ? (input.kind === 'time' ? 'Approved time' : 'Corrected time') : 'Time (after a correction to another week)';
    await notifyMember(
      tx,
      lead.partnerId,
      'commission_earned',
      { source: 'time', what, companyName: lead.companyName, weekStarting: sheet.weekStarting, amountPence },
      { entity: { type: 'commission', id: created.id }, at: now },
    );
  }
  return written;
}

/** Whether a sheet already has its `time` commission row (one per sheet, a unique index), cancelled or not. */
async function hasTimeRow(tx: Tx, sheetId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(eq(commissions.timesheetId, sheetId), eq(commissions.kind, 'time')))
    .limit(1);
  return !!row;
}
