import { or, sql, eq, type SQL } from 'drizzle-orm';
import { TIMESHEET_EDITABLE, type TimesheetRole, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import type { TimesheetAbilities } from '../../common/schemas/timesheets.ts';
import { placements, timesheets } from '../db/schema/index.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Placements and timesheets. Administrators create and edit placements and see every placement and sheet. A
 * placement's contractor and client see it and its sheets; nobody else does (404). Only the contractor creates,
 * edits and submits their sheets; only the client or an administrator approves or rejects one, and never the
 * sheet's own contractor. A party acting outside their role is refused (403); the right party acting in the
 * wrong status is a conflict (409), decided by the service. An approved sheet is locked. Whoever referred the
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

/** An administrator corrects approved time, never on their own sheet nor on one whose commission they earn. */
export const mayAdjust = (actor: Actor, s: SheetForDecision) => canManagePlacements(actor) && actor.id !== s.contractorId && !earnsFromSheet(actor, s);

export type TimesheetAction = 'edit' | 'submit' | 'approve' | 'reject';

/**
 * Whether the actor may act on a sheet, and if not, why: 'not_found' outside it, 'forbidden' for a party outside
 * their role, 'conflict' for the right party in the wrong status.
 */
export function timesheetPermission(actor: Actor, s: SheetForDecision, action: TimesheetAction): 'ok' | 'not_found' | 'forbidden' | 'conflict' {
  if (!seesSheet(actor, s)) return 'not_found';
  const status = s.status as TimesheetStatus;
  if (action === 'edit' || action === 'submit') {
    if (!isContractorOf(actor, s)) return 'forbidden';
    return TIMESHEET_EDITABLE.includes(status) ? 'ok' : 'conflict';
  }
  if (!mayDecide(actor, s)) return 'forbidden';
  // rejecting earns nothing; approving pays the referrer, who must not be the one approving
  if (action === 'approve' && earnsFromSheet(actor, s)) return 'forbidden';
  return status === 'pending' ? 'ok' : 'conflict';
}

export function timesheetAbilities(actor: Actor, s: SheetForDecision): TimesheetAbilities {
  const ok = (a: TimesheetAction) => timesheetPermission(actor, s, a) === 'ok';
  // an approved sheet is corrected only by an administrator who is neither its contractor nor its lead's referrer (an audited adjustment)
  const adjust = s.status === 'approved' && mayAdjust(actor, s);
  return { edit: ok('edit'), submit: ok('submit'), approve: ok('approve'), reject: ok('reject'), adjust };
}

/** Which rates a viewer of a placement sees: the client what they are charged, the contractor what they are paid. */
export function placementRatesSeen(actor: Actor, p: SheetParties): { charge: boolean; pay: boolean } {
  const admin = canManagePlacements(actor);
  return { charge: admin || actor.id === p.clientId, pay: admin || actor.id === p.contractorId };
}

export const placementAbilities = (actor: Actor, p: SheetParties) => ({ edit: canManagePlacements(actor), createTimesheet: isContractorOf(actor, p) });
