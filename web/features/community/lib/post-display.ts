import type { PostCategory } from '../../../../common/constants/community.ts';
import { formatLongDate } from '../../../lib/format.ts';

/** Each category's badge colours (light fill, strong text) and the dot used in the filter. */
export const POST_CATEGORY_TONES: Record<PostCategory, { badge: string; dot: string }> = {
  discussion: { badge: 'border-blue-200 bg-blue-50 text-blue-800', dot: 'bg-blue-500' },
  tips: { badge: 'border-emerald-200 bg-emerald-50 text-emerald-800', dot: 'bg-emerald-500' },
  success: { badge: 'border-amber-200 bg-amber-50 text-amber-800', dot: 'bg-amber-500' },
  questions: { badge: 'border-violet-200 bg-violet-50 text-violet-800', dot: 'bg-violet-500' },
  networking: { badge: 'border-sky-200 bg-sky-50 text-sky-800', dot: 'bg-sky-500' },
  news: { badge: 'border-rose-200 bg-rose-50 text-rose-800', dot: 'bg-rose-500' },
};

/** A full name as the avatar needs it: the first word, and the last word as the surname. */
export function nameParts(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  return { firstName: words[0], lastName: words.length > 1 ? words[words.length - 1] : '' };
}

/** "Job title at Company", either alone, or null when neither is known. */
export function roleLine(jobTitle: string | null, company: string | null): string | null {
  const title = jobTitle?.trim();
  const org = company?.trim();
  if (title && org) return `${title} at ${org}`;
  return title || org || null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a post was written, as a reader takes it in: "Just now", "5 min ago", "3 h ago", "Yesterday", "4 days ago",
 * then the date itself ("21 November 2026") from a week on. A time slightly ahead of this clock reads "Just now".
 */
export function postedWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatLongDate(at);
}
