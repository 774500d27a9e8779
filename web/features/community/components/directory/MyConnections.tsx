import { Inbox, Send, UserCheck, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Connection } from '../../../../../common/schemas/member.ts';
import { Pager } from '../../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { PresenceDot } from '../../../presence/index.ts';
import { formatDate } from '../../../../lib/format.ts';
import { pageCount, positionFor, rangeText, type PagePosition } from '../../../../lib/paging.ts';
import { useConnectionList, type ConnectionListParams } from '../../../members/index.ts';
import { ConnectionControls } from './ConnectionControls.tsx';
import type { ProfilePreview } from './MemberProfileDialog.tsx';

/** Rows per page in each list of My connections. */
export const CONNECTIONS_PAGE_SIZE = 10;

type Filter = Omit<ConnectionListParams, 'page' | 'pageSize' | 'after' | 'before'>;

/**
 * The member's own network: requests received (Accept / Decline), requests sent (Withdraw) and connections
 * (Remove), each a paged list; a name opens that member's profile.
 */
export function MyConnections({ onView }: { onView: (m: ProfilePreview) => void }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ConnectionSection
        className="lg:col-span-2"
        id="incoming"
        icon={Inbox}
        title="Requests received"
        description="Members who would like to connect with you."
        filter={{ direction: 'incoming', status: 'pending' }}
        empty="No requests waiting for your answer."
        onView={onView}
        // only requests the server says this member may answer get Accept / Decline
        actions={(c) => c.can.respond && <ConnectionControls member={c.otherMember} connection={{ status: 'pending', direction: 'incoming', connectionId: c.id }} />}
      />
      <ConnectionSection
        id="outgoing"
        icon={Send}
        title="Requests sent"
        description="Waiting for the other member to answer."
        filter={{ direction: 'outgoing', status: 'pending' }}
        empty="You have no requests waiting. Find members in All members and send one."
        onView={onView}
        actions={(c) => <ConnectionControls member={c.otherMember} connection={{ status: 'pending', direction: 'outgoing', connectionId: c.id }} />}
      />
      <ConnectionSection
        id="accepted"
        icon={UserCheck}
        title="Connections"
        description="Members you are connected with."
        filter={{ status: 'accepted' }}
        empty="No connections yet. Connect with members to grow your network."
        onView={onView}
        actions={(c) => <ConnectionControls member={c.otherMember} connection={{ status: 'accepted', direction: null, connectionId: c.id }} allowRemove />}
      />
    </div>
  );
}

function ConnectionSection({
  id,
  icon: Icon,
  title,
  description,
  filter,
  empty,
  onView,
  actions,
  className,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  filter: Filter;
  empty: string;
  onView: (m: ProfilePreview) => void;
  actions: (c: Connection) => ReactNode;
  className?: string;
}) {
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const list = useConnectionList({ ...filter, ...position, pageSize: CONNECTIONS_PAGE_SIZE });
  /** Next and Previous go by the cursor of the page on screen, any other page (a step back after a change) by its number. */
  const setPage = (target: number) => setPosition(positionFor(target, list.isPlaceholderData ? undefined : list.data));
  const total = list.data?.total;
  const pages = pageCount(total ?? 0, CONNECTIONS_PAGE_SIZE);
  // a row answered or withdrawn on the last page may empty it: step back to a page that exists
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const headingId = `connections-${id}-heading`;

  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-primary" aria-hidden /> {title}
          {total !== undefined && total > 0 && (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-primary">{total.toLocaleString('en-GB')}</span>
          )}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={list}
          what={title.toLowerCase()}
          framed
          loading={<SkeletonRows count={3} rowClassName="h-16 rounded-lg" label={`Loading ${title.toLowerCase()}`} />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={Icon} title={`No ${title.toLowerCase()}`} text={empty} className="py-8" />}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-border rounded-lg border border-border" aria-busy={(list.isFetching && list.isPlaceholderData) || undefined}>
                {data.items.map((c) => {
                  const other = c.otherMember;
                  const name = `${other.firstName} ${other.lastName}`.trim();
                  const role = [other.jobTitle, other.company].filter(Boolean).join(' at ');
                  return (
                    <li key={c.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                      <div className="flex min-w-0 flex-1 items-start gap-3">
                        <div className="relative shrink-0">
                          <UserAvatar person={other} />
                          <PresenceDot userId={other.id} className="size-2.5" />
                        </div>
                        <div className="min-w-0">
                          <button
                            type="button"
                            className="cursor-pointer text-left text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                            onClick={() => onView(other)}
                            aria-label={`View profile of ${name}`}
                          >
                            {name}
                          </button>
                          {role && <p className="truncate text-sm text-muted-foreground">{role}</p>}
                          {c.status === 'pending' && c.message && <p className="mt-1.5 whitespace-pre-line break-words text-sm text-foreground/85">“{c.message}”</p>}
                          {c.status === 'pending' && <p className="mt-1 text-xs text-muted-foreground">Sent {formatDate(c.createdAt)}</p>}
                        </div>
                      </div>
                      <div className="flex shrink-0 flex-wrap gap-2 pl-[52px] sm:pl-0">{actions(c)}</div>
                    </li>
                  );
                })}
              </ul>
              <Pager
                label={`${title} pages`}
                page={page}
                hasNext={page < pages}
                onPage={setPage}
                busy={list.isFetching && list.isPlaceholderData}
                summary={rangeText(page, CONNECTIONS_PAGE_SIZE, data.items.length, data.total)}
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
