/**
 * Factories for placements and timesheets, shared by the API tests and the demo seed: made through the same
 * services the routes call, at the moments given, so a sheet's history (drafted, submitted, decided) is the
 * product's own.
 */
import type { PlacementUnit, TimesheetStatus } from '../../../common/constants/timesheets.ts';
import { placementCreateSchema, timesheetUpdateSchema, type Placement, type TimesheetDetail } from '../../../common/schemas/timesheets.ts';
import type { Actor } from '../../policies/roles.ts';
import { createPlacement } from '../../services/placements.ts';
import { approveTimesheet, rejectTimesheet } from '../../services/timesheet-decisions.ts';
import { createTimesheet, submitTimesheet, updateTimesheetEntries } from '../../services/timesheets.ts';
import type { Db } from '../client.ts';
import { makeLead, type LeadRow } from './leads.ts';

export interface PlacementOptions {
  /** The administrator who makes it (and, without `lead`, who closes the lead it is made on). */
  by: Actor;
  contractor: Actor;
  client: Actor;
  /** A closed-won interim or recruitment lead; without it one is referred by `referrer` and closed by `by`. */
  lead?: Pick<LeadRow, 'id'>;
  /** The partner who refers the lead made when `lead` is absent (default `by`). */
  referrer?: Actor;
  /** Pounds per unit, as the form takes them. */
  chargeRate?: string;
  payRate?: string;
  unit?: PlacementUnit;
  startDate?: string;
  endDate?: string;
  now?: Date;
}

/** A placement as an administrator makes it, on a closed-won lead of type interim. */
export async function makePlacement(db: Db, o: PlacementOptions): Promise<Placement> {
  const now = o.now ?? new Date();
  const lead =
    o.lead ??
    (await makeLead(db, {
      submitter: o.referrer ?? o.by,
      by: o.by,
      leadType: 'interim',
      status: 'closed-won',
      now: new Date(now.getTime() - 7 * 86_400_000),
      statusAt: now,
    }));
  const data = placementCreateSchema.parse({
    leadId: lead.id,
    contractorId: o.contractor.id,
    clientId: o.client.id,
    chargeRate: o.chargeRate ?? '100',
    payRate: o.payRate ?? '70',
    unit: o.unit ?? 'hour',
    startDate: o.startDate ?? '2026-01-05',
    endDate: o.endDate ?? '2026-12-27',
  });
  return createPlacement(db, o.by, data, now);
}

export interface TimesheetOptions {
  placement: Pick<Placement, 'id'>;
  contractor: Actor;
  /** A Monday within the placement's dates. */
  weekStarting: string;
  /** Units per day of the week, Monday first (default none). */
  units?: number[];
  /** Where it ends up (default draft); pending, approved and rejected need the entries to be worth something. */
  status?: TimesheetStatus;
  /** Who approves or rejects it (the client or an administrator). */
  decidedBy?: Actor;
  comments?: string;
  /** What was done each day, Monday first; with it, a day with no units and no description is left out. */
  descriptions?: string[];
  /** When it is created and filled in (default `now`). */
  now?: Date;
  /** When it is submitted (default `now`). */
  submittedAt?: Date;
  /** When it is approved or rejected (default `submittedAt`, else `now`). */
  decidedAt?: Date;
}

/** A sheet as its contractor fills it in, and as far along as asked: submitted, then approved or rejected. */
export async function makeTimesheet(db: Db, o: TimesheetOptions): Promise<TimesheetDetail> {
  const now = o.now ?? new Date();
  let sheet = await createTimesheet(db, o.contractor, { placementId: o.placement.id, weekStarting: o.weekStarting }, now);
  if (o.units?.length) {
    const start = new Date(`${o.weekStarting}T00:00:00Z`);
    const entries = o.units
      .map((units, i) => ({
        date: new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10),
        units,
        description: o.descriptions ? o.descriptions[i] || null : 'Programme work',
      }))
      .filter((e) => !o.descriptions || e.units > 0 || e.description);
    // time is entered once its days have happened: a sheet submitted later is taken as filled in when it is submitted
    const filledAt = o.submittedAt && o.submittedAt > now ? o.submittedAt : now;
    sheet = await updateTimesheetEntries(db, o.contractor, sheet.id, timesheetUpdateSchema.parse({ entries }), filledAt);
  }
  const status = o.status ?? 'draft';
  if (status === 'draft') return sheet;
  const submittedAt = o.submittedAt ?? now;
  sheet = await submitTimesheet(db, o.contractor, sheet.id, submittedAt);
  if (status === 'pending') return sheet;
  if (!o.decidedBy) throw new Error('makeTimesheet: a decision needs who decides (decidedBy)');
  const decidedAt = o.decidedAt ?? submittedAt;
  return status === 'approved'
    ? approveTimesheet(db, o.decidedBy, sheet.id, o.comments, decidedAt)
    : rejectTimesheet(db, o.decidedBy, sheet.id, o.comments ?? 'Please correct the hours.', decidedAt);
}
