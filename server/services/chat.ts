import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../common/constants/chat.ts';
import { AppError } from '../../common/errors.ts';
import type { ChatChannel, ChatChannelMember } from '../../common/schemas/chat.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { chatChannelMembers, chatChannels, chatMessages, memberConnections, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { authorize } from '../policies/authorize.ts';
import { channelPermission, directConversationPermission, joinableChannelSql, type ChannelAction, type Membership } from '../policies/chat.ts';
import type { Actor } from '../policies/roles.ts';
import { presentChannel, type ChannelView } from '../presenters/chat.ts';
import { iso } from '../presenters/wire.ts';
import { recordEvent } from './domain-events.ts';
import { admitAttempt } from './rate-limit.ts';

/**
 * Member chat: group channels and direct conversations, their members, unread counts and read marks (their
 * messages are in `chat-messages.ts`). Who may do what is in server/policies/chat.ts. Live delivery needs nothing
 * from here: database triggers announce every change when it commits (server/live).
 */

const me = alias(chatChannelMembers, 'me');
const other = alias(chatChannelMembers, 'other');
const otherUser = alias(users, 'other_user');

/** An approved, active account that has not been removed: someone who can be messaged or invited. */
const activeAccount = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;

/** The accepted connection of two members (asked either way), on the pair index. */
const acceptedPair = (a: SQL | string, b: SQL | string) =>
  sql`${memberConnections.status} = 'accepted'
    and least(${memberConnections.requesterUserId}, ${memberConnections.targetUserId}) = least(${a}::uuid, ${b}::uuid)
    and greatest(${memberConnections.requesterUserId}, ${memberConnections.targetUserId}) = greatest(${a}::uuid, ${b}::uuid)`;
const connectedSql = (a: SQL | string, b: SQL | string) => sql<boolean>`exists (select 1 from ${memberConnections} where ${acceptedPair(a, b)})`;

async function areConnected(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const rows = await db.select({ id: memberConnections.id }).from(memberConnections).where(acceptedPair(a, b)).limit(1);
  return rows.length > 0;
}

/* ---------- channels ---------- */

/** Messages of the channel after the caller's last read (or their joining), not theirs and not deleted: counted in SQL. */
const unreadSql = (actorId: string) =>
  sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.channelId} = ${chatChannels.id}
    and ${chatMessages.createdAt} > coalesce(${me.lastReadAt}, ${me.joinedAt}) and ${chatMessages.senderId} <> ${actorId} and not ${chatMessages.isDeleted})`;
const memberCountSql = sql<number>`(select count(*)::int from ${chatChannelMembers} where ${chatChannelMembers.channelId} = ${chatChannels.id})`;
const lastActivitySql = sql`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.channelId} = ${chatChannels.id}), ${chatChannels.createdAt})`;

function channelQuery<Extra extends SelectedFields = Record<never, never>>(db: Db | Tx, actor: Pick<Actor, 'id'>, extra = {} as Extra) {
  return db
    .select({
      ...extra,
      c: chatChannels,
      role: me.role,
      unreadCount: unreadSql(actor.id),
      memberCount: memberCountSql,
      other: { id: otherUser.id, firstName: otherUser.firstName, lastName: otherUser.lastName, profilePicture: otherUser.profilePicture },
      connected: sql<boolean>`case when ${other.userId} is null then false else ${connectedSql(actor.id, sql`${other.userId}`)} end`,
    })
    .from(chatChannels)
    .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
    .leftJoin(other, and(eq(chatChannels.type, 'direct'), eq(other.channelId, chatChannels.id), ne(other.userId, actor.id)))
    .leftJoin(otherUser, eq(otherUser.id, other.userId));
}

/** The last message of each channel, newest by (created_at, id), as a short preview. */
async function lastMessages(db: Db | Tx, channelIds: string[]) {
  if (!channelIds.length) return new Map<string, NonNullable<ChatChannel['lastMessage']>>();
  const rows = await db
    .selectDistinctOn([chatMessages.channelId], {
      channelId: chatMessages.channelId,
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      // a file sent without words is previewed by its name
      preview: sql<string>`coalesce(nullif(left(${chatMessages.content}, ${CHAT_LIMITS.preview}), ''), ${chatMessages.attachmentName}, '')`,
      isDeleted: chatMessages.isDeleted,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(inArray(chatMessages.channelId, channelIds))
    .orderBy(chatMessages.channelId, desc(chatMessages.createdAt), desc(chatMessages.id));
  return new Map(
    rows.map((r) => [r.channelId, { id: r.id, senderId: r.senderId, preview: r.isDeleted ? '' : r.preview, isDeleted: r.isDeleted, createdAt: iso(r.createdAt) }]),
  );
}

async function presentRows(db: Db | Tx, rows: ChannelView[]): Promise<ChatChannel[]> {
  const last = await lastMessages(
    db,
    rows.filter((r) => r.role).map((r) => r.c.id),
  );
  return rows.map((r) => presentChannel(r, last.get(r.c.id) ?? null));
}

const mine = isNotNull(me.userId);
const discoverable = joinableChannelSql(me.userId);

/** Public groups newest first, then id: `chat_channels_public_idx` holds this order (migration 0031). */
const DISCOVER_ORDER: KeyOrder = [
  { expr: chatChannels.createdAt, desc: true },
  { expr: chatChannels.id, desc: true },
];

/**
 * One page of channels: `mine` (groups the caller belongs to and their direct conversations, most recently active
 * first, each with its unread count and last message) or `discover` (public groups they have not joined, newest
 * first, by key with cursors). `mine` stays on offset: its order is computed from the latest message, which no
 * index holds and which moves a channel to the top whenever someone writes.
 */
export async function listChannels(db: Db, actor: Pick<Actor, 'id'>, q: PageQuery & { scope: 'mine' | 'discover' }) {
  if (q.scope === 'discover') return discoverChannels(db, actor, q);
  const where = mine;
  const [rows, [{ total }]] = await Promise.all([
    channelQuery(db, actor).where(where).orderBy(desc(lastActivitySql), desc(chatChannels.id)).limit(q.pageSize).offset(pageOffset(q)),
    db
      .select({ total: count() })
      .from(chatChannels)
      .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
      .where(where),
  ]);
  return { items: await presentRows(db, rows), total };
}

/** The public groups the caller has not joined, a page by key, with the cursors either side. */
async function discoverChannels(db: Db, actor: Pick<Actor, 'id'>, q: PageQuery) {
  const where = discoverable;
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(DISCOVER_ORDER) })
        .from(chatChannels)
        .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
        .where(where)
        .orderBy(...keysetOrderBy(DISCOVER_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      DISCOVER_ORDER,
      q,
      (plan) =>
        channelQuery(db, actor, keysetColumns(DISCOVER_ORDER))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db
      .select({ total: count() })
      .from(chatChannels)
      .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
      .where(where),
  ]);
  return { items: await presentRows(db, page.rows), total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** One channel as the caller sees it, or a 404 when it does not exist for them. */
export async function getChannel(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string): Promise<ChatChannel> {
  const [row] = await channelQuery(db, actor).where(eq(chatChannels.id, id));
  if (!row) throw new AppError('not_found', 'Channel not found.');
  authorize(channelPermission(actor, 'view', { ...row.c, membership: row.role ? { role: row.role } : null, connected: row.connected }));
  const [channel] = await presentRows(db, [row]);
  return channel;
}

/**
 * Loads a channel with the caller's membership (the channel row locked when asked) and asks the policy whether they
 * may do this to it; a direct conversation also says whether its two members are connected now.
 */
export async function loadChannel(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string, action: ChannelAction, lock = false) {
  const query = db
    .select({ c: chatChannels, role: me.role })
    .from(chatChannels)
    .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
    .where(eq(chatChannels.id, id));
  const [row] = lock ? await query.for('update', { of: chatChannels }) : await query;
  if (!row) throw new AppError('not_found', 'Channel not found.');
  const membership: Membership = row.role ? { role: row.role } : null;
  const connected = action === 'post' && row.c.type === 'direct' && membership !== null && (await directStillConnected(db, id, actor.id));
  authorize(channelPermission(actor, action, { ...row.c, membership, connected }));
  return { channel: row.c, membership };
}

/** Whether the two members of a direct conversation are connected now (false once the other's account is gone). */
async function directStillConnected(db: Db | Tx, channelId: string, actorId: string): Promise<boolean> {
  const otherId = await otherMemberOf(db, channelId, actorId);
  return otherId !== null && (await areConnected(db, actorId, otherId));
}

/** The other member of a direct conversation, or null when their account is gone. */
async function otherMemberOf(db: Db | Tx, channelId: string, actorId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: chatChannelMembers.userId })
    .from(chatChannelMembers)
    .where(and(eq(chatChannelMembers.channelId, channelId), ne(chatChannelMembers.userId, actorId)));
  return row?.userId ?? null;
}

/** The members of a channel, owners first then by joining, for whoever can read it (a member). */
export async function listChannelMembers(db: Db, actor: Pick<Actor, 'id'>, id: string): Promise<ChatChannelMember[]> {
  await loadChannel(db, actor, id, 'read');
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      role: chatChannelMembers.role,
      joinedAt: chatChannelMembers.joinedAt,
    })
    .from(chatChannelMembers)
    .innerJoin(users, eq(users.id, chatChannelMembers.userId))
    .where(eq(chatChannelMembers.channelId, id))
    .orderBy(sql`case when ${chatChannelMembers.role} = 'owner' then 0 else 1 end`, asc(chatChannelMembers.joinedAt), asc(users.id));
  return rows.map((r) => ({ ...r, role: r.role as ChatChannelMember['role'], joinedAt: iso(r.joinedAt) }));
}

/** Counts a channel about to be created: CHAT_LIMITS.channelsPerDay in any 24 hours, then 429 with how long to wait. */
export async function admitChannelCreation(db: Db, actor: Pick<Actor, 'id'>, now: Date): Promise<void> {
  const admission = await admitAttempt(db, [{ key: `chat-channel:${actor.id}`, max: CHAT_LIMITS.channelsPerDay, windowMs: 86_400_000 }], now);
  if (!admission.admitted) throw new AppError('rate_limited', CHAT_MESSAGES.channelsLimited, { headers: { 'Retry-After': String(admission.retryAfter) } });
}

/** Any member creates a group channel, public or private, and becomes its owner. */
export async function createChannel(db: Db, actor: Pick<Actor, 'id'>, data: { name: string; description?: string | null; isPrivate: boolean }, now: Date) {
  return db.transaction(async (tx) => {
    const [channel] = await tx
      .insert(chatChannels)
      .values({ name: data.name, description: data.description ?? null, type: 'group', isPrivate: data.isPrivate, createdById: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: chatChannels.id });
    await tx.insert(chatChannelMembers).values({ channelId: channel.id, userId: actor.id, role: 'owner', joinedAt: now });
    const created = { channelId: channel.id, type: 'group' as const, isPrivate: data.isPrivate, createdById: actor.id };
    await recordEvent(tx, 'chat.channel_created', created, { entityId: channel.id, actorId: actor.id, at: now });
    return getChannel(tx, actor, channel.id);
  });
}

/** Joins a public group (a member already in it is answered the same); a private one exists only for its members. */
export async function joinChannel(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  const { channel, membership } = await loadChannel(db, actor, id, 'view');
  if (!membership) await db.insert(chatChannelMembers).values({ channelId: channel.id, userId: actor.id, role: 'member', joinedAt: now }).onConflictDoNothing();
  return getChannel(db, actor, id);
}

/**
 * Leaves a group. The channel's row is locked, so two members leaving at once are decided one after the other: the
 * last owner leaving a channel that still has members hands ownership to its longest-standing member.
 */
export async function leaveChannel(db: Db, actor: Pick<Actor, 'id'>, id: string) {
  await db.transaction(async (tx) => {
    const { membership } = await loadChannel(tx, actor, id, 'leave', true);
    await tx.delete(chatChannelMembers).where(and(eq(chatChannelMembers.channelId, id), eq(chatChannelMembers.userId, actor.id)));
    if (membership?.role === 'owner') await handOnOwnership(tx, id);
  });
}

/** After an owner has gone: a group left with members but no owner makes its longest-standing member the owner. */
async function handOnOwnership(tx: Tx, channelId: string) {
  const [owner] = await tx
    .select({ userId: chatChannelMembers.userId })
    .from(chatChannelMembers)
    .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.role, 'owner')))
    .limit(1);
  if (owner) return;
  const [heir] = await tx
    .select({ userId: chatChannelMembers.userId })
    .from(chatChannelMembers)
    .where(eq(chatChannelMembers.channelId, channelId))
    .orderBy(asc(chatChannelMembers.joinedAt), asc(chatChannelMembers.userId))
    .limit(1);
  if (heir)
    await tx
      .update(chatChannelMembers)
      .set({ role: 'owner' })
      .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, heir.userId)));
}

/**
 * For account deletion, inside its transaction: the member's messages are deleted (their words cleared, their places
 * kept), and they leave every group, ownership handed on as when an owner leaves. Their direct conversations stay,
 * for the other member to read under the deleted account's name.
 */
export async function eraseChatMember(tx: Tx, userId: string, now: Date) {
  await tx
    .update(chatMessages)
    .set({ content: '', isDeleted: true, deletedAt: now, deletedById: userId, updatedAt: now })
    .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.isDeleted, false)));
  const groups = await tx
    .select({ id: chatChannels.id, role: chatChannelMembers.role })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .where(and(eq(chatChannelMembers.userId, userId), eq(chatChannels.type, 'group')))
    .orderBy(asc(chatChannels.id))
    .for('update', { of: chatChannels });
  for (const g of groups) {
    await tx.delete(chatChannelMembers).where(and(eq(chatChannelMembers.channelId, g.id), eq(chatChannelMembers.userId, userId)));
    if (g.role === 'owner') await handOnOwnership(tx, g.id);
  }
}

/** The owner of a private group adds an approved, active member to it. */
export async function inviteToChannel(db: Db, actor: Pick<Actor, 'id'>, id: string, userId: string, now: Date) {
  return db.transaction(async (tx) => {
    await loadChannel(tx, actor, id, 'invite', true);
    const [invitee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), activeAccount));
    if (!invitee) throw new AppError('not_found', 'Member not found.');
    const added = await tx
      .insert(chatChannelMembers)
      .values({ channelId: id, userId, role: 'member', joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: chatChannelMembers.userId });
    if (!added.length) throw new AppError('conflict', 'This member is already in the channel.');
    return getChannel(tx, actor, id);
  });
}

/**
 * The one direct conversation of the caller and another member: the existing one (also once they are no longer
 * connected, to read it), or a new one when they are connected. Two members opening it at once create it once: the
 * pair's key is unique, and the second insert waits for the first and then finds its row.
 */
export async function openDirect(db: Db, actor: Pick<Actor, 'id'>, userId: string, now: Date): Promise<{ channel: ChatChannel; created: boolean }> {
  const directKey = [actor.id, userId].sort().join(':');
  return db.transaction(async (tx) => {
    const existing = async () => (await tx.select({ id: chatChannels.id }).from(chatChannels).where(eq(chatChannels.directKey, directKey)))[0];
    const found = await existing();
    if (found) return { channel: await getChannel(tx, actor, found.id), created: false };
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), activeAccount));
    if (!target) throw new AppError('not_found', 'Member not found.');
    authorize(directConversationPermission(actor, { id: userId, connected: await areConnected(tx, actor.id, userId) }));
    const [inserted] = await tx
      .insert(chatChannels)
      .values({ name: '', type: 'direct', isPrivate: true, directKey, createdById: actor.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: chatChannels.directKey })
      .returning({ id: chatChannels.id });
    if (!inserted) {
      const raced = await existing();
      if (!raced) throw new AppError('conflict', 'Please try again.');
      return { channel: await getChannel(tx, actor, raced.id), created: false };
    }
    await tx.insert(chatChannelMembers).values([
      { channelId: inserted.id, userId: actor.id, role: 'member', joinedAt: now },
      { channelId: inserted.id, userId, role: 'member', joinedAt: now },
    ]);
    const created = { channelId: inserted.id, type: 'direct' as const, isPrivate: true, createdById: actor.id };
    await recordEvent(tx, 'chat.channel_created', created, { entityId: inserted.id, actorId: actor.id, at: now });
    return { channel: await getChannel(tx, actor, inserted.id), created: true };
  });
}

/** Marks the channel read up to now for the caller (a member). */
export async function markRead(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  await loadChannel(db, actor, id, 'read');
  await db
    .update(chatChannelMembers)
    .set({ lastReadAt: now })
    .where(and(eq(chatChannelMembers.channelId, id), eq(chatChannelMembers.userId, actor.id)));
  return { lastReadAt: iso(now) };
}
