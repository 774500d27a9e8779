import type { ApplicationAbilities } from '../../common/schemas/abilities.ts';
import { isAdmin, type Actor } from './roles.ts';

/** Why an applicant who has not proved their e-mail address may not be approved, as the reviewer reads it. */
export const EMAIL_NOT_VERIFIED_REASON = 'The applicant has not verified their e-mail address yet.';

/** Who reviews membership applications: admins and master-admins. */
export function reviewsApplications(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * What a reviewer may do with one application, by the applicant's state: a pending one has its checklist
 * changed, and is approved or rejected; a rejected one may be reconsidered and approved; a decided one
 * changes no more. Approval also needs a verified e-mail address: every approval notice and later mail goes to
 * it, so it must be the applicant's own. Anyone who does not review applications may do nothing.
 */
export function applicationAbilities(actor: Actor, applicant: { accountStatus: string; emailVerifiedAt: Date | null }): ApplicationAbilities {
  const reviewer = reviewsApplications(actor);
  const pending = applicant.accountStatus === 'pending';
  const decidable = reviewer && (pending || applicant.accountStatus === 'rejected');
  const verified = !!applicant.emailVerifiedAt;
  return {
    update: reviewer && pending,
    approve: decidable && verified,
    reject: reviewer && pending,
    approveBlockedReason: decidable && !verified ? EMAIL_NOT_VERIFIED_REASON : null,
    resendVerification: reviewer && pending && !verified,
  };
}
