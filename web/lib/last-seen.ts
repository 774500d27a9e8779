import { formatLongDate } from './format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a device was last used, as the Active Sessions list says it: "Active now" within two minutes (the server
 * notes use at most once a minute), then "5 min ago", "3 h ago", "Yesterday", "4 days ago", then the date.
 */
export function lastSeenText(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < 2 * MINUTE) return 'Active now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatLongDate(at);
}
