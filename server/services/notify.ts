import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_EMAIL_FREQUENCY, emailCategoryOf, type NotificationKind, type NotificationPriority } from '../../common/constants/notifications.ts';
import type { Db, Tx } from '../db/client.ts';
import { notificationPreferences, notifications } from '../db/schema/index.ts';
import { notificationText, type NotificationParams, type TemplatedKind } from '../features/notification-registry.ts';

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

/** Who is told, about which record, when and by whose act; the words come from the kind's template. */
export interface NotificationMeta {
  entity: NotificationEntity;
  at: Date;
  /** The member whose act caused it; they are never told of their own act. */
  actorId?: string;
}

/**
 * Tells a member something happened, in the words of the kind's template (`server/features/<feature>/notifications.ts`)
 * made from the act's facts. Called inside the transaction of the act, like `notify`.
 */
export async function notifyMember<K extends TemplatedKind>(db: Db | Tx, userId: string, kind: K, params: NotificationParams<K>, meta: NotificationMeta): Promise<void> {
  const insert = memberNotificationInsert(db, userId, kind, params, meta);
  if (insert) await insert;
}

/** The insert `notifyMember` runs, unsent, for a caller that sends it with others; null when nobody is to be told. */
export function memberNotificationInsert<K extends TemplatedKind>(db: Db | Tx, userId: string, kind: K, params: NotificationParams<K>, meta: NotificationMeta) {
  return notificationInsert(db, userId, kind, meta.entity, { ...notificationText(kind, params), at: meta.at, actorId: meta.actorId });
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
    emailPending: emailOwed(userId, kind),
    actorId: content.actorId ?? null,
  });
}

/**
 * The e-mail a new notification owes, decided in the statement that inserts it: 'immediate', 'daily' or null,
 * from the member's preferences (the defaults while they never chose). A kind no group names owes none; the locked
 * group's kinds are always sent at once.
 */
function emailOwed(userId: string, kind: NotificationKind): SQL<string | null> {
  const group = emailCategoryOf(kind);
  if (!group) return sql`null`;
  if ('locked' in group && group.locked) return sql`'immediate'`;
  const byDefault = group.defaultOn ? DEFAULT_EMAIL_FREQUENCY : 'none';
  const p = notificationPreferences;
  return sql`nullif(coalesce((
    select case when ${group.id}::text = any(${p.emailTypes}) then (case when ${p.emailFrequency} = 'daily' then 'daily' else 'immediate' end) else 'none' end
    from ${p} where ${p.userId} = ${userId}
  ), ${byDefault}::text), 'none')`;
}
