import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import type { ChatChannel, ChatMessage } from '../../../../common/schemas/chat.ts';

const timeFmt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const weekdayFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });
const dayMonthFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const fullDayFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const fullDayYearFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const daysBetween = (a: Date, b: Date) => Math.round((startOfDay(b) - startOfDay(a)) / 86_400_000);

/** 14:05 */
export const timeOfDay = (iso: string) => timeFmt.format(new Date(iso));

/** The time a channel list shows for its last message: the time today, "Yesterday", the weekday this week, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = daysBetween(d, now);
  if (days <= 0) return timeFmt.format(d);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekdayFmt.format(d);
  return dayMonthFmt.format(d);
}

/** The separator above a day's messages: "Today", "Yesterday", "Monday 16 November" (with the year when not this one). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = daysBetween(d, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return (d.getFullYear() === now.getFullYear() ? fullDayFmt : fullDayYearFmt).format(d).replace(',', '');
}

/** Messages of one sender this close together are shown under one name and picture. */
const GROUP_GAP_MS = 5 * 60_000;

export type HistoryRow = { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; message: ChatMessage; startsGroup: boolean };

/** The history as it is shown: a separator before each day, and whether each message starts a new sender group. */
export function historyRows(messages: ChatMessage[], now: Date = new Date()): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let prev: ChatMessage | null = null;
  for (const m of messages) {
    const at = new Date(m.createdAt);
    const newDay = !prev || startOfDay(new Date(prev.createdAt)) !== startOfDay(at);
    if (newDay) rows.push({ kind: 'day', key: `day-${m.id}`, label: dayLabel(m.createdAt, now) });
    const startsGroup = newDay || !prev || prev.sender.id !== m.sender.id || at.getTime() - new Date(prev.createdAt).getTime() > GROUP_GAP_MS || !!m.replyToId;
    rows.push({ kind: 'message', key: m.id, message: m, startsGroup });
    prev = m;
  }
  return rows;
}

/** The counter under the composer appears this close to the limit. */
export const COUNTER_FROM = CHAT_LIMITS.message.max - 500;

/** "3,950 / 4,000" once the message nears the limit, else null. */
export function messageCounter(length: number): string | null {
  if (length < COUNTER_FROM) return null;
  return `${length.toLocaleString('en-GB')} / ${CHAT_LIMITS.message.max.toLocaleString('en-GB')}`;
}

/** A mention as stored, `@[Name](user:<id>)`, which a snippet shows as `@Name`. */
const MENTION_TOKEN = /@\[([^\]\n]{1,200})\]\(user:[0-9a-fA-F-]{36}\)/g;

/** What a channel's row says under its name: the last message (who wrote it in a group), or how the channel began. */
export function previewText(c: ChatChannel, meId: string): string {
  const m = c.lastMessage;
  if (!m) return c.type === 'direct' ? 'No messages yet' : c.description || 'No messages yet';
  if (m.isDeleted) return 'This message was deleted';
  const text = m.preview.replace(MENTION_TOKEN, '@$1').replace(/\s+/g, ' ');
  return m.senderId === meId ? `You: ${text}` : text;
}

/** A file's size as people read it: "820 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A short snippet of a message quoted by a reply (a file sent alone is quoted by its name). */
export function quoteSnippet(m: ChatMessage | undefined, max = 120): string {
  if (!m) return 'An earlier message';
  if (m.isDeleted) return 'This message was deleted';
  const text = (m.content.replace(MENTION_TOKEN, '@$1') || m.attachment?.name || '').replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "3 unread" for a badge's label. */
export const unreadLabel = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`);

/** 99+ past 99. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

export const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
