import { Download, Search, Users, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ROLES, type Role } from '../../../../common/constants/options.ts';
import { MEMBER_STATUSES, MEMBER_STATUS_LABELS, type MemberStatus } from '../../../../common/rules/member-status.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { rangeText, totalText } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { UserFilter } from '../api/keys.ts';
import { useAdminUsers, useRemoveUser, useSetUserActive, usersCsvUrl } from '../api/users.ts';
import { DeletionRequestsCard } from './DeletionRequestsCard.tsx';
import { InviteMemberButton } from './InviteMemberDialog.tsx';
import { UserActions } from './UserActions.tsx';
import { UserDetailsDialog } from './UserDetailsDialog.tsx';
import { roleName } from './UserBadges.tsx';
import { UserTable } from './UserTable.tsx';

const PAGE_SIZE = 20;
/** The select's value for "no filter" (a Radix select item cannot have an empty value). */
const ANY = 'any';

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

/**
 * User Management: pending account deletion requests, then paged users searched and filtered by role and status,
 * with details, edit, role, reset link, activate/deactivate, remove and mail, and a CSV of the current filter.
 */
export function UserManagementPanel() {
  const me = useCurrentUser().data;
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  // the search box's text, settled for 300 ms before it is asked of the server
  const search = useDebouncedValue(query.trim(), 300);
  const filter: UserFilter = { search, role, status };
  const filtered = !!(search || role || status);
  const [position, turnTo] = usePositionFor(JSON.stringify(filter));
  const { page } = position;
  const users = useAdminUsers(filter, position, PAGE_SIZE);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, users.isPlaceholderData ? undefined : users.data);
  const roleId = useId();
  const statusId = useId();
  const setActive = useSetUserActive();
  const remove = useRemoveUser();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const searchId = useId();

  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
  // a search matching very many accounts is counted only up to `total` ("10,000+")
  const capped = !!users.data?.totalCapped;
  // the page may shrink under us (a removal on the last page): step back to a page that exists
  if (users.data && !users.isPlaceholderData && page > 1 && items.length === 0) setPage(Math.max(1, page - 1));

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
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <InviteMemberButton />
      <DeletionRequestsCard />
      <Card>
        <CardHeader className="gap-4 px-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
          <div className="grid gap-1.5">
            <CardTitle>User Management</CardTitle>
            <CardDescription>Every member account with their referral figures. Removed accounts show only under their status.</CardDescription>
          </div>
          <Button asChild variant="outline" className="shrink-0 self-start sm:self-auto">
            <a href={usersCsvUrl(filter)} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        </CardHeader>
        <CardContent className="grid gap-3 px-4 pb-4 sm:grid-cols-[minmax(0,1fr)_11rem_15rem] sm:items-end sm:px-6">
          <div className="grid w-full gap-1.5">
            <Label htmlFor={searchId}>Search</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Name, username, e-mail or company"
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
          <div className="grid gap-1.5">
            <Label htmlFor={roleId}>Role</Label>
            <Select value={role || ANY} onValueChange={(v) => setRole(v === ANY ? '' : (v as Role))}>
              <SelectTrigger id={roleId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All roles</SelectItem>
                {ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {roleName(r)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={statusId}>Status</Label>
            <Select value={status || ANY} onValueChange={(v) => setStatus(v === ANY ? '' : (v as MemberStatus))}>
              <SelectTrigger id={statusId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All current accounts</SelectItem>
                {MEMBER_STATUSES.map((st) => (
                  <SelectItem key={st} value={st}>
                    {MEMBER_STATUS_LABELS[st]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </CardContent>
        <CardContent className="px-4 sm:px-6" aria-busy={users.isFetching || undefined}>
          <QueryState
            query={users}
            what="users"
            loading={<TableSkeleton />}
            isEmpty={(p) => !p.items.length}
            empty={
              <EmptyState
                icon={Users}
                title={filtered ? 'No users match these filters' : 'No users yet'}
                text={
                  filtered
                    ? search
                      ? `Nothing found for “${search}” with these filters. Try a name, username, e-mail or company.`
                      : 'Try another role or status.'
                    : undefined
                }
              />
            }
          >
            {() => (
              <>
                <p className="sr-only" aria-live="polite">
                  {totalText(total, capped)} {total === 1 ? 'user' : 'users'} found
                </p>
                <UserTable users={items} meId={me?.id} actions={actionsFor} />
                <Pager
                  label="Users pages"
                  page={page}
                  summary={rangeText(page, PAGE_SIZE, items.length, total, capped)}
                  hasNext={(page - 1) * PAGE_SIZE + items.length < total || (capped && !!users.data?.nextCursor)}
                  onPage={setPage}
                  busy={users.isFetching}
                  className="mt-4"
                />
              </>
            )}
          </QueryState>
        </CardContent>
        <UserDetailsDialog user={details} isSelf={details?.id === me?.id} onOpenChange={(o) => !o && setDetailsId(null)} />
      </Card>
    </div>
  );
}
