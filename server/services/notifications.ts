import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { NotificationPage, NotificationQuery } from '../../common/schemas/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { presentNotification } from '../presenters/notification.ts';

/**
 * A member's own notifications: every query here is keyed on the caller's id, so nobody reads or marks another
 * member's rows (someone else's id is simply not found).
 */
const own = (userId: string) => eq(notifications.userId, userId);
const unread = eq(notifications.isRead, false);

/** The member's unread count: read from the partial index of unread notifications (migration 0013), never their whole history. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(own(userId), unread));
  return row?.n ?? 0;
}

/**
 * Notifications run newest first; `notifications_user_idx`, `notifications_unread_idx` and
 * `notifications_user_type_created_id_idx` (migration 0031) hold this order under each filter.
 */
const NOTIFICATION_ORDER: KeyOrder = [
  { expr: notifications.createdAt, desc: true },
  { expr: notifications.id, desc: true },
];

/**
 * A page of the member's notifications, newest first, with the total under the filters, the unread count over all
 * and the cursors either side (a page reached by cursor costs the same wherever it is).
 */
export async function listNotifications(db: Db, userId: string, q: NotificationQuery): Promise<NotificationPage> {
  const filters: SQL[] = [own(userId)];
  if (q.unread) filters.push(unread);
  if (q.type) filters.push(eq(notifications.type, q.type));
  const where = and(...filters);
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(NOTIFICATION_ORDER) })
        .from(notifications)
        .where(where)
        .orderBy(...keysetOrderBy(NOTIFICATION_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [totalRow], unreadCount] = await Promise.all([
    readKeysetPage(
      NOTIFICATION_ORDER,
      q,
      (plan) =>
        db
          .select({ ...getTableColumns(notifications), ...keysetColumns(NOTIFICATION_ORDER) })
          .from(notifications)
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ n: count() }).from(notifications).where(where),
    countUnread(db, userId),
  ]);
  return {
    items: page.rows.map(presentNotification),
    total: totalRow?.n ?? 0,
    page: page.page,
    pageSize: q.pageSize,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    unreadCount,
  };
}

/** Marks one of the member's notifications read (the first reading time is kept); another member's id is 404. */
export async function markNotificationRead(db: Db, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), own(userId)))
    .returning();
  if (!row) throw new AppError('not_found', 'Notification not found.');
  return presentNotification(row);
}

/** Marks every unread notification of the member read; answers how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string, now: Date): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(and(own(userId), unread))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
