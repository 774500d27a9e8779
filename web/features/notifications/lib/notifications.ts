import type { NotificationGroup } from '../../../../common/constants/notifications.ts';

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];

/**
 * When something happened, as people say it: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago";
 * after a week the date itself ("3 Mar 2026").
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds >= 7 * 86_400) return day.format(then);
  let [unit, size] = STEPS[0];
  for (const step of STEPS) if (seconds >= step[1]) [unit, size] = step;
  return relative.format(-Math.max(1, Math.round(seconds / size)), unit);
}

/** The badge's text: the count, or 99+ above 99. */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The unread count of one list, from a page's counts: the updates' (the badge's) or the achievements'. */
export function groupUnread(counts: { unreadCount: number; unreadAchievements: number }, group: NotificationGroup): number {
  return group === 'updates' ? counts.unreadCount : counts.unreadAchievements;
}

/** The notifications screen showing one list: Updates at /notifications, Achievements at /notifications?group=achievements. */
export function notificationsPath(group: NotificationGroup): string {
  return group === 'updates' ? '/notifications' : `/notifications?group=${group}`;
}
