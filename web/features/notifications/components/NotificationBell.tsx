import { Bell, CheckCheck, Inbox } from 'lucide-react';
import { useNavigate } from 'react-router';
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
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationBell } from '../api/notifications.ts';
import { badgeCount, bellLabel } from '../lib/notifications.ts';
import { NotificationSummary } from './NotificationSummary.tsx';

/**
 * The header's bell: the unread count on a badge, and a menu of the latest ten (choosing one marks it read and
 * opens where it points), Mark all as read and View all notifications.
 */
export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const navigate = useNavigate();
  const bell = useNotificationBell(enabled);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = bell.data?.unreadCount ?? 0;
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
          {unread > 0 && <span className="text-xs text-muted-foreground">{unread} unread</span>}
        </div>
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
              <Inbox className="size-6" aria-hidden />
              You have no notifications yet.
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
          {unread > 0 && (
            <DropdownMenuItem
              disabled={markAll.isPending}
              onSelect={(e) => {
                // the menu stays open, so the member sees the list turn read
                e.preventDefault();
                markAll.mutate();
              }}
            >
              <CheckCheck aria-hidden /> Mark all as read
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void navigate('/notifications')} className="justify-center font-medium text-primary">
            View all notifications
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
