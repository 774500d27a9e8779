import { and, eq, sql } from 'drizzle-orm';
import { MAX_UNITS_PER_DAY, TIMESHEET_MESSAGES as M, type PlacementUnit, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import type { DomainEventData } from '../../common/events/index.ts';
import { AppError } from '../../common/errors.ts';
import { futureTimeIndexes, londonToday } from '../../common/rules/timesheets.ts';
import { addDays, type TimesheetCreateData, type TimesheetDetail, type TimesheetUpdateData } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { leads, placements, timesheetEntries, timesheets } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { placementPermission, placementScope, timesheetPermission, timesheetScope, type TimesheetAction } from '../policies/timesheets.ts';
import { hundredths, storedUnits } from '../presenters/timesheet.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMember } from './notify.ts';
import { contractor, getTimesheet, nameOf, referrerOfRow } from './timesheet-lists.ts';

/**
 * A contractor's week of time: they start the sheet of a week of their placement, fill in its days and submit it
 * to the client. The client's decision and an administrator's correction are in timesheet-decisions.ts; both
 * lock the sheet and check the act through the policy with the helpers here.
 */

export type TimesheetRow = typeof timesheets.$inferSelect;

const invalid = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });

/** Whether a database error is a unique-index violation (Drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A sheet's facts as its domain events carry them, with its status and total after the act. */
export const sheetFacts = (sheet: TimesheetRow, status: TimesheetStatus, unitsHundredths: number): DomainEventData<'timesheet.submitted'> => ({
  timesheetId: sheet.id,
  placementId: sheet.placementId,
  contractorId: sheet.contractorId,
  clientId: sheet.clientId,
  weekStarting: sheet.weekStarting,
  unit: sheet.unitType as PlacementUnit,
  status,
  totalUnitsHundredths: unitsHundredths,
});

/** The contractor starts the sheet of one week of their placement; one per placement and week. */
export async function createTimesheet(db: Db, actor: Actor, data: TimesheetCreateData, now: Date): Promise<TimesheetDetail> {
  const weekEnding = addDays(data.weekStarting, 6);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      // FOR NO KEY UPDATE: creates for one placement queue here, while its sheets' foreign keys still insert
      const [p] = await tx
        .select({ p: placements, companyName: leads.companyName })
        .from(placements)
        .innerJoin(leads, eq(leads.id, placements.leadId))
        .where(and(eq(placements.id, data.placementId), placementScope(actor)))
        .for('no key update', { of: placements });
      if (!p) throw new AppError('not_found', M.placementNotFound);
      authorize(placementPermission(actor, 'createTimesheet', p.p));
      if (weekEnding < p.p.startDate || data.weekStarting > p.p.endDate) throw invalid('weekStarting', M.weekOutsidePlacement);
      const [existing] = await tx
        .select({ id: timesheets.id })
        .from(timesheets)
        .where(and(eq(timesheets.placementId, data.placementId), eq(timesheets.weekStarting, data.weekStarting)));
      if (existing) throw new AppError('conflict', M.duplicateWeek);
      // fires timesheet_status_totals_apply: timesheet_status_totals counts the new draft
      const [row] = await tx
        .insert(timesheets)
        .values({
          placementId: p.p.id,
          contractorId: p.p.contractorId,
          clientId: p.p.clientId,
          projectName: p.companyName.slice(0, 255),
          weekStarting: data.weekStarting,
          weekEnding,
          unitType: p.p.unit,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: timesheets.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', M.duplicateWeek);
    throw err;
  }
  return getTimesheet(db, actor, id);
}

/** A sheet with the member who referred its lead, as the policy weighs it; locked FOR UPDATE (the sheet's row only) when asked. */
async function sheetToActOn(tx: Tx, actor: Actor, id: string, action: TimesheetAction, lock: boolean): Promise<TimesheetRow> {
  // only sheets the actor sees are read (and so locked); the correction is an administrator's, who sees every sheet
  const query = tx
    .select({ t: timesheets, referrerId: referrerOfRow })
    .from(timesheets)
    .where(and(eq(timesheets.id, id), action === 'adjust' ? undefined : timesheetScope(actor)));
  const [found] = lock ? await query.for('update', { of: timesheets }) : await query;
  if (!found) throw new AppError('not_found', M.notFound);
  authorize(timesheetPermission(actor, action, { ...found.t, referrerId: found.referrerId }));
  return found.t;
}

/**
 * Checks, without locking anything, that the actor may do `action` to the sheet now (404, 403, 409): an act that
 * takes another lock first (the referring partner's) asks this before it, so a caller who may not act holds up nobody.
 */
export const checkSheet = (tx: Tx, actor: Actor, id: string, action: TimesheetAction) => sheetToActOn(tx, actor, id, action, false);

/** Locks a sheet the actor sees (404 otherwise) and checks they may do `action` to it now (403, 409). */
export const lockSheet = (tx: Tx, actor: Actor, id: string, action: TimesheetAction) => sheetToActOn(tx, actor, id, action, true);

/**
 * The contractor replaces a draft or rejected sheet's entries. Every day lies in the sheet's week and the
 * placement's dates and holds at most 24 hours or 1 day; the total is the sum the server computes from them.
 */
export async function updateTimesheetEntries(db: Db, actor: Actor, id: string, data: TimesheetUpdateData, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, actor, id, 'edit');
    await replaceEntries(tx, sheet, data.entries, now);
  });
  return getTimesheet(db, actor, id);
}

/** Checks a week's entries against the sheet's week, its placement's dates and its unit, stores them, and answers the new total in hundredths. */
export async function replaceEntries(tx: Tx, sheet: TimesheetRow, entries: TimesheetUpdateData['entries'], now: Date): Promise<number> {
  const id = sheet.id;
  const [p] = await tx.select({ startDate: placements.startDate, endDate: placements.endDate }).from(placements).where(eq(placements.id, sheet.placementId));
  const unit = sheet.unitType as PlacementUnit;
  const max = MAX_UNITS_PER_DAY[unit];
  entries.forEach((e, i) => {
    if (e.date < sheet.weekStarting || e.date > sheet.weekEnding) throw invalid(`entries.${i}.date`, M.dateOutsideWeek);
    if (e.date < p.startDate || e.date > p.endDate) throw invalid(`entries.${i}.date`, M.dateOutsidePlacement);
    if (e.units > max) throw invalid(`entries.${i}.units`, M.unitsTooMany(max, unit));
  });
  // checked against the server's clock: the browser's date is only a courtesy
  const [future] = futureTimeIndexes(entries, londonToday(now));
  if (future !== undefined) throw invalid(`entries.${future}.units`, M.futureDay);
  const total = entries.reduce((sum, e) => sum + hundredths(e.units), 0);
  await tx.delete(timesheetEntries).where(eq(timesheetEntries.timesheetId, id));
  if (entries.length) {
    await tx
      .insert(timesheetEntries)
      .values(entries.map((e) => ({ timesheetId: id, date: e.date, units: storedUnits(hundredths(e.units)), description: e.description || null, createdAt: now })));
  }
  // fires timesheet_status_totals_apply, which keeps timesheet_status_totals (the status does not change here)
  await tx
    .update(timesheets)
    .set({ totalUnits: storedUnits(total), updatedAt: now })
    .where(eq(timesheets.id, id));
  return total;
}

/** Time stored on a day still to come (entered before that check existed) is neither submitted nor approved. */
export async function refuseFutureTime(tx: Tx, sheetId: string, now: Date) {
  const [ahead] = await tx
    .select({ date: timesheetEntries.date })
    .from(timesheetEntries)
    .where(and(eq(timesheetEntries.timesheetId, sheetId), sql`${timesheetEntries.units} > 0`, sql`${timesheetEntries.date} > ${londonToday(now)}::date`))
    .limit(1);
  if (ahead) throw new AppError('conflict', M.futureTimeOnSheet);
}

/** The contractor submits a draft or rejected sheet with time on it: pending, and the client is told. */
export async function submitTimesheet(db: Db, actor: Actor, id: string, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, actor, id, 'submit');
    const units = hundredths(sheet.totalUnits);
    if (sheet.weekStarting > londonToday(now)) throw new AppError('conflict', M.futureWeek);
    if (units <= 0) throw new AppError('conflict', M.emptySheet);
    await refuseFutureTime(tx, id, now);
    // fires timesheet_status_totals_apply: timesheet_status_totals counts the sheet as pending
    await tx.update(timesheets).set({ status: 'pending', submittedAt: now, updatedAt: now }).where(eq(timesheets.id, id));
    await recordEvent(tx, 'timesheet.submitted', sheetFacts(sheet, 'pending', units), { entityId: id, actorId: actor.id, at: now });
    const [who] = await tx
      .select({ name: nameOf(contractor) })
      .from(contractor)
      .where(eq(contractor.id, sheet.contractorId));
    await notifyMember(
      tx,
      sheet.clientId,
      'timesheet_submitted',
      { sheetId: id, projectName: sheet.projectName, weekStarting: sheet.weekStarting, unit: sheet.unitType, unitsHundredths: units, contractorName: who?.name ?? null },
      { entity: { type: 'timesheet', id }, actorId: actor.id, at: now },
    );
  });
  return getTimesheet(db, actor, id);
}
