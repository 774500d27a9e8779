import type { NotificationKind, NotificationPriority } from '../../common/constants/notifications.ts';
import type { Db, Tx } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

/** The record a notification is about, so the screens can link to it and later features can group by it. */
export interface NotificationEntity {
  type: string;
  id: string;
}

export interface NotificationContent {
  title: string;
  message: string;
  /** Where the notification opens in the web app. */
  actionUrl: string;
  priority?: NotificationPriority;
  at: Date;
}

/**
 * Tells a member something happened. Every workflow calls this, inside the transaction of the act that caused
 * it, so a notification exists exactly when its cause does; delivery by e-mail or live push hangs off here.
 * Nobody is notified of their own act.
 */
export async function notify(
  db: Db | Tx,
  userId: string,
  kind: NotificationKind,
  entity: NotificationEntity,
  content: NotificationContent & { actorId?: string },
): Promise<void> {
  const insert = notificationInsert(db, userId, kind, entity, content);
  if (insert) await insert;
}

/** The insert `notify` runs, unsent, for a caller that sends it with others (`insertTogether`); null when nobody is to be told. */
export function notificationInsert(db: Db | Tx, userId: string, kind: NotificationKind, entity: NotificationEntity, content: NotificationContent & { actorId?: string }) {
  if (content.actorId === userId) return null;
  return db.insert(notifications).values({
    userId,
    type: kind,
    entityType: entity.type,
    entityId: entity.id,
    title: content.title,
    message: content.message,
    actionUrl: content.actionUrl,
    priority: content.priority ?? 'normal',
    createdAt: content.at,
  });
}
