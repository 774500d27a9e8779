import { Search, Users, X } from 'lucide-react';
import { useId, useState } from 'react';
import { usePageFor } from '../../../lib/use-page.ts';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { rangeText } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAdminUsers, useRemoveUser, useSetUserActive } from '../api/users.ts';
import { DeletionRequestsCard } from './DeletionRequestsCard.tsx';
import { InviteMemberButton } from './InviteMemberDialog.tsx';
import { UserActions } from './UserActions.tsx';
import { UserDetailsDialog } from './UserDetailsDialog.tsx';
import { UserTable } from './UserTable.tsx';

const PAGE_SIZE = 20;

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

/** User Management: pending account deletion requests, then paged, searchable users with activate/deactivate, remove, mail and details. */
export function UserManagementPanel() {
  const me = useCurrentUser().data;
  const [query, setQuery] = useState('');
  // the search box's text, settled for 300 ms before it is asked of the server
  const search = useDebouncedValue(query.trim(), 300);
  const [page, setPage] = usePageFor(search);
  const users = useAdminUsers(search, page, PAGE_SIZE);
  const setActive = useSetUserActive();
  const remove = useRemoveUser();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const searchId = useId();

  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
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
    <div className="grid gap-6">
      <InviteMemberButton />
      <DeletionRequestsCard />
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
          <QueryState
            query={users}
            what="users"
            loading={<TableSkeleton />}
            isEmpty={(p) => !p.items.length}
            empty={
              <EmptyState
                icon={Users}
                title={search ? 'No users match your search' : 'No users yet'}
                text={search ? `Nothing found for “${search}”. Try a name, e-mail or company.` : undefined}
              />
            }
          >
            {() => (
              <>
                <p className="sr-only" aria-live="polite">
                  {total} {total === 1 ? 'user' : 'users'} found
                </p>
                <UserTable users={items} meId={me?.id} actions={actionsFor} />
                <Pager
                  label="Users pages"
                  page={page}
                  summary={rangeText(page, PAGE_SIZE, items.length, total)}
                  hasNext={(page - 1) * PAGE_SIZE + items.length < total}
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
