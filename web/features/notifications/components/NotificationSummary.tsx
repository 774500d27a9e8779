import type { Notification } from '../../../../common/schemas/notifications.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { relativeTime } from '../lib/notifications.ts';

/** What one notification says: the unread dot, its title, message and when, for the bell and the notifications screen. */
export function NotificationSummary({ n, clamp = false }: { n: Notification; clamp?: boolean }) {
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3 text-left">
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : 'bg-primary')} aria-hidden />
      <span className="min-w-0 flex-1">
        {!n.isRead && <span className="sr-only">Unread: </span>}
        <span className={cn('block break-words text-sm', n.isRead ? 'font-normal' : 'font-semibold')}>{n.title}</span>
        <span className={cn('mt-0.5 block break-words text-sm text-muted-foreground', clamp && 'line-clamp-2')}>{n.message}</span>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="mt-1 block text-xs text-muted-foreground">
          {relativeTime(n.createdAt)}
        </time>
      </span>
    </span>
  );
}
