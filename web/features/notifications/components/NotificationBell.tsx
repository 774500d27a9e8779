import { Bell, CheckCheck, Inbox, Trophy } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_GROUP_LABELS, NOTIFICATION_GROUPS, type NotificationGroup } from '../../../../common/constants/notifications.ts';
import type { Notification } from '../../../../common/schemas/notifications.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/utils.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationBell } from '../api/notifications.ts';
import { badgeCount, bellLabel, groupUnread, notificationsPath } from '../lib/notifications.ts';
import { NotificationSummary } from './NotificationSummary.tsx';

/**
 * The header's bell: the unread updates on a badge (achievements are not counted there), and a menu of the latest
 * ten of Updates or of Achievements, one or the other (choosing one marks it read and opens where it points), Mark
 * all as read (of the list shown) and View all notifications.
 */
export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const navigate = useNavigate();
  const [group, setGroup] = useState<NotificationGroup>('updates');
  const updates = useNotificationBell('updates', enabled);
  const achievements = useNotificationBell('achievements', enabled && group === 'achievements');
  const bell = group === 'updates' ? updates : achievements;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  // the counts come with either list; the updates' list is always loaded
  const counts = (group === 'achievements' && achievements.data) || updates.data;
  const unread = counts?.unreadCount ?? 0;
  const shownUnread = counts ? groupUnread(counts, group) : 0;
  const items = bell.data?.items ?? [];

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    void navigate(n.actionUrl ?? '/notifications');
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={bellLabel(unread)}
        className="relative flex size-10 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-white tabular-nums ring-2 ring-card"
          >
            {badgeCount(unread)}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="px-0 font-semibold">Notifications</DropdownMenuLabel>
          {shownUnread > 0 && <span className="text-xs text-muted-foreground">{shownUnread} unread</span>}
        </div>
        <DropdownMenuPrimitive.RadioGroup
          value={group}
          onValueChange={(v) => setGroup(v as NotificationGroup)}
          aria-label="Show"
          className="mx-3 mb-2 flex gap-1 rounded-lg bg-muted p-1"
        >
          {NOTIFICATION_GROUPS.map((g) => {
            const n = counts ? groupUnread(counts, g) : 0;
            return (
              <DropdownMenuPrimitive.RadioItem
                key={g}
                value={g}
                // the menu stays open on the other list
                onSelect={(e) => e.preventDefault()}
                className={cn(
                  'flex flex-1 cursor-pointer select-none items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none transition-colors',
                  'data-[highlighted]:text-foreground data-[highlighted]:ring-2 data-[highlighted]:ring-ring/40 data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
                )}
              >
                {NOTIFICATION_GROUP_LABELS[g]}
                {n > 0 && (
                  <span className="rounded-full bg-primary-soft px-1.5 text-xs font-semibold tabular-nums text-primary">
                    <span className="sr-only">, </span>
                    {badgeCount(n)}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </DropdownMenuPrimitive.RadioItem>
            );
          })}
        </DropdownMenuPrimitive.RadioGroup>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-[min(26rem,60vh)] overflow-y-auto p-1">
          {bell.isPending ? (
            <div className="grid gap-2 p-2" aria-hidden>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14 rounded-md" />
              ))}
            </div>
          ) : bell.isError && !bell.data ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">Could not load your notifications.</p>
          ) : items.length === 0 ? (
            <p className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm text-muted-foreground">
              {group === 'updates' ? <Inbox className="size-6" aria-hidden /> : <Trophy className="size-6" aria-hidden />}
              {group === 'updates' ? 'You have no notifications yet.' : 'Achievements you unlock will appear here.'}
            </p>
          ) : (
            items.map((n) => (
              <DropdownMenuItem key={n.id} onSelect={() => open(n)} className="items-start px-2 py-2.5">
                <NotificationSummary n={n} clamp />
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="p-1">
          {shownUnread > 0 && (
            <DropdownMenuItem
              disabled={markAll.isPending}
              onSelect={(e) => {
                // the menu stays open, so the member sees the list turn read
                e.preventDefault();
                markAll.mutate(group);
              }}
            >
              <CheckCheck aria-hidden /> Mark all as read
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void navigate(notificationsPath(group))} className="justify-center font-medium text-primary">
            View all notifications
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
