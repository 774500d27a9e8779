import { z } from 'zod';
import { CHANGE_TOPICS } from '../constants/changes.ts';
import { chatMessageSchema } from './chat.ts';
import { notificationSchema } from './notifications.ts';

/** A member's presence as others see it. */
export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];
export const presenceSchema = z.object({ userId: z.uuid(), status: z.enum(PRESENCE_STATUSES), lastSeen: z.string().nullable() });
export type Presence = z.infer<typeof presenceSchema>;

/**
 * What the server sends down the live socket (`GET /api/ws`), one JSON object per frame.
 * - `ready`: the socket is authenticated and subscribed; after a reconnection the client refetches what it shows.
 * - `ping`: every 30 seconds, so the tab knows its socket is alive (a long silence means it is not: reconnect).
 * - `notification`: a new notification for this member, with their unread count.
 * - `notification.read`: some of their notifications were marked read (in another tab): the new unread count.
 * - `chat.message` / `chat.message.updated`: a message in one of their channels, as they may see it (an edit
 *   or a deletion is an update).
 * - `chat.membership`: they joined, left or were invited to a channel; `chat.read`: they read a channel elsewhere.
 * - `presence`: a member's presence changed.
 */
export const liveServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.uuid() }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('notification'), notification: notificationSchema, unreadCount: z.number().int().min(0) }),
  z.object({ type: z.literal('notification.read'), unreadCount: z.number().int().min(0) }),
  z.object({ type: z.literal('chat.message'), channelId: z.uuid(), message: chatMessageSchema }),
  z.object({ type: z.literal('chat.message.updated'), channelId: z.uuid(), message: chatMessageSchema }),
  z.object({ type: z.literal('chat.membership'), channelId: z.uuid() }),
  z.object({ type: z.literal('chat.read'), channelId: z.uuid() }),
  /**
   * Something every member may see changed (a comment or a reaction on the feed, a post pinned or moderated):
   * refresh what shows that topic. It carries no content, so hidden content never travels in it.
   */
  z.object({ type: z.literal('changed'), topic: z.enum(CHANGE_TOPICS) }),
  z.object({ type: z.literal('presence'), presence: presenceSchema }),
]);
export type LiveServerEvent = z.infer<typeof liveServerEventSchema>;

/** The most members one tab may watch the presence of at once (what one screen shows is far fewer). */
export const PRESENCE_WATCH_MAX = 200;

/** Live sockets one member may hold on one server; opening one more closes their oldest with CLOSE_TOO_MANY_SOCKETS. */
export const LIVE_SOCKETS_PER_MEMBER = 10;
/** The close code of a socket ended because its member opened too many others: it reconnects only when its tab is used again. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;

/**
 * What the client may send: its tab's state (online, or away when idle 5 minutes or hidden), and whose presence
 * it shows (the whole set, replacing the last), so presence changes go only to the tabs that show them.
 */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('presence'), status: z.enum(['online', 'away']) }),
  z.strictObject({ type: z.literal('watch'), userIds: z.array(z.uuid()).max(PRESENCE_WATCH_MAX) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** `GET /api/presence?ids=a,b,c`: the presence of up to 100 members. */
export const presenceQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid('Member not found.')).min(1, 'Name at least one member.').max(100, 'Ask for 100 members at most.')),
});
export const presenceListSchema = z.object({ items: z.array(presenceSchema) });
