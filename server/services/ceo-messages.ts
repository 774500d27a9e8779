import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { COMMUNITY_LIMITS } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import type { CeoMessage, CeoMessageCreate } from '../../common/schemas/community.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { ceoMessages, users } from '../db/schema/index.ts';
import { hasAdminRoleSql, type Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { GAMIFICATION_TZ } from './gamification.ts';
import { notifyMember } from './notify.ts';

export interface CeoMessageDeps {
  db: Db;
}

export const CEO_DAILY_LIMIT_MESSAGE = `You can send up to ${COMMUNITY_LIMITS.ceoMessagesPerDay} messages to the CEO a day. Please try again tomorrow.`;

/** The start of the London day `now` falls in, as SQL. */
const londonDayStart = (now: Date) => sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${GAMIFICATION_TZ}) at time zone ${GAMIFICATION_TZ})`;

/** How many CEO Contact messages the member has sent since the start of the London day, counted in SQL. */
async function sentToday(db: Db | Tx, senderId: string, now: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(ceoMessages)
    .where(and(eq(ceoMessages.senderId, senderId), sql`${ceoMessages.createdAt} >= ${londonDayStart(now)}`));
  return n;
}

const present = (r: typeof ceoMessages.$inferSelect): CeoMessage => ({ id: r.id, subject: r.subject, message: r.message, createdAt: iso(r.createdAt) });

/**
 * A member writes to the leadership. In one transaction: the daily limit is checked (the member's row is locked
 * first, so two messages at once cannot both slip under it), the message is stored, and every active admin and
 * master-admin is notified. Those who chose CEO Contact e-mails receive the notification by e-mail, with the
 * sender's address to reply to (services/notification-mail.ts).
 */
export async function sendCeoMessage(deps: CeoMessageDeps, sender: Actor & { firstName: string; lastName: string; email: string }, data: CeoMessageCreate, now: Date) {
  const message = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${sender.id} for no key update`);
    if ((await sentToday(tx, sender.id, now)) >= COMMUNITY_LIMITS.ceoMessagesPerDay) throw new AppError('rate_limited', CEO_DAILY_LIMIT_MESSAGE);
    const [row] = await tx.insert(ceoMessages).values({ senderId: sender.id, subject: data.subject, message: data.message, createdAt: now }).returning();
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      // CEO Contact is read by every administrator
      .where(and(hasAdminRoleSql(users.role), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt)));
    const facts = { senderName: `${sender.firstName} ${sender.lastName}`, senderEmail: sender.email, subject: data.subject, message: data.message };
    for (const admin of admins) {
      await notifyMember(tx, admin.id, 'ceo_contact', facts, { entity: { type: 'ceo_message', id: row.id }, actorId: sender.id, at: now });
    }
    return row;
  });
  return present(message);
}

/** The member's own CEO Contact messages, newest first, and how many more they may send today. */
export async function listOwnCeoMessages(db: Db, actor: Actor, q: PageQuery, now: Date) {
  const mine = eq(ceoMessages.senderId, actor.id);
  const [rows, [{ total }], today] = await Promise.all([
    db.select().from(ceoMessages).where(mine).orderBy(desc(ceoMessages.createdAt), desc(ceoMessages.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ total: count() }).from(ceoMessages).where(mine),
    sentToday(db, actor.id, now),
  ]);
  return { items: rows.map(present), total, remainingToday: Math.max(0, COMMUNITY_LIMITS.ceoMessagesPerDay - today) };
}
