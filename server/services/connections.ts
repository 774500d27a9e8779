import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import { memberConnections, notifications, users } from '../db/schema/index.ts';
import { forgetRecommendations, listedMember } from './members.ts';

/** The member's connections and requests, both directions, as senderId / receiverId (spec 01 §7). */
export async function listConnections(db: Db, userId: string) {
  const other = sql<string>`case when ${memberConnections.requesterUserId} = ${userId} then ${memberConnections.targetUserId} else ${memberConnections.requesterUserId} end`;
  const rows = await db
    .select({ c: memberConnections, id: users.id, firstName: users.firstName, lastName: users.lastName, company: users.company, jobTitle: users.jobTitle })
    .from(memberConnections)
    .innerJoin(users, eq(users.id, other))
    .where(and(or(eq(memberConnections.requesterUserId, userId), eq(memberConnections.targetUserId, userId)), inArray(memberConnections.status, ['pending', 'accepted'])))
    .orderBy(desc(memberConnections.createdAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.c.id,
    senderId: r.c.requesterUserId,
    receiverId: r.c.targetUserId,
    status: r.c.status,
    message: r.c.message,
    createdAt: r.c.createdAt.toISOString(),
    otherMember: { id: r.id, firstName: r.firstName, lastName: r.lastName, company: r.company, jobTitle: r.jobTitle },
  }));
}

/** Asks another listed member to connect; one open request or connection per pair, whoever asked. */
export async function requestConnection(db: Db, sender: { id: string; firstName: string; lastName: string }, receiverId: string, message: string | undefined, now: Date) {
  if (receiverId === sender.id) throw new AppError('bad_request', 'You cannot connect with yourself.');
  return db.transaction(async (tx) => {
    const [receiver] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, receiverId), listedMember));
    if (!receiver) throw new AppError('not_found', 'Member not found.');
    const [existing] = await tx
      .select({ status: memberConnections.status })
      .from(memberConnections)
      .where(
        and(
          inArray(memberConnections.status, ['pending', 'accepted']),
          or(
            and(eq(memberConnections.requesterUserId, sender.id), eq(memberConnections.targetUserId, receiverId)),
            and(eq(memberConnections.requesterUserId, receiverId), eq(memberConnections.targetUserId, sender.id)),
          ),
        ),
      );
    if (existing?.status === 'accepted') throw new AppError('conflict', 'You are already connected with this member.');
    if (existing) throw new AppError('conflict', 'A connection request between you and this member is already pending.');
    const [created] = await tx
      .insert(memberConnections)
      .values({ requesterUserId: sender.id, targetUserId: receiverId, message: message || null, status: 'pending', connectionType: 'direct', createdAt: now })
      .returning();
    await forgetRecommendations(tx, [sender.id, receiverId]);
    await tx.insert(notifications).values({
      userId: receiverId,
      title: 'New connection request',
      message: `${sender.firstName} ${sender.lastName} would like to connect with you.`,
      type: 'connection_request',
      entityType: 'member_connection',
      entityId: created.id,
      actionUrl: '/community',
      createdAt: now,
    });
    return created;
  });
}

/** The receiver of a pending request accepts or declines it; nobody else can. */
export async function respondToConnection(db: Db, userId: string, id: string, status: 'accepted' | 'declined') {
  const [updated] = await db
    .update(memberConnections)
    .set({ status })
    .where(and(eq(memberConnections.id, id), eq(memberConnections.targetUserId, userId), eq(memberConnections.status, 'pending')))
    .returning();
  if (updated) {
    await forgetRecommendations(db, [updated.requesterUserId, updated.targetUserId]);
    return updated;
  }
  const [row] = await db.select({ target: memberConnections.targetUserId, requester: memberConnections.requesterUserId }).from(memberConnections).where(eq(memberConnections.id, id));
  if (!row || (row.target !== userId && row.requester !== userId)) throw new AppError('not_found', 'Connection request not found.');
  if (row.requester === userId) throw new AppError('forbidden', 'Only the member who received the request can answer it.');
  throw new AppError('conflict', 'This request has already been answered.');
}
