import { and, count, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { GAMIFICATION_NOTIFICATION_KINDS, type NotificationGroup } from '../../common/constants/notifications.ts';
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
const gamification = [...GAMIFICATION_NOTIFICATION_KINDS];

/** The rows of one list: the gamification kinds (achievements), or every other kind (updates). */
function inGroup(group: NotificationGroup): SQL {
  return group === 'achievements' ? inArray(notifications.type, gamification) : notInArray(notifications.type, gamification);
}

/**
 * The member's unread counts in one statement over the partial index of unread notifications (migration 0013),
 * never their whole history: the updates (what needs the member, the bell's badge) and the achievements.
 */
export async function unreadCounts(db: Db, userId: string): Promise<{ updates: number; achievements: number }> {
  const [row] = await db
    .select({
      updates: sql<number>`(count(*) filter (where ${inGroup('updates')}))::int`,
      achievements: sql<number>`(count(*) filter (where ${inGroup('achievements')}))::int`,
    })
    .from(notifications)
    .where(and(own(userId), unread));
  return { updates: Number(row?.updates ?? 0), achievements: Number(row?.achievements ?? 0) };
}

/** The member's unread count as the bell's badge and the live socket show it: the unread updates, not the achievements. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  return (await unreadCounts(db, userId)).updates;
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
 * A page of the member's notifications, newest first, with the total under the filters, the unread counts over all
 * and the cursors either side (a page reached by cursor costs the same wherever it is).
 */
export async function listNotifications(db: Db, userId: string, q: NotificationQuery): Promise<NotificationPage> {
  const filters: SQL[] = [own(userId)];
  if (q.unread) filters.push(unread);
  if (q.type) filters.push(eq(notifications.type, q.type));
  // updates skip the achievements, at most one per achievement in the catalogue; achievements read the kind's index
  if (q.group) filters.push(inGroup(q.group));
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
  const [page, [totalRow], counts] = await Promise.all([
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
    unreadCounts(db, userId),
  ]);
  return {
    items: page.rows.map(presentNotification),
    total: totalRow?.n ?? 0,
    page: page.page,
    pageSize: q.pageSize,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    unreadCount: counts.updates,
    unreadAchievements: counts.achievements,
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

/** Marks every unread notification of the member read, or those of one list; answers how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string, now: Date, group?: NotificationGroup): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(and(own(userId), unread, group ? inGroup(group) : undefined))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
