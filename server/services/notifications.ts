import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { NotificationPage, NotificationQuery } from '../../common/schemas/notifications.ts';
import { pageOffset } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
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

/** A page of the member's notifications, newest first, with the total under the filters and the unread count over all. */
export async function listNotifications(db: Db, userId: string, q: NotificationQuery): Promise<NotificationPage> {
  const filters: SQL[] = [own(userId)];
  if (q.unread) filters.push(unread);
  if (q.type) filters.push(eq(notifications.type, q.type));
  const where = and(...filters);
  const [rows, [totalRow], unreadCount] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(notifications).where(where),
    countUnread(db, userId),
  ]);
  return { items: rows.map(presentNotification), total: totalRow?.n ?? 0, page: q.page, pageSize: q.pageSize, unreadCount };
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
