import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_PRIORITIES } from '../constants/notifications.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * GET /api/notifications: the caller's own notifications, newest first; `unread=true` keeps the unread ones,
 * `type` one kind.
 */
export const notificationQuerySchema = pageQuery(NOTIFICATIONS_PAGE_SIZE, 100).extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  type: z.enum(NOTIFICATION_KINDS, { error: 'Choose a notification type' }).optional(),
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

/** The list envelope, with the caller's unread count over all their notifications whatever the filters. */
export const notificationPageSchema = pageOf(notificationSchema).extend({ unreadCount: z.number().int().min(0) });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParams = z.object({ id: z.uuid('Notification not found.') });

/** POST /api/notifications/read-all: how many were unread and are now read. */
export const notificationReadAllSchema = z.object({ updated: z.number().int().min(0) });
export type NotificationReadAll = z.infer<typeof notificationReadAllSchema>;
