import { BellOff, CheckCheck, Inbox } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '../../../../common/constants/notifications.ts';
import type { Notification } from '../../../../common/schemas/notifications.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { rangeText } from '../../../lib/paging.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { cn } from '../../../lib/utils.ts';
import { NOTIFICATIONS_PAGE_SIZE, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications.ts';
import { NotificationSummary } from '../components/NotificationSummary.tsx';

const ALL_TYPES = 'all';
const isKind = (v: string | null): v is NotificationKind => !!v && (NOTIFICATION_KINDS as readonly string[]).includes(v);

/**
 * Notifications (/notifications): the member's notifications, newest first, all or unread only and of one kind
 * (both in the address: ?show=unread&type=…), a page at a time. Choosing one marks it read and opens where it
 * points; Mark all as read clears the unread count.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const unread = params.get('show') === 'unread';
  const typeParam = params.get('type');
  const type = isKind(typeParam) ? typeParam : '';
  const [position, turnTo] = usePositionFor(`${unread}|${type}`);
  const list = useNotifications({ unread, type, ...position, pageSize: NOTIFICATIONS_PAGE_SIZE });
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = list.data?.unreadCount ?? 0;

  const setFilter = (next: { unread?: boolean; type?: NotificationKind | '' }) => {
    const u = next.unread ?? unread;
    const t = next.type ?? type;
    setParams({ ...(u ? { show: 'unread' } : {}), ...(t ? { type: t } : {}) }, { replace: true });
  };

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (n.actionUrl) void navigate(n.actionUrl);
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description={list.data ? (unreadCount === 0 ? 'You are all caught up.' : `${unreadCount} unread`) : 'Updates on your leads, connections, events and mentoring.'}
        actions={
          <Button variant="outline" disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckCheck aria-hidden /> Mark all as read
          </Button>
        }
      />

      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label="Show" className="inline-flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-auto">
          {[
            { value: false, label: 'All' },
            { value: true, label: 'Unread' },
          ].map((o) => (
            <button
              key={o.label}
              type="button"
              aria-pressed={o.value === unread}
              onClick={() => setFilter({ unread: o.value })}
              className={cn(
                'flex-1 cursor-pointer whitespace-nowrap rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground sm:flex-none',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                o.value === unread && 'bg-card text-foreground shadow-sm',
              )}
            >
              {o.label}
            </button>
          ))}
        </div>
        <div className="grid gap-2 sm:w-64">
          <Label htmlFor="notification-type">Type</Label>
          <Select value={type || ALL_TYPES} onValueChange={(v) => setFilter({ type: v === ALL_TYPES ? '' : (v as NotificationKind) })}>
            <SelectTrigger id="notification-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_TYPES}>All types</SelectItem>
              {NOTIFICATION_KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {NOTIFICATION_KIND_LABELS[k]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <QueryState
        query={list}
        what="your notifications"
        framed
        loading={<SkeletonRows count={5} rowClassName="h-20 rounded-xl" label="Loading notifications" />}
        isEmpty={(d) => d.items.length === 0 && d.page === 1}
        empty={
          unread || type ? (
            <EmptyState
              framed
              icon={BellOff}
              title={unread ? 'No unread notifications' : 'No notifications of this type'}
              text={unread ? 'You are all caught up.' : 'Notifications of this type will appear here.'}
              action={
                <Button variant="outline" size="sm" onClick={() => setParams({}, { replace: true })}>
                  Show all notifications
                </Button>
              }
            />
          ) : (
            <EmptyState framed icon={Inbox} title="No notifications yet" text="Updates on your leads, connections, events and mentoring will appear here." />
          )
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <ul className="grid gap-2" aria-label="Notifications">
              {data.items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => open(n)}
                    className={cn(
                      'flex w-full cursor-pointer items-start gap-3 rounded-xl border border-border p-4 text-left shadow-card transition-colors hover:bg-accent',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      n.isRead ? 'bg-card' : 'bg-primary-soft/40',
                    )}
                  >
                    <NotificationSummary n={n} />
                  </button>
                </li>
              ))}
            </ul>
            <Pager
              label="Notifications pages"
              page={data.page}
              hasNext={data.page * data.pageSize < data.total}
              onPage={setPage}
              busy={list.isPlaceholderData}
              summary={rangeText(data.page, data.pageSize, data.items.length, data.total)}
            />
          </div>
        )}
      </QueryState>
    </>
  );
}
