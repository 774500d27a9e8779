import type { NotificationPriority } from '../../common/constants/notifications.ts';
import { sameSitePath } from '../../common/rules/notifications.ts';
import type { Notification } from '../../common/schemas/notifications.ts';
import type { notifications } from '../db/schema/index.ts';
import { iso } from './wire.ts';

const PRIORITIES = new Set<string>(['low', 'normal', 'high']);

/** A notification for its owner; a link that would leave the site is sent as null. */
export function presentNotification(n: typeof notifications.$inferSelect): Notification {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    entityType: n.entityType,
    entityId: n.entityId,
    isRead: n.isRead,
    actionUrl: sameSitePath(n.actionUrl),
    priority: (PRIORITIES.has(n.priority) ? n.priority : 'normal') as NotificationPriority,
    createdAt: iso(n.createdAt),
    readAt: iso(n.readAt),
  };
}
