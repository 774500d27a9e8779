/**
 * The one status User Management shows for an account, in words a person understands. An account has several
 * flags (application state, active, removed, anonymised, e-mail verified); this folds them into exactly one
 * status, so an applicant is never shown as "Active" and "Rejected" at once. The server filters by these same
 * statuses (its SQL follows the order below) and the screen labels them from `MEMBER_STATUS_LABELS`.
 */
export const MEMBER_STATUSES = ['active', 'deactivated', 'pending-verification', 'pending-review', 'rejected', 'removed', 'anonymised'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_STATUS_LABELS = {
  active: 'Active',
  deactivated: 'Deactivated',
  'pending-verification': 'Pending e-mail verification',
  'pending-review': 'Pending review',
  rejected: 'Rejected',
  removed: 'Removed',
  anonymised: 'Removed (anonymised)',
} as const satisfies Record<MemberStatus, string>;

/** What each status means, for the filter and the status's tooltip. */
export const MEMBER_STATUS_HINTS = {
  active: 'An approved member who can sign in.',
  deactivated: 'An approved member who cannot sign in until reactivated.',
  'pending-verification': 'Applied, and has not confirmed their e-mail address yet.',
  'pending-review': 'Applied and confirmed their e-mail address; waiting for an administrator’s decision.',
  rejected: 'Applied and was not admitted.',
  removed: 'Removed by an administrator; hidden from member lists.',
  anonymised: 'Deleted at the member’s request; their personal details were removed.',
} as const satisfies Record<MemberStatus, string>;

export interface MemberStatusFacts {
  accountStatus: string;
  isActive: boolean;
  emailVerified: boolean;
  removed: boolean;
  anonymised: boolean;
}

/**
 * First match wins: an anonymised account, then a removed one, then the application state for anyone not
 * approved (an applicant still to confirm their e-mail is waiting on themselves, not on a reviewer), then whether
 * an approved member is active. An approved member whose new address is not confirmed yet stays Active: they can
 * still sign in and use everything.
 */
export function memberStatus(u: MemberStatusFacts): MemberStatus {
  if (u.anonymised) return 'anonymised';
  if (u.removed) return 'removed';
  if (u.accountStatus === 'rejected') return 'rejected';
  if (u.accountStatus !== 'approved') return u.emailVerified ? 'pending-review' : 'pending-verification';
  return u.isActive ? 'active' : 'deactivated';
}

export function memberStatusLabel(status: MemberStatus): string {
  return MEMBER_STATUS_LABELS[status];
}
