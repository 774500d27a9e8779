import type { ReactNode } from 'react';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { fullName } from './UserActions.tsx';
import { RoleLabel, StatusBadge } from './UserBadges.tsx';

const FIGURE = 'text-right tabular-nums';

function columns(meId: string | undefined, actions: (u: AdminUser, layout: 'menu') => ReactNode): Column<AdminUser>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cellClassName: 'max-w-64',
      cell: (u) => (
        <div className="flex items-center">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 truncate font-medium">
              <span className="truncate">{fullName(u)}</span>
              {u.id === meId && <Badge variant="secondary">You</Badge>}
            </p>
            {/* the whole address, broken where it must: an administrator copies it from here */}
            <p className="break-all text-xs text-muted-foreground">{u.email}</p>
          </div>
        </div>
      ),
    },
    {
      key: 'company',
      header: 'Company',
      cellClassName: 'max-w-32 truncate',
      cell: (u) => <span title={u.company ?? undefined}>{u.company || <span className="text-muted-foreground">—</span>}</span>,
    },
    { key: 'role', header: 'Role', cellClassName: 'whitespace-nowrap', cell: (u) => <RoleLabel role={u.role} /> },
    { key: 'status', header: 'Status', cell: (u) => <StatusBadge user={u} /> },
    {
      key: 'leads',
      header: 'Leads (won)',
      className: FIGURE,
      cellClassName: 'whitespace-nowrap',
      cell: (u) => (
        <>
          {u.totalLeads.toLocaleString('en-GB')} <span className="text-muted-foreground">({u.successfulLeads.toLocaleString('en-GB')})</span>
        </>
      ),
    },
    { key: 'commission', header: 'Commission', className: FIGURE, cellClassName: 'whitespace-nowrap', cell: (u) => formatGBP(u.totalCommission, 2) },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cellClassName: 'px-1.5 py-2', cell: (u) => actions(u, 'menu') },
  ];
}

/** A user on a narrower screen: picture, name, e-mail, company and role, status, three figures, the actions as buttons. */
function UserCard({ u, isSelf, actions }: { u: AdminUser; isSelf: boolean; actions: ReactNode }) {
  const figures = [
    { label: 'Leads', value: u.totalLeads },
    { label: 'Successful', value: u.successfulLeads },
    { label: 'Commission', value: formatGBP(u.totalCommission, 2), className: 'truncate' },
  ];
  return (
    <>
      <div className="flex items-start gap-3">
        <UserAvatar person={u} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-1.5 font-medium">
            {fullName(u)}
            {isSelf && <Badge variant="secondary">You</Badge>}
          </p>
          <p className="break-all text-sm text-muted-foreground">{u.email}</p>
          <p className="truncate text-sm text-muted-foreground">
            {u.company || 'No company'} · <RoleLabel role={u.role} />
          </p>
          <div className="mt-2">
            <StatusBadge user={u} />
          </div>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 rounded-md bg-muted/60 px-3 py-2 text-center">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col-reverse">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className={cn('text-sm font-semibold tabular-nums', f.className)}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">{actions}</div>
    </>
  );
}

/** A page of users: a table on wide screens (from xl: it has seven columns), one card per user below that. */
export function UserTable({ users, meId, actions }: { users: AdminUser[]; meId: string | undefined; actions: (u: AdminUser, layout: 'menu' | 'buttons') => ReactNode }) {
  return (
    <ResponsiveTable
      rows={users}
      rowKey={(u) => u.id}
      caption="Users"
      columns={columns(meId, actions)}
      card={(u) => <UserCard u={u} isSelf={u.id === meId} actions={actions(u, 'buttons')} />}
      tableFrom="xl"
      cellClassName="px-2.5"
      cardClassName="p-3.5 sm:p-4"
    />
  );
}
