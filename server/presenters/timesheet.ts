import type { PlacementUnit, TimesheetStatus } from '../../common/constants/timesheets.ts';
import type { Placement, Timesheet, TimesheetDetail } from '../../common/schemas/timesheets.ts';
import type { placements, timesheets } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import { placementAbilities, placementRatesSeen, timesheetAbilities } from '../policies/timesheets.ts';
import { iso, moneyFromPence } from './wire.ts';

/** Units in hundredths, exactly (a numeric(…, 2) text or a number with at most two decimals). */
export const hundredths = (v: string | number) => Math.round(Number(v) * 100);

/** Units in hundredths as the numeric(…, 2) text the database stores. */
export const storedUnits = (h: number) => (h / 100).toFixed(2);

/** A placement with its lead's company and type and its parties' names. */
export interface PlacementJoined {
  p: typeof placements.$inferSelect;
  companyName: string;
  leadType: string;
  contractorName: string;
  clientName: string;
}

/** A placement as the viewer sees it: the client its charge rate, the contractor their pay rate, and what they may do. */
export function presentPlacement(viewer: Actor, r: PlacementJoined): Placement {
  const p = r.p;
  const seen = placementRatesSeen(viewer, p);
  return {
    id: p.id,
    leadId: p.leadId,
    companyName: r.companyName,
    leadType: r.leadType,
    contractorId: p.contractorId,
    contractorName: r.contractorName,
    clientId: p.clientId,
    clientName: r.clientName,
    unit: p.unit as PlacementUnit,
    chargeRate: seen.charge ? moneyFromPence(p.chargeRatePence) : null,
    payRate: seen.pay ? moneyFromPence(p.payRatePence) : null,
    startDate: p.startDate,
    endDate: p.endDate,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    can: placementAbilities(viewer, p),
  };
}

/** A sheet with its parties' and approver's names and the member who referred its lead (who earns on its time). */
export interface TimesheetJoined {
  t: typeof timesheets.$inferSelect;
  contractorName: string;
  clientName: string;
  approvedByName: string | null;
  referrerId: string | null;
}

/** A sheet as the viewer sees it, with what they may do to it now. */
export function presentTimesheet(viewer: Actor, r: TimesheetJoined): Timesheet {
  const t = r.t;
  return {
    id: t.id,
    placementId: t.placementId,
    projectName: t.projectName,
    contractorId: t.contractorId,
    contractorName: r.contractorName,
    clientId: t.clientId,
    clientName: r.clientName,
    unit: t.unitType as PlacementUnit,
    weekStarting: t.weekStarting,
    weekEnding: t.weekEnding,
    totalUnits: hundredths(t.totalUnits) / 100,
    status: t.status as TimesheetStatus,
    submittedAt: iso(t.submittedAt),
    approvedAt: iso(t.approvedAt),
    approvedBy: t.approvedBy,
    approvedByName: t.approvedBy ? r.approvedByName : null,
    approvalComments: t.approvalComments,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    can: timesheetAbilities(viewer, { ...t, referrerId: r.referrerId }),
  };
}

/** One day of a sheet, its units as a number. */
export const presentEntry = (e: { date: string; units: string; description: string | null }): TimesheetDetail['entries'][number] => ({
  date: e.date,
  units: hundredths(e.units) / 100,
  description: e.description,
});
