import { or, sql, eq, type SQL } from 'drizzle-orm';
import { TIMESHEET_EDITABLE, TIMESHEET_MESSAGES as M, type TimesheetRole, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import type { TimesheetAbilities } from '../../common/schemas/timesheets.ts';
import { placements, timesheets } from '../db/schema/index.ts';
import { conflict, forbidden, notFound, permits, type Permission } from './authorize.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Placements and timesheets. Administrators create and edit placements and see every placement and sheet. A
 * placement's contractor and client see it and its sheets; nobody else does (404). Only the contractor creates,
 * edits and submits their sheets; only the client or an administrator approves or rejects one, and never the
 * sheet's own contractor. A party acting outside their role is refused (403); the right party acting in the
 * wrong status is a conflict (409). An approved sheet is locked; only an administrator corrects it (an adjustment). Whoever referred the
 * placement's lead earns commission on its approved time, so they never approve or correct its sheets: the
 * person who checks the hours is never the one paid for them.
 */

export const canManagePlacements = (actor: Actor) => isMember(actor) && isAdmin(actor);

/** The placements an actor may list or load, narrowed to one side when a role is asked for. */
export function placementScope(actor: Actor, role: TimesheetRole = 'all'): SQL {
  if (role === 'contractor') return eq(placements.contractorId, actor.id);
  if (role === 'client') return eq(placements.clientId, actor.id);
  return canManagePlacements(actor) ? sql`true` : or(eq(placements.contractorId, actor.id), eq(placements.clientId, actor.id))!;
}

/** The timesheets an actor may list or load, narrowed to one side when a role is asked for. */
export function timesheetScope(actor: Actor, role: TimesheetRole = 'all'): SQL {
  if (role === 'contractor') return eq(timesheets.contractorId, actor.id);
  if (role === 'client') return eq(timesheets.clientId, actor.id);
  return canManagePlacements(actor) ? sql`true` : or(eq(timesheets.contractorId, actor.id), eq(timesheets.clientId, actor.id))!;
}

export interface SheetParties {
  contractorId: string;
  clientId: string;
}

/** Whether the actor sees a sheet or placement at all (outside it: 404). */
export const seesSheet = (actor: Actor, s: SheetParties) => canManagePlacements(actor) || actor.id === s.contractorId || actor.id === s.clientId;

/** A sheet with the member who referred its lead, who earns commission on its approved time. */
export interface SheetForDecision extends SheetParties {
  status: TimesheetStatus | string;
  referrerId: string | null;
}

/** Whether the actor earns commission on this sheet's approved time (they referred its lead). */
export const earnsFromSheet = (actor: Actor, s: { referrerId: string | null }) => s.referrerId !== null && actor.id === s.referrerId;

export const isContractorOf = (actor: Actor, s: SheetParties) => isMember(actor) && actor.id === s.contractorId;

/** The client or an administrator decides; the contractor never decides their own sheet, whatever their role. */
export const mayDecide = (actor: Actor, s: SheetParties) => isMember(actor) && actor.id !== s.contractorId && (actor.id === s.clientId || isAdmin(actor));

export type TimesheetAction = 'edit' | 'submit' | 'approve' | 'reject' | 'adjust';

/**
 * Whether the actor may act on a sheet now, and if not, the refusal to send: not found outside it, forbidden for
 * a party outside their role, a conflict for the right party in the wrong status. Correcting approved time is
 * for administrators only, whoever's sheet it is (403 before anything else).
 */
export function timesheetPermission(actor: Actor, action: TimesheetAction, s: SheetForDecision): Permission {
  const status = s.status as TimesheetStatus;
  if (action === 'adjust') {
    if (!canManagePlacements(actor)) return forbidden(M.onlyAdminAdjusts);
    if (actor.id === s.contractorId) return forbidden(M.noOwnAdjustment);
    if (earnsFromSheet(actor, s)) return forbidden(M.noOwnCommissionAdjustment);
    return status === 'approved' ? 'ok' : conflict(M.adjustOnlyApproved);
  }
  if (!seesSheet(actor, s)) return notFound(M.notFound);
  if (action === 'edit' || action === 'submit') {
    if (!isContractorOf(actor, s)) return forbidden(action === 'edit' ? M.onlyContractorEdits : M.onlyContractorSubmits);
    if (TIMESHEET_EDITABLE.includes(status)) return 'ok';
    return conflict(action === 'edit' ? M.notEditable(status) : M.notSubmittable(status));
  }
  if (!mayDecide(actor, s)) return forbidden(M.onlyClientDecides);
  // rejecting earns nothing; approving pays the referrer, who must not be the one approving
  if (action === 'approve' && earnsFromSheet(actor, s)) return forbidden(M.noOwnCommissionApproval);
  return status === 'pending' ? 'ok' : conflict(M.notPending(status));
}

export function timesheetAbilities(actor: Actor, s: SheetForDecision): TimesheetAbilities {
  const ok = (a: TimesheetAction) => permits(timesheetPermission(actor, a, s));
  return { edit: ok('edit'), submit: ok('submit'), approve: ok('approve'), reject: ok('reject'), adjust: ok('adjust') };
}

export type PlacementAction = 'create' | 'edit' | 'inviteClient' | 'createTimesheet';

/**
 * Only an administrator creates or changes a placement, or invites a client contact to join for one; only the
 * placement's contractor starts its timesheets (the placement is needed for that one).
 */
export function placementPermission(actor: Actor, action: PlacementAction, p?: SheetParties): Permission {
  if (action === 'createTimesheet') return p && isContractorOf(actor, p) ? 'ok' : forbidden(M.onlyContractorCreates);
  if (canManagePlacements(actor)) return 'ok';
  return forbidden(action === 'inviteClient' ? 'Only an administrator can invite a client.' : 'Only an administrator can manage placements.');
}

/** Only an administrator exports the timesheets (with every placement's rates). */
export const timesheetExportPermission = (actor: Actor): Permission => (canManagePlacements(actor) ? 'ok' : forbidden('Only an administrator can export timesheets.'));

/** Which rates a viewer of a placement sees: the client what they are charged, the contractor what they are paid. */
export function placementRatesSeen(actor: Actor, p: SheetParties): { charge: boolean; pay: boolean } {
  const admin = canManagePlacements(actor);
  return { charge: admin || actor.id === p.clientId, pay: admin || actor.id === p.contractorId };
}

export const placementAbilities = (actor: Actor, p: SheetParties) => ({
  edit: permits(placementPermission(actor, 'edit')),
  createTimesheet: permits(placementPermission(actor, 'createTimesheet', p)),
});
