import { eq, sql } from 'drizzle-orm';
import type { TimesheetStatus } from '../../common/constants/timesheets.ts';
import type { TimesheetAdjustData, TimesheetDetail } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { leads, placements, timesheetEntries, timesheets } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import { hundredths, storedUnits } from '../presenters/timesheet.ts';
import { recordAudit } from './audit.ts';
import { commissionForTime, grossProfitPence, lockPartner } from './commissions.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMember } from './notify.ts';
import { getTimesheet } from './timesheet-lists.ts';
import { checkSheet, lockSheet, refuseFutureTime, replaceEntries, sheetFacts, type TimesheetRow } from './timesheets.ts';

/**
 * Deciding a submitted sheet (its client or an administrator approves or rejects it) and correcting approved time
 * (an administrator's adjustment). Approved time earns the lead's referring partner commission, so approving and
 * correcting take that partner's lock before the sheet's, as every commission change does; the act is checked
 * before any lock is taken and again under the locks, since the sheet may have moved on while they were awaited.
 */

/** The referring partner of a sheet's lead, as a subquery (no row when the sheet does not exist). */
const partnerOfSheet = (sheetId: string) =>
  sql`select ${leads.submitterId} from ${leads} join ${placements} on ${placements.leadId} = ${leads.id} join ${timesheets} on ${timesheets.placementId} = ${placements.id} where ${timesheets.id} = ${sheetId}`;

/** A sheet's gross profit in pence at its placement's rates, for `unitsHundredths` of its unit. */
async function sheetProfitPence(tx: Tx, sheet: TimesheetRow, unitsHundredths: number): Promise<number> {
  const [p] = await tx.select({ charge: placements.chargeRatePence, pay: placements.payRatePence }).from(placements).where(eq(placements.id, sheet.placementId));
  return grossProfitPence(p.charge - p.pay, unitsHundredths);
}

/** What the contractor's notifications name a sheet by. */
const sheetNamed = (sheet: TimesheetRow) => ({
  sheetId: sheet.id,
  projectName: sheet.projectName,
  weekStarting: sheet.weekStarting,
  unit: sheet.unitType,
  unitsHundredths: hundredths(sheet.totalUnits),
});

/** The client (or an administrator) decides a pending sheet; the contractor is told. Audited. */
async function decide(db: Db, actor: Actor, id: string, decision: 'approve' | 'reject', comments: string | undefined, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    if (decision === 'approve') {
      // approval earns the referring partner commission: their lock first, as every commission change takes it
      await checkSheet(tx, actor, id, decision);
      await lockPartner(tx, partnerOfSheet(id));
    }
    const sheet = await lockSheet(tx, actor, id, decision);
    if (decision === 'approve') await refuseFutureTime(tx, id, now);
    const status: TimesheetStatus = decision === 'approve' ? 'approved' : 'rejected';
    const note = comments?.trim() || null;
    // fires timesheet_status_totals_apply: timesheet_status_totals counts the sheet under its new status
    await tx
      .update(timesheets)
      .set(
        decision === 'approve'
          ? { status, approvedBy: actor.id, approvedAt: now, approvalComments: note, updatedAt: now }
          : { status, approvedBy: null, approvedAt: null, approvalComments: note, updatedAt: now },
      )
      .where(eq(timesheets.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `timesheet.${decision}`,
      entityType: 'timesheet',
      entityId: id,
      before: { status: sheet.status },
      after: { status, totalUnits: sheet.totalUnits, comments: note },
      at: now,
    });
    const units = hundredths(sheet.totalUnits);
    const meta = { entityId: id, actorId: actor.id, at: now };
    if (decision === 'approve') {
      await commissionForTime(tx, { sheetId: id, kind: 'time' }, now);
      await recordEvent(tx, 'timesheet.approved', { ...sheetFacts(sheet, status, units), grossProfitPence: await sheetProfitPence(tx, sheet, units) }, meta);
    } else {
      await recordEvent(tx, 'timesheet.rejected', sheetFacts(sheet, status, units), meta);
    }
    await notifyMember(
      tx,
      sheet.contractorId,
      'timesheet_decided',
      { ...sheetNamed(sheet), decision: decision === 'approve' ? 'approved' : 'rejected', comments: note },
      { entity: { type: 'timesheet', id }, actorId: actor.id, at: now },
    );
  });
  return getTimesheet(db, actor, id);
}

export const approveTimesheet = (db: Db, actor: Actor, id: string, comments: string | undefined, now: Date) => decide(db, actor, id, 'approve', comments, now);
export const rejectTimesheet = (db: Db, actor: Actor, id: string, comments: string, now: Date) => decide(db, actor, id, 'reject', comments, now);

/**
 * An administrator corrects an approved sheet: its entries are replaced, and the difference in gross profit earns
 * (or takes back) commission as an adjustment in the month the week ends in. The sheet stays approved. Audited with
 * the entries before and after and the reason; the contractor is told. Never by the sheet's own contractor.
 */
export async function adjustTimesheet(db: Db, actor: Actor, id: string, data: TimesheetAdjustData, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    await checkSheet(tx, actor, id, 'adjust');
    await lockPartner(tx, partnerOfSheet(id));
    const sheet = await lockSheet(tx, actor, id, 'adjust');
    const beforeEntries = await tx
      .select({ date: timesheetEntries.date, units: timesheetEntries.units, description: timesheetEntries.description })
      .from(timesheetEntries)
      .where(eq(timesheetEntries.timesheetId, id))
      .orderBy(timesheetEntries.date);
    const unitsAfter = await replaceEntries(tx, sheet, data.entries, now);
    const written = await commissionForTime(tx, { sheetId: id, kind: 'adjustment' }, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'timesheet.adjust',
      entityType: 'timesheet',
      entityId: id,
      before: { totalUnits: sheet.totalUnits, entries: beforeEntries },
      after: {
        totalUnits: storedUnits(unitsAfter),
        entries: data.entries.map((e) => ({ date: e.date, units: storedUnits(hundredths(e.units)), description: e.description || null })),
        reason: data.reason,
        commissions: written.map((c) => ({ id: c.id, amount: c.amount, basis: c.basis, month: c.month.slice(0, 7) })),
      },
      at: now,
    });
    await recordEvent(
      tx,
      'timesheet.adjusted',
      {
        ...sheetFacts(sheet, 'approved', unitsAfter),
        totalUnitsBeforeHundredths: hundredths(sheet.totalUnits),
        grossProfitPence: await sheetProfitPence(tx, sheet, unitsAfter),
      },
      { entityId: id, actorId: actor.id, at: now },
    );
    await notifyMember(
      tx,
      sheet.contractorId,
      'timesheet_decided',
      { ...sheetNamed(sheet), decision: 'corrected', unitsAfterHundredths: unitsAfter, reason: data.reason },
      { entity: { type: 'timesheet', id }, actorId: actor.id, at: now },
    );
  });
  return getTimesheet(db, actor, id);
}
