import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COMMUNITY_LIMITS, CONNECTION_REQUESTS_LIMITED } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import type { Connection } from '../../common/schemas/member.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import { memberConnections, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { connectionAbilities, connectionScope } from '../policies/connections.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { notifyMember } from './notify.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { forgetRecommendations, listedMember } from './members.ts';
import { admitAttempt } from './rate-limit.ts';
import { recordEvent } from './domain-events.ts';

const otherMemberId = (actor: Pick<Actor, 'id'>) =>
  sql<string>`case when ${memberConnections.requesterUserId} = ${actor.id} then ${memberConnections.targetUserId} else ${memberConnections.requesterUserId} end`;

export interface ConnectionListQuery extends PageQuery {
  status?: 'pending' | 'accepted';
  direction?: 'incoming' | 'outgoing';
}

/**
 * Newest first, then id: `member_connections_requester_idx` and `member_connections_target_idx` (migration 0031)
 * hold this order for requests sent and received.
 */
const CONNECTION_ORDER: KeyOrder = [
  { expr: memberConnections.createdAt, desc: true },
  { expr: memberConnections.id, desc: true },
];

/**
 * One page of the member's connections and requests, both directions, as senderId / receiverId, newest first,
 * with the cursors either side.
 */
export async function listConnections(db: Db, actor: Actor, q: ConnectionListQuery) {
  const conditions: Array<SQL | undefined> = [connectionScope(actor), inArray(memberConnections.status, q.status ? [q.status] : ['pending', 'accepted'])];
  if (q.direction === 'incoming') conditions.push(eq(memberConnections.targetUserId, actor.id));
  if (q.direction === 'outgoing') conditions.push(eq(memberConnections.requesterUserId, actor.id));
  const where = and(...conditions);
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(CONNECTION_ORDER) })
        .from(memberConnections)
        .where(where)
        .orderBy(...keysetOrderBy(CONNECTION_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      CONNECTION_ORDER,
      q,
      (plan) =>
        db
          .select({
            c: memberConnections,
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            company: users.company,
            jobTitle: users.jobTitle,
            ...keysetColumns(CONNECTION_ORDER),
          })
          .from(memberConnections)
          .innerJoin(users, eq(users.id, otherMemberId(actor)))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(memberConnections).where(where),
  ]);
  const items: Connection[] = page.rows.map((r) => ({
    id: r.c.id,
    senderId: r.c.requesterUserId,
    receiverId: r.c.targetUserId,
    status: r.c.status as Connection['status'],
    message: r.c.message,
    createdAt: iso(r.c.createdAt),
    otherMember: { id: r.id, firstName: r.firstName, lastName: r.lastName, company: r.company, jobTitle: r.jobTitle },
    can: connectionAbilities(actor, r.c),
  }));
  return { items, total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** Counts a connection request about to be sent: COMMUNITY_LIMITS.connectionRequestsPerDay in any 24 hours, then 429. */
export async function admitConnectionRequest(db: Db, actor: Pick<Actor, 'id'>, now: Date): Promise<void> {
  const admission = await admitAttempt(db, [{ key: `connection-request:${actor.id}`, max: COMMUNITY_LIMITS.connectionRequestsPerDay, windowMs: 86_400_000 }], now);
  if (!admission.admitted) throw new AppError('rate_limited', CONNECTION_REQUESTS_LIMITED, { headers: { 'Retry-After': String(admission.retryAfter) } });
}

/** Asks another listed member to connect; one open request or connection per pair, whoever asked. */
export async function requestConnection(db: Db, sender: { id: string; firstName: string; lastName: string }, receiverId: string, message: string | undefined, now: Date) {
  if (receiverId === sender.id) throw new AppError('bad_request', 'You cannot connect with yourself.');
  return db.transaction(async (tx) => {
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, receiverId), listedMember));
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
    await recordEvent(
      tx,
      'connection.requested',
      { connectionId: created.id, requesterId: sender.id, targetId: receiverId },
      { entityId: created.id, actorId: sender.id, at: now },
    );
    await notifyMember(tx, receiverId, 'connection_request', { sender }, { entity: { type: 'member_connection', id: created.id }, actorId: sender.id, at: now });
    return created;
  });
}

/**
 * The receiver of a pending request accepts or declines it; nobody else can. Loaded within the actor's scope
 * (404 for anyone not part of it), answered only when the connection policy allows (403 for the sender).
 */
export async function respondToConnection(
  db: Db,
  actor: Pick<Actor, 'id'> & { firstName: string; lastName: string },
  id: string,
  status: 'accepted' | 'declined',
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memberConnections)
      .where(and(eq(memberConnections.id, id), connectionScope(actor)))
      .for('update');
    if (!row) throw new AppError('not_found', 'Connection request not found.');
    if (row.status !== 'pending') throw new AppError('conflict', 'This request has already been answered.');
    if (!connectionAbilities(actor, row).respond) throw new AppError('forbidden', 'Only the member who received the request can answer it.');
    const [updated] = await tx.update(memberConnections).set({ status }).where(eq(memberConnections.id, id)).returning();
    await forgetRecommendations(tx, [updated.requesterUserId, updated.targetUserId]);
    if (status === 'accepted') {
      // both members earn the connection, in id order so two acceptances at once lock their rows in one order
      for (const userId of [updated.requesterUserId, updated.targetUserId].sort()) {
        await awardPoints(tx, { userId, activity: 'connection_accepted', referenceId: id }, now);
        await checkAchievements(tx, userId, ['connections'], now);
      }
      await recordEvent(
        tx,
        'connection.accepted',
        { connectionId: id, requesterId: updated.requesterUserId, targetId: updated.targetUserId },
        { entityId: id, actorId: actor.id, at: now },
      );
      await notifyMember(
        tx,
        updated.requesterUserId,
        'connection_accepted',
        { accepter: actor },
        { entity: { type: 'member_connection', id }, actorId: actor.id, at: now },
      );
    }
    return updated;
  });
}

/**
 * Ends a connection: the sender withdraws a pending request, or either member removes an accepted connection,
 * which takes back the points both earned for it. Loaded within the actor's scope (404 for anyone not part of it);
 * the receiver of a pending request answers it instead (403). The row goes, so the pair may connect again later.
 */
export async function removeConnection(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memberConnections)
      .where(and(eq(memberConnections.id, id), connectionScope(actor), inArray(memberConnections.status, ['pending', 'accepted'])))
      .for('update');
    if (!row) throw new AppError('not_found', 'Connection not found.');
    const can = connectionAbilities(actor, row);
    if (!can.withdraw && !can.remove) throw new AppError('forbidden', 'Only the member who sent this request can withdraw it; accept or decline it instead.');
    await tx.delete(memberConnections).where(eq(memberConnections.id, id));
    await forgetRecommendations(tx, [row.requesterUserId, row.targetUserId]);
    if (row.status === 'accepted') {
      // in id order, as when the points were awarded, so two removals at once lock the members' rows in one order
      for (const userId of [row.requesterUserId, row.targetUserId].sort()) await reversePoints(tx, userId, 'connection_accepted', id, now);
    }
    return row;
  });
}
