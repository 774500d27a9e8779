import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../common/constants/chat.ts';
import { AppError } from '../../common/errors.ts';
import type { ChatChannel, ChatChannelMember, ChatMessage, ChatMessagePage } from '../../common/schemas/chat.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { chatChannelMembers, chatChannels, chatMessages, memberConnections, users } from '../db/schema/index.ts';
import { canSeeChannel, channelAbilities, messageAbilities, type Membership } from '../policies/chat.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { admitAttempt } from './rate-limit.ts';

/**
 * Member chat: group channels and direct conversations, their messages, unread counts and read marks. Who may do
 * what is in server/policies/chat.ts. Live delivery needs nothing from here but `liveMessageFor`: database
 * triggers announce every message written, edited or deleted when it commits (server/live). `publish` is told
 * too, after the commit, for an in-process listener.
 */
export type ChatEvent = { type: 'message_created' | 'message_updated' | 'message_deleted'; channelId: string; message: ChatMessage };

export interface ChatDeps {
  db: Db;
  /** Told of every message created, edited or deleted, after the change has committed. */
  publish?: (event: ChatEvent) => void;
}

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

function channelQuery(db: Db | Tx, actor: Pick<Actor, 'id'>) {
  return db
    .select({
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
type ChannelRow = Awaited<ReturnType<ReturnType<typeof channelQuery>['execute']>>[number];

/** The last message of each channel, newest by (created_at, id), as a short preview. */
async function lastMessages(db: Db | Tx, channelIds: string[]) {
  if (!channelIds.length) return new Map<string, NonNullable<ChatChannel['lastMessage']>>();
  const rows = await db
    .selectDistinctOn([chatMessages.channelId], {
      channelId: chatMessages.channelId,
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      preview: sql<string>`left(${chatMessages.content}, ${CHAT_LIMITS.preview})`,
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

function presentChannel(r: ChannelRow, last: ChatChannel['lastMessage']): ChatChannel {
  const membership: Membership = r.role ? { role: r.role } : null;
  const direct = r.c.type === 'direct';
  const otherMember = direct && r.other?.id ? { id: r.other.id, firstName: r.other.firstName, lastName: r.other.lastName, profilePicture: r.other.profilePicture } : null;
  return {
    id: r.c.id,
    type: r.c.type as ChatChannel['type'],
    name: direct ? (otherMember ? `${otherMember.firstName} ${otherMember.lastName}`.trim() : 'Former member') : r.c.name,
    description: r.c.description,
    isPrivate: r.c.isPrivate,
    role: (r.role as ChatChannel['role']) ?? null,
    memberCount: r.memberCount,
    otherMember,
    unreadCount: membership ? r.unreadCount : 0,
    lastMessage: membership ? last : null,
    createdAt: iso(r.c.createdAt),
    can: channelAbilities(r.c, membership, r.connected),
  };
}

async function presentRows(db: Db | Tx, rows: ChannelRow[]): Promise<ChatChannel[]> {
  const last = await lastMessages(
    db,
    rows.filter((r) => r.role).map((r) => r.c.id),
  );
  return rows.map((r) => presentChannel(r, last.get(r.c.id) ?? null));
}

const mine = isNotNull(me.userId);
const discoverable = and(eq(chatChannels.type, 'group'), eq(chatChannels.isPrivate, false), isNull(me.userId));

/**
 * One page of channels: `mine` (groups the caller belongs to and their direct conversations, most recently active
 * first, each with its unread count and last message) or `discover` (public groups they have not joined, newest first).
 */
export async function listChannels(db: Db, actor: Pick<Actor, 'id'>, q: PageQuery & { scope: 'mine' | 'discover' }) {
  const where = q.scope === 'mine' ? mine : discoverable;
  const order = q.scope === 'mine' ? [desc(lastActivitySql), desc(chatChannels.id)] : [desc(chatChannels.createdAt), desc(chatChannels.id)];
  const [rows, [{ total }]] = await Promise.all([
    channelQuery(db, actor)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ total: count() })
      .from(chatChannels)
      .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
      .where(where),
  ]);
  return { items: await presentRows(db, rows), total };
}

/** One channel as the caller sees it, or a 404 when it does not exist for them. */
export async function getChannel(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string): Promise<ChatChannel> {
  const [row] = await channelQuery(db, actor).where(eq(chatChannels.id, id));
  if (!row || !canSeeChannel(row.c, row.role ? { role: row.role } : null)) throw new AppError('not_found', 'Channel not found.');
  const [channel] = await presentRows(db, [row]);
  return channel;
}

/** Loads a channel with the caller's membership (the channel row locked when asked); 404 when it does not exist for them. */
async function loadChannel(db: Db | Tx, actor: Pick<Actor, 'id'>, id: string, lock = false) {
  const query = db
    .select({ c: chatChannels, role: me.role })
    .from(chatChannels)
    .leftJoin(me, and(eq(me.channelId, chatChannels.id), eq(me.userId, actor.id)))
    .where(eq(chatChannels.id, id));
  const [row] = lock ? await query.for('update', { of: chatChannels }) : await query;
  const membership: Membership = row?.role ? { role: row.role } : null;
  if (!row || !canSeeChannel(row.c, membership)) throw new AppError('not_found', 'Channel not found.');
  return { channel: row.c, membership };
}

/** The other member of a direct conversation, or null when their account is gone. */
async function otherMemberOf(db: Db | Tx, channelId: string, actorId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: chatChannelMembers.userId })
    .from(chatChannelMembers)
    .where(and(eq(chatChannelMembers.channelId, channelId), ne(chatChannelMembers.userId, actorId)));
  return row?.userId ?? null;
}

const NOT_A_MEMBER = 'Join this channel to read and write in it.';

/** The members of a channel, owners first then by joining, for whoever can read it (a member). */
export async function listChannelMembers(db: Db, actor: Pick<Actor, 'id'>, id: string): Promise<ChatChannelMember[]> {
  const { membership } = await loadChannel(db, actor, id);
  if (!membership) throw new AppError('forbidden', NOT_A_MEMBER);
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
    return getChannel(tx, actor, channel.id);
  });
}

/** Joins a public group (a member already in it is answered the same); a private one exists only for its members. */
export async function joinChannel(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  const { channel, membership } = await loadChannel(db, actor, id);
  if (!membership) await db.insert(chatChannelMembers).values({ channelId: channel.id, userId: actor.id, role: 'member', joinedAt: now }).onConflictDoNothing();
  return getChannel(db, actor, id);
}

/**
 * Leaves a group. The channel's row is locked, so two members leaving at once are decided one after the other: the
 * last owner leaving a channel that still has members hands ownership to its longest-standing member.
 */
export async function leaveChannel(db: Db, actor: Pick<Actor, 'id'>, id: string) {
  await db.transaction(async (tx) => {
    const { channel, membership } = await loadChannel(tx, actor, id, true);
    if (channel.type === 'direct') throw new AppError('bad_request', 'You cannot leave a direct conversation.');
    if (!membership) throw new AppError('conflict', 'You are not a member of this channel.');
    await tx.delete(chatChannelMembers).where(and(eq(chatChannelMembers.channelId, id), eq(chatChannelMembers.userId, actor.id)));
    if (membership.role === 'owner') await handOnOwnership(tx, id);
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

/** For the member's data export: the messages they sent and have not deleted, oldest first, with the channel's name. */
export async function messagesSentBy(db: Db | Tx, userId: string) {
  const rows = await db
    .select({ m: chatMessages, type: chatChannels.type, name: chatChannels.name })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.isDeleted, false)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((r) => ({
    channel: r.type === 'direct' ? 'Direct conversation' : r.name,
    content: r.m.content,
    isEdited: r.m.isEdited,
    createdAt: iso(r.m.createdAt),
  }));
}

/** The owner of a private group adds an approved, active member to it. */
export async function inviteToChannel(db: Db, actor: Pick<Actor, 'id'>, id: string, userId: string, now: Date) {
  return db.transaction(async (tx) => {
    const { channel, membership } = await loadChannel(tx, actor, id, true);
    if (!channelAbilities(channel, membership, false).invite) throw new AppError('forbidden', 'Only the owner of a private channel can invite members.');
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
  if (userId === actor.id) throw new AppError('bad_request', 'You cannot start a conversation with yourself.');
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
    if (!(await areConnected(tx, actor.id, userId))) throw new AppError('forbidden', CHAT_MESSAGES.notConnected);
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
    return { channel: await getChannel(tx, actor, inserted.id), created: true };
  });
}

/** Marks the channel read up to now for the caller (a member). */
export async function markRead(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  const { membership } = await loadChannel(db, actor, id);
  if (!membership) throw new AppError('forbidden', NOT_A_MEMBER);
  await db
    .update(chatChannelMembers)
    .set({ lastReadAt: now })
    .where(and(eq(chatChannelMembers.channelId, id), eq(chatChannelMembers.userId, actor.id)));
  return { lastReadAt: iso(now) };
}

/* ---------- messages ---------- */

const messageColumns = {
  m: chatMessages,
  sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
};
type MessageRow = { m: typeof chatMessages.$inferSelect; sender: ChatMessage['sender'] };

function presentMessage(actor: Pick<Actor, 'id' | 'role'>, r: MessageRow, membership: Membership): ChatMessage {
  return {
    id: r.m.id,
    channelId: r.m.channelId,
    sender: r.sender,
    content: r.m.isDeleted ? '' : r.m.content,
    replyToId: r.m.replyToId,
    isEdited: r.m.isEdited,
    isDeleted: r.m.isDeleted,
    createdAt: iso(r.m.createdAt),
    updatedAt: iso(r.m.updatedAt),
    can: messageAbilities(actor, r.m, membership),
  };
}

/**
 * One message as each of the given members sees it, for those of them who belong to its channel (the others get
 * nothing): the live fan-out's one read per announcement, however many sockets an instance holds.
 */
export async function liveMessageFor(db: Db, messageId: string, userIds: readonly string[]): Promise<{ userId: string; message: ChatMessage }[]> {
  if (userIds.length === 0) return [];
  const message = (await readMessage(db, messageId)) as MessageRow | undefined;
  if (!message) return [];
  const recipients = await db
    .select({ userId: chatChannelMembers.userId, membershipRole: chatChannelMembers.role, role: users.role })
    .from(chatChannelMembers)
    .innerJoin(users, eq(users.id, chatChannelMembers.userId))
    .where(and(eq(chatChannelMembers.channelId, message.m.channelId), inArray(chatChannelMembers.userId, [...userIds])));
  return recipients.map((r) => ({ userId: r.userId, message: presentMessage({ id: r.userId, role: r.role }, message, { role: r.membershipRole }) }));
}

async function readMessage(db: Db | Tx, id: string): Promise<MessageRow> {
  const [row] = await db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderId)).where(eq(chatMessages.id, id));
  return row;
}

/**
 * A page of the channel's history for a member, newest first, older than `before` (a message of this channel, or
 * an instant); paged on (created_at, id), so messages sent in the same instant are neither lost nor repeated.
 */
export async function listMessages(db: Db, actor: Pick<Actor, 'id' | 'role'>, id: string, q: { before?: string; limit: number }): Promise<ChatMessagePage> {
  const { membership } = await loadChannel(db, actor, id);
  if (!membership) throw new AppError('forbidden', NOT_A_MEMBER);
  const conditions: SQL[] = [eq(chatMessages.channelId, id)];
  if (q.before && !q.before.includes(':')) {
    const [cursor] = await db
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, q.before), eq(chatMessages.channelId, id)));
    if (!cursor) throw new AppError('not_found', 'Message not found.');
    // the cursor's own (created_at, id), read in SQL so no precision is lost on the way through JavaScript
    conditions.push(sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select b.created_at, b.id from ${chatMessages} b where b.id = ${q.before}::uuid)`);
  } else if (q.before) {
    conditions.push(sql`${chatMessages.createdAt} < ${new Date(q.before).toISOString()}::timestamptz`);
  }
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(...conditions))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { items: page.map((r) => presentMessage(actor, r, membership)), nextBefore: rows.length > q.limit ? page[page.length - 1].m.id : null };
}

/**
 * A member writes in a channel: checked first (a member; in a direct conversation, still connected), then counted
 * against the member's sending limit (429 with Retry-After when over it), then stored.
 */
export async function postMessage(deps: ChatDeps, actor: Pick<Actor, 'id' | 'role'>, id: string, data: { content: string; replyToId?: string | null }, now: Date) {
  const { db } = deps;
  const { channel, membership } = await loadChannel(db, actor, id);
  if (!membership) throw new AppError('forbidden', NOT_A_MEMBER);
  if (channel.type === 'direct') {
    const otherId = await otherMemberOf(db, id, actor.id);
    if (!otherId || !(await areConnected(db, actor.id, otherId))) throw new AppError('conflict', CHAT_MESSAGES.disconnected);
  }
  if (data.replyToId) {
    const [target] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, data.replyToId), eq(chatMessages.channelId, id)));
    const message = 'You can only reply to a message of this conversation.';
    if (!target) throw new AppError('validation_failed', message, { issues: [{ path: 'replyToId', message }] });
  }
  const admission = await admitAttempt(db, [{ key: `chat:${actor.id}`, max: CHAT_LIMITS.messagesPerWindow, windowMs: CHAT_LIMITS.messageWindowMs }], now);
  if (!admission.admitted) throw new AppError('rate_limited', CHAT_MESSAGES.rateLimited, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const [row] = await db
    .insert(chatMessages)
    .values({ channelId: id, senderId: actor.id, content: data.content, replyToId: data.replyToId ?? null, createdAt: now, updatedAt: now })
    .returning({ id: chatMessages.id });
  const message = presentMessage(actor, await readMessage(db, row.id), membership);
  deps.publish?.({ type: 'message_created', channelId: id, message });
  return message;
}

/** Loads a message, locked, with its channel and the caller's membership; 404 when its channel does not exist for them. */
async function loadMessage(tx: Tx, actor: Pick<Actor, 'id'>, id: string) {
  const [row] = await tx
    .select({ m: chatMessages, c: { type: chatChannels.type, isPrivate: chatChannels.isPrivate }, role: me.role })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .leftJoin(me, and(eq(me.channelId, chatMessages.channelId), eq(me.userId, actor.id)))
    .where(eq(chatMessages.id, id))
    .for('update', { of: chatMessages });
  const membership: Membership = row?.role ? { role: row.role } : null;
  if (!row || !canSeeChannel(row.c, membership)) throw new AppError('not_found', 'Message not found.');
  return { message: row.m, membership };
}

/** The author edits their own message while it is not deleted; it is marked edited. */
export async function editMessage(deps: ChatDeps, actor: Pick<Actor, 'id' | 'role'>, id: string, content: string, now: Date) {
  const result = await deps.db.transaction(async (tx) => {
    const { message, membership } = await loadMessage(tx, actor, id);
    if (message.isDeleted) throw new AppError('conflict', 'This message was deleted.');
    if (!messageAbilities(actor, message, membership).edit) throw new AppError('forbidden', 'You can only edit your own messages.');
    await tx.update(chatMessages).set({ content, isEdited: true, updatedAt: now }).where(eq(chatMessages.id, id));
    return presentMessage(actor, await readMessage(tx, id), membership);
  });
  deps.publish?.({ type: 'message_updated', channelId: result.channelId, message: result });
  return result;
}

/**
 * Deletes a message: its author, the channel's owner or an administrator. Its words are cleared and it keeps its
 * place, shown as deleted; deleting it again answers the same.
 */
export async function deleteMessage(deps: ChatDeps, actor: Pick<Actor, 'id' | 'role'>, id: string, now: Date) {
  const { result, changed } = await deps.db.transaction(async (tx) => {
    const { message, membership } = await loadMessage(tx, actor, id);
    if (message.isDeleted) return { result: presentMessage(actor, await readMessage(tx, id), membership), changed: false };
    if (!messageAbilities(actor, message, membership).delete) throw new AppError('forbidden', 'You can only delete your own messages.');
    await tx.update(chatMessages).set({ content: '', isDeleted: true, deletedAt: now, deletedById: actor.id, updatedAt: now }).where(eq(chatMessages.id, id));
    return { result: presentMessage(actor, await readMessage(tx, id), membership), changed: true };
  });
  if (changed) deps.publish?.({ type: 'message_deleted', channelId: result.channelId, message: result });
  return result;
}
