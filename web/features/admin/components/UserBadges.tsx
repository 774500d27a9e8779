import { MEMBER_STATUS_HINTS, MEMBER_STATUS_LABELS, type MemberStatus } from '../../../../common/rules/member-status.ts';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { isAdminRole, roleLabel } from '../../../../common/rules/roles.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** First and last name as one, for labels and headings. */
export function fullName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim();
}
/** A role's name on the admin screens: 'Partner', 'Admin' or 'Master admin'. */
export function roleName(role: string): string {
  return roleLabel(role);
}

/** A user's role in words; the admin roles stand out in medium weight. */
export function RoleLabel({ role }: { role: string }) {
  return <span className={isAdminRole(role) ? 'font-medium' : undefined}>{roleName(role)}</span>;
}

const STATUS_VARIANTS = {
  active: 'success',
  deactivated: 'secondary',
  'pending-verification': 'warning',
  'pending-review': 'warning',
  rejected: 'destructive',
  removed: 'secondary',
  anonymised: 'secondary',
} as const satisfies Record<MemberStatus, string>;

/** The one status of the account, in words (common/rules/member-status.ts), with what it means as its title. */
export function StatusBadge({ user }: { user: Pick<AdminUser, 'status'> }) {
  return (
    <Badge variant={STATUS_VARIANTS[user.status]} title={MEMBER_STATUS_HINTS[user.status]} className="whitespace-nowrap">
      {MEMBER_STATUS_LABELS[user.status]}
    </Badge>
  );
}
