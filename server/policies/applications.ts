import type { ApplicationAbilities } from '../../common/schemas/abilities.ts';
import { isAdmin, type Actor } from './roles.ts';

/** Who reviews membership applications: admins and master-admins. */
export function reviewsApplications(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * What a reviewer may do with one application, by the applicant's state: a pending one has its checklist
 * changed, and is approved or rejected; a rejected one may be reconsidered and approved; a decided one
 * changes no more. Anyone who does not review applications may do nothing.
 */
export function applicationAbilities(actor: Actor, applicant: { accountStatus: string }): ApplicationAbilities {
  const reviewer = reviewsApplications(actor);
  const pending = applicant.accountStatus === 'pending';
  return { update: reviewer && pending, approve: reviewer && (pending || applicant.accountStatus === 'rejected'), reject: reviewer && pending };
}
