import { and, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PayoutLineState, PayoutRunStatus } from '../../common/schemas/payouts.ts';
import { conflict, forbidden, notFound, permits, type Permission } from './authorize.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Payout runs. Only administrators see runs (anyone else: 404, so a run's existence is not revealed), draft them,
 * cancel a draft, mark an approved run paid and download its files. Approval takes four eyes: the administrator
 * who drafted a run never approves it, and neither does an administrator the run pays (a payable line of theirs),
 * whatever their rank. The right person at the wrong time (a run no longer a draft, a draft not yet approved) is a
 * conflict. A partner sees only their own payouts, and their statements.
 */

export const PAYOUT_MESSAGES = {
  notFound: 'Payout run not found.',
  onlyAdmin: 'Only an administrator can manage payout runs.',
  drafterApproves: 'You drafted this run; another administrator must approve it.',
  paidApproves: 'This run pays you; another administrator must approve it.',
  notDraft: (s: string) => `This run is ${s}; only a draft can be approved or cancelled.`,
  notApproved: (s: string) => `This run is ${s}; only an approved run can be marked paid.`,
  noFiles: 'Payment files exist once the run is approved.',
  statementNotFound: 'Payout not found.',
} as const;

export type PayoutRunAction = 'approve' | 'cancel' | 'markPaid' | 'downloadFiles';

/** A run as the policy needs it: its state, who drafted it, and whether the asking administrator is paid in it. */
export interface RunForDecision {
  status: PayoutRunStatus | string;
  createdBy: string;
  /** The actor has a payable line in the run (asked of the run's lines for this actor only). */
  actorPaidInRun: boolean;
}

const mayManage = (actor: Actor) => isMember(actor) && isAdmin(actor);

/** Who may draft a run, read the runs and change the payout settings: administrators. */
export function payoutAdminPermission(actor: Actor): Permission {
  return mayManage(actor) ? 'ok' : forbidden(PAYOUT_MESSAGES.onlyAdmin);
}

/** Whether the actor may do this to this run now; a non-administrator does not see runs at all. */
export function payoutRunPermission(actor: Actor, action: PayoutRunAction, run: RunForDecision): Permission {
  if (!mayManage(actor)) return notFound(PAYOUT_MESSAGES.notFound);
  switch (action) {
    case 'approve':
      if (run.createdBy === actor.id) return forbidden(PAYOUT_MESSAGES.drafterApproves);
      if (run.actorPaidInRun) return forbidden(PAYOUT_MESSAGES.paidApproves);
      return run.status === 'draft' ? 'ok' : conflict(PAYOUT_MESSAGES.notDraft(run.status));
    case 'cancel':
      return run.status === 'draft' ? 'ok' : conflict(PAYOUT_MESSAGES.notDraft(run.status));
    case 'markPaid':
      return run.status === 'approved' ? 'ok' : conflict(PAYOUT_MESSAGES.notApproved(run.status));
    case 'downloadFiles':
      return run.status === 'approved' || run.status === 'paid' ? 'ok' : conflict(PAYOUT_MESSAGES.noFiles);
  }
}

/** What the screen may offer for a run: exactly what the permission allows. */
export function payoutRunAbilities(actor: Actor, run: RunForDecision) {
  return {
    approve: permits(payoutRunPermission(actor, 'approve', run)),
    cancel: permits(payoutRunPermission(actor, 'cancel', run)),
    markPaid: permits(payoutRunPermission(actor, 'markPaid', run)),
    downloadFiles: permits(payoutRunPermission(actor, 'downloadFiles', run)),
  };
}

/** A payout is issued to its partner once its run is approved (or paid) and the line pays them (or tried to). */
export const ISSUED_RUN_STATUSES = ['approved', 'paid'] as const satisfies readonly PayoutRunStatus[];
export const ISSUED_LINE_STATES = ['payable', 'paid', 'failed'] as const satisfies readonly PayoutLineState[];

/** A payout line as its statement is asked for: whom it pays, its state and its run's status. */
export interface StatementFacts {
  partnerId: string;
  state: string;
  status: string;
}

/** Whether a payout has been issued to its partner (the rule of `issuedPayoutSql`, on a loaded row). */
export const isIssuedPayout = (line: Pick<StatementFacts, 'state' | 'status'>): boolean =>
  (ISSUED_RUN_STATUSES as readonly string[]).includes(line.status) && (ISSUED_LINE_STATES as readonly string[]).includes(line.state);

/** SQL: the payout line whose state is `state` in a run whose status is `status` has been issued to its partner. */
export const issuedPayoutSql = (state: AnyColumn, status: AnyColumn): SQL => and(inArray(state, [...ISSUED_LINE_STATES]), inArray(status, [...ISSUED_RUN_STATUSES]))!;

/**
 * A payout's statement: the partner it pays once it is issued to them, and any administrator; anyone else, and the
 * partner asking too early (an administrator paid in the line included), gets the same 404.
 */
export function payoutStatementPermission(actor: Actor, line: StatementFacts): Permission {
  if (line.partnerId === actor.id) return isIssuedPayout(line) ? 'ok' : notFound(PAYOUT_MESSAGES.statementNotFound);
  return mayManage(actor) ? 'ok' : notFound(PAYOUT_MESSAGES.statementNotFound);
}
