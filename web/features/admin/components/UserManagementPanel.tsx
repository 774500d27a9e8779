import { Search, Users, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminUser } from '../../../../common/schemas/member.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatGBP } from '../../../lib/format.ts';
import { useAdminUsers, useRemoveUser, useSetUserActive } from '../api/admin.ts';
import { Pager } from './Pager.tsx';
import { PanelEmpty, PanelError } from './PanelState.tsx';
import { fullName, UserActions } from './UserActions.tsx';
import { RoleLabel, StatusBadge } from './UserBadges.tsx';
import { UserDetailsDialog } from './UserDetailsDialog.tsx';

const PAGE_SIZE = 20;

/** The search box's text, settled for 300 ms before it is asked of the server. */
function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function TableSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-lg border border-border p-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-5 w-16 sm:block" />
          <Skeleton className="hidden h-4 w-20 md:block" />
        </div>
      ))}
    </div>
  );
}

/** User Management (spec 02 Admin Panel): paged, searchable users with activate/deactivate, remove, mail and details. */
export function UserManagementPanel() {
  const me = useCurrentUser().data;
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim());
  const [page, setPage] = useState(1);
  const users = useAdminUsers(search, page, PAGE_SIZE);
  const setActive = useSetUserActive();
  const remove = useRemoveUser();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => setPage(1), [search]);

  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
  // the page may shrink under us (a removal on the last page): step back to a page that exists
  useEffect(() => {
    if (users.data && !users.isPlaceholderData && page > 1 && items.length === 0) setPage((p) => Math.max(1, p - 1));
  }, [users.data, users.isPlaceholderData, page, items.length]);

  const details = items.find((u) => u.id === detailsId) ?? null;

  const actionsFor = (u: AdminUser, layout: 'menu' | 'buttons') => (
    <UserActions
      user={u}
      layout={layout}
      isSelf={u.id === me?.id}
      toggling={setActive.isPending && setActive.variables?.id === u.id}
      removing={remove.isPending && remove.variables?.id === u.id}
      onDetails={() => setDetailsId(u.id)}
      onToggle={() => setActive.mutate({ id: u.id, isActive: !u.isActive })}
      onRemove={() => remove.mutate({ id: u.id })}
    />
  );

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle>User Management</CardTitle>
          <CardDescription>Every member account with their referral figures. Removed accounts are hidden.</CardDescription>
        </div>
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor={searchId} className="sr-only">
            Search users
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search name, e-mail or company"
              className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
              maxLength={100}
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </div>
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6" aria-busy={users.isFetching || undefined}>
        {users.isLoading ? (
          <TableSkeleton />
        ) : users.isError && !users.data ? (
          <PanelError what="users" error={users.error} onRetry={() => void users.refetch()} />
        ) : !items.length ? (
          <PanelEmpty icon={Users} title={search ? 'No users match your search' : 'No users yet'} text={search ? `Nothing found for “${search}”. Try a name, e-mail or company.` : undefined} />
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {total} {total === 1 ? 'user' : 'users'} found
            </p>
            {/* wide screens: the table */}
            <div className="relative hidden overflow-x-auto rounded-lg border border-border xl:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Users</caption>
                <thead className="bg-muted/60 text-left text-xs font-medium text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-2.5 py-2.5 font-medium">Name</th>
                    <th scope="col" className="px-2.5 py-2.5 font-medium">Company</th>
                    <th scope="col" className="px-2.5 py-2.5 font-medium">Role</th>
                    <th scope="col" className="px-2.5 py-2.5 font-medium">Status</th>
                    <th scope="col" className="px-2.5 py-2.5 text-right font-medium">Leads</th>
                    <th scope="col" className="px-2.5 py-2.5 text-right font-medium">Successful</th>
                    <th scope="col" className="px-2.5 py-2.5 text-right font-medium">Commission</th>
                    <th scope="col" className="px-2.5 py-2.5 text-right font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {items.map((u) => (
                    <tr key={u.id} className="hover:bg-accent/50">
                      <th scope="row" className="max-w-52 px-2.5 py-2.5 text-left font-normal">
                        <div className="flex items-center">
                          <div className="min-w-0">
                            <p className="flex items-center gap-1.5 truncate font-medium">
                              <span className="truncate">{fullName(u)}</span>
                              {u.id === me?.id && <Badge variant="secondary">You</Badge>}
                            </p>
                            <p className="truncate text-xs text-muted-foreground" title={u.email}>
                              {u.email}
                            </p>
                          </div>
                        </div>
                      </th>
                      <td className="max-w-36 truncate px-2.5 py-2.5" title={u.company ?? undefined}>
                        {u.company || <span className="text-muted-foreground">—</span>}
                      </td>
                      <td className="whitespace-nowrap px-2.5 py-2.5">
                        <RoleLabel role={u.role} />
                      </td>
                      <td className="px-2.5 py-2.5">
                        <StatusBadge user={u} />
                      </td>
                      <td className="px-2.5 py-2.5 text-right tabular-nums">{u.totalLeads.toLocaleString('en-GB')}</td>
                      <td className="px-2.5 py-2.5 text-right tabular-nums">{u.successfulLeads.toLocaleString('en-GB')}</td>
                      <td className="whitespace-nowrap px-2.5 py-2.5 text-right tabular-nums">{formatGBP(u.totalCommission, 2)}</td>
                      <td className="px-1.5 py-2">{actionsFor(u, 'menu')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            {/* narrower screens: one card per user */}
            <ul className="grid grid-cols-1 gap-3 xl:hidden" aria-label="Users">
              {items.map((u) => (
                <li key={u.id} className="rounded-lg border border-border p-3.5 sm:p-4">
                  <div className="flex items-start gap-3">
                    <UserAvatar person={u} className="size-10" />
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-1.5 font-medium">
                        {fullName(u)}
                        {u.id === me?.id && <Badge variant="secondary">You</Badge>}
                      </p>
                      <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                      <p className="truncate text-sm text-muted-foreground">
                        {u.company || 'No company'} · <RoleLabel role={u.role} />
                      </p>
                      <div className="mt-2">
                        <StatusBadge user={u} />
                      </div>
                    </div>
                  </div>
                  <dl className="mt-3 grid grid-cols-3 gap-2 rounded-md bg-muted/60 px-3 py-2 text-center">
                    <div className="flex flex-col-reverse">
                      <dt className="text-xs text-muted-foreground">Leads</dt>
                      <dd className="text-sm font-semibold tabular-nums">{u.totalLeads}</dd>
                    </div>
                    <div className="flex flex-col-reverse">
                      <dt className="text-xs text-muted-foreground">Successful</dt>
                      <dd className="text-sm font-semibold tabular-nums">{u.successfulLeads}</dd>
                    </div>
                    <div className="flex flex-col-reverse">
                      <dt className="text-xs text-muted-foreground">Commission</dt>
                      <dd className="truncate text-sm font-semibold tabular-nums">{formatGBP(u.totalCommission, 2)}</dd>
                    </div>
                  </dl>
                  <div className="mt-3">{actionsFor(u, 'buttons')}</div>
                </li>
              ))}
            </ul>
            <Pager label="Users pages" page={page} pageSize={PAGE_SIZE} shown={items.length} total={total} onPage={setPage} busy={users.isFetching} />
          </>
        )}
      </CardContent>
      <UserDetailsDialog user={details} isSelf={details?.id === me?.id} onOpenChange={(o) => !o && setDetailsId(null)} />
    </Card>
  );
}
