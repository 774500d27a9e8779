import { z } from 'zod';
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS, NOTIFICATION_PRIORITIES } from '../constants/notifications.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Which list: `updates` (every kind but the gamification ones) or `achievements` (the gamification kinds). */
const notificationGroupField = z.enum(NOTIFICATION_GROUPS, { error: 'Choose updates or achievements' }).optional();

/**
 * GET /api/notifications: the caller's own notifications, newest first; `unread=true` keeps the unread ones,
 * `group` one of the two lists, `type` one kind.
 */
export const notificationQuerySchema = pageQuery(NOTIFICATIONS_PAGE_SIZE, 100).extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  type: z.enum(NOTIFICATION_KINDS, { error: 'Choose a notification type' }).optional(),
  group: notificationGroupField,
});
export type NotificationQuery = z.output<typeof notificationQuerySchema>;

/** One notification as the API sends it; `actionUrl` is a path on this site, or null when it has none that is safe. */
export const notificationSchema = z.object({
  id: z.uuid(),
  // text, not the enum: a row written by a newer workflow still reads
  type: z.string(),
  title: z.string(),
  message: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  isRead: z.boolean(),
  actionUrl: z.string().startsWith('/').nullable(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  createdAt: instantSchema,
  readAt: instantSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * The list envelope, with the caller's unread counts over all their notifications whatever the filters:
 * `unreadCount` the unread updates (what needs the member: the bell's badge, and the count the live socket sends),
 * `unreadAchievements` the unread gamification ones.
 */
export const notificationPageSchema = pageOf(notificationSchema).extend({
  unreadCount: z.number().int().min(0),
  unreadAchievements: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParams = z.object({ id: z.uuid('Notification not found.') });

/** POST /api/notifications/read-all: every unread one, or with `group` those of one list. */
export const notificationReadAllQuerySchema = z.object({ group: notificationGroupField });

/** POST /api/notifications/read-all: how many were unread and are now read. */
export const notificationReadAllSchema = z.object({ updated: z.number().int().min(0) });
export type NotificationReadAll = z.infer<typeof notificationReadAllSchema>;

/** The link of a notification e-mail's unsubscribe footer and List-Unsubscribe header: `?token=` names the member and the groups. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'This unsubscribe link is incomplete.' }).min(1, 'This unsubscribe link is incomplete.').max(2000),
});

/**
 * The body of POST /api/notifications/unsubscribe: what a mail provider's one-click unsubscribe posts (RFC 8058,
 * form-encoded `List-Unsubscribe=One-Click`), or an empty JSON object from the unsubscribe page.
 */
export const unsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click', 'List-Unsubscribe must be One-Click').optional() })
  .strict()
  .nullish();

/** The e-mails an unsubscribe link stops: their groups as the Preferences screen names them, and whether they are already off. */
export const unsubscribeInfoSchema = z.object({
  groups: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
