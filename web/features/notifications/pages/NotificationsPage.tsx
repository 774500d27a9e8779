import { BellOff, CheckCheck, Inbox, Trophy } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationGroupOf,
  type NotificationGroup,
  type NotificationKind,
} from '../../../../common/constants/notifications.ts';
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
import { badgeCount, groupUnread } from '../lib/notifications.ts';

const ALL_TYPES = 'all';
const isKind = (v: string | null): v is NotificationKind => !!v && (NOTIFICATION_KINDS as readonly string[]).includes(v);
/** The kinds the Type filter offers: the updates' (achievements are one kind, their own list). */
const UPDATE_KINDS = NOTIFICATION_KINDS.filter((k) => notificationGroupOf(k) === 'updates');

/** What the page header says: the unread updates and the unseen achievements, or that the member is caught up. */
function unreadSummary(updates: number, achievements: number): string {
  const parts = [
    updates > 0 && `${updates} unread ${updates === 1 ? 'update' : 'updates'}`,
    achievements > 0 && `${achievements} unread ${achievements === 1 ? 'achievement' : 'achievements'}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'You are all caught up.';
}

/**
 * Notifications (/notifications): the member's notifications, newest first, a page at a time, in two lists: Updates
 * (what needs the member; the bell's badge counts them) and Achievements (?group=achievements). All or unread only,
 * and for updates one kind (in the address too: ?show=unread&type=…). Choosing one marks it read and opens where it
 * points; Mark all as read clears the unread count of the list shown.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const unread = params.get('show') === 'unread';
  const typeParam = params.get('type');
  const kind = isKind(typeParam) ? typeParam : '';
  // a kind names its own list (an old link to ?type=achievement_unlocked opens Achievements)
  const group: NotificationGroup = kind ? notificationGroupOf(kind) : params.get('group') === 'achievements' ? 'achievements' : 'updates';
  const type = group === 'updates' ? kind : '';
  const [position, turnTo] = usePositionFor(`${group}|${unread}|${type}`);
  const list = useNotifications({ unread, group, type, ...position, pageSize: NOTIFICATIONS_PAGE_SIZE });
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const shownUnread = list.data ? groupUnread(list.data, group) : 0;

  const setFilter = (next: { unread?: boolean; group?: NotificationGroup; type?: NotificationKind | '' }) => {
    const u = next.unread ?? unread;
    const g = next.group ?? group;
    const t = g === 'updates' ? (next.type ?? (next.group ? '' : type)) : '';
    setParams({ ...(g === 'achievements' ? { group: g } : {}), ...(u ? { show: 'unread' } : {}), ...(t ? { type: t } : {}) }, { replace: true });
  };

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (n.actionUrl) void navigate(n.actionUrl);
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description={list.data ? unreadSummary(list.data.unreadCount, list.data.unreadAchievements) : 'Updates on your leads, connections, events and mentoring.'}
        actions={
          <Button variant="outline" disabled={shownUnread === 0 || markAll.isPending} onClick={() => markAll.mutate(group)}>
            <CheckCheck aria-hidden /> Mark all as read
          </Button>
        }
      />

      <div role="group" aria-label="List" className="mb-4 flex gap-6 border-b border-border">
        {NOTIFICATION_GROUPS.map((g) => {
          const n = list.data ? groupUnread(list.data, g) : 0;
          return (
            <button
              key={g}
              type="button"
              aria-pressed={g === group}
              onClick={() => setFilter({ group: g })}
              className={cn(
                '-mb-px flex cursor-pointer items-center gap-2 border-b-2 border-transparent px-1 pb-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                g === group && 'border-primary text-foreground',
              )}
            >
              {NOTIFICATION_GROUP_LABELS[g]}
              {n > 0 && (
                <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-primary">
                  <span className="sr-only">, </span>
                  {badgeCount(n)}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </button>
          );
        })}
      </div>

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
        {group === 'updates' && (
          <div className="grid gap-2 sm:w-64">
            <Label htmlFor="notification-type">Type</Label>
            <Select value={type || ALL_TYPES} onValueChange={(v) => setFilter({ type: v === ALL_TYPES ? '' : (v as NotificationKind) })}>
              <SelectTrigger id="notification-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_TYPES}>All types</SelectItem>
                {UPDATE_KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {NOTIFICATION_KIND_LABELS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
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
                <Button variant="outline" size="sm" onClick={() => setFilter({ unread: false, type: '' })}>
                  Show all notifications
                </Button>
              }
            />
          ) : group === 'achievements' ? (
            <EmptyState framed icon={Trophy} title="No achievements yet" text="Achievements you unlock, and the points they bring, will appear here." />
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
