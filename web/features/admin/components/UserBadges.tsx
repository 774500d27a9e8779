import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const ROLE_LABELS: Record<string, string> = { partner: 'Partner', admin: 'Admin', 'master-admin': 'Master admin' };

function roleName(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

/** A user's role in words; the admin roles stand out in medium weight. */
export function RoleLabel({ role }: { role: string }) {
  return <span className={role === 'partner' ? undefined : 'font-medium'}>{roleName(role)}</span>;
}

/** Active / Inactive, and the application state when the account is not approved yet. */
export function StatusBadge({ user }: { user: Pick<AdminUser, 'isActive' | 'accountStatus'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
      {user.accountStatus === 'pending' && <Badge variant="warning">Pending</Badge>}
      {user.accountStatus === 'rejected' && <Badge variant="destructive">Rejected</Badge>}
    </span>
  );
}
