import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../common/constants/chat.ts';
import { AppError } from '../../common/errors.ts';
import type { ChatMessage, ChatMessagePage } from '../../common/schemas/chat.ts';
import type { Db, Tx } from '../db/client.ts';
import { chatChannelMembers, chatChannels, chatMessages, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { messagePermission, messageViewPermission, type Membership } from '../policies/chat.ts';
import type { Actor } from '../policies/roles.ts';
import { presentMessage, type MessageRow } from '../presenters/chat.ts';
import { attachmentColumns, type StoredAttachment } from './chat-attachments.ts';
import { loadChannel } from './chat.ts';
import { recordEvent } from './domain-events.ts';
import { resolveChatMentions } from './mentions.ts';
import { admitAttempt } from './rate-limit.ts';

/**
 * The messages of member chat: a channel's history, writing, editing and deleting. The channels themselves are in
 * `chat.ts`; who may do what is in server/policies/chat.ts. Live delivery reads a message through
 * `liveMessageFor`: database triggers announce every message written, edited or deleted when it commits (server/live).
 */

const me = alias(chatChannelMembers, 'me');

const messageColumns = {
  m: chatMessages,
  sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
};

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
  const { membership } = await loadChannel(db, actor, id, 'read');
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
 * A member writes in a channel: in one transaction, the channel is checked (a member; in a direct conversation,
 * still connected), the reply's target found in it, the message counted against the member's sending limit (429
 * with Retry-After when over it), then stored.
 */
export async function postMessage(
  db: Db,
  actor: Pick<Actor, 'id' | 'role'>,
  id: string,
  data: { content: string; replyToId?: string | null; attachment?: StoredAttachment | null },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { membership } = await loadChannel(tx, actor, id, 'post');
    if (data.replyToId) {
      const [target] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, data.replyToId), eq(chatMessages.channelId, id)));
      const message = 'You can only reply to a message of this conversation.';
      if (!target) throw new AppError('validation_failed', message, { issues: [{ path: 'replyToId', message }] });
    }
    const admission = await admitAttempt(tx, [{ key: `chat:${actor.id}`, max: CHAT_LIMITS.messagesPerWindow, windowMs: CHAT_LIMITS.messageWindowMs }], now);
    if (!admission.admitted) throw new AppError('rate_limited', CHAT_MESSAGES.rateLimited, { headers: { 'Retry-After': String(admission.retryAfter) } });
    // mentions of members outside a private channel become plain text; its members named are told
    const mentions = await resolveChatMentions(tx, actor, id, data.content);
    // announced to the channel's members on commit (live_notify)
    const [row] = await tx
      .insert(chatMessages)
      .values({
        channelId: id,
        senderId: actor.id,
        content: mentions.text,
        replyToId: data.replyToId ?? null,
        ...attachmentColumns(data.attachment),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: chatMessages.id });
    const posted = { messageId: row.id, channelId: id, senderId: actor.id, replyToId: data.replyToId ?? null };
    await recordEvent(tx, 'chat.message_posted', posted, { entityId: row.id, actorId: actor.id, at: now });
    await mentions.notify(now);
    return presentMessage(actor, await readMessage(tx, row.id), membership);
  });
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
  if (!row) throw new AppError('not_found', 'Message not found.');
  const membership: Membership = row.role ? { role: row.role } : null;
  authorize(messageViewPermission(row.c, membership));
  return { message: row.m, membership };
}

/** The author edits their own message while it is not deleted; it is marked edited. */
export async function editMessage(db: Db, actor: Pick<Actor, 'id' | 'role'>, id: string, content: string, now: Date) {
  return db.transaction(async (tx) => {
    const { message, membership } = await loadMessage(tx, actor, id);
    authorize(messagePermission(actor, 'edit', message, membership));
    // only the members the edit newly mentions are told
    const mentions = await resolveChatMentions(tx, actor, message.channelId, content, message.content);
    await tx.update(chatMessages).set({ content: mentions.text, isEdited: true, updatedAt: now }).where(eq(chatMessages.id, id));
    await mentions.notify(now);
    return presentMessage(actor, await readMessage(tx, id), membership);
  });
}

/**
 * Deletes a message: its author, the channel's owner or an administrator. Its words are cleared and it keeps its
 * place, shown as deleted; deleting it again answers the same.
 */
export async function deleteMessage(db: Db, actor: Pick<Actor, 'id' | 'role'>, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const { message, membership } = await loadMessage(tx, actor, id);
    if (message.isDeleted) return presentMessage(actor, await readMessage(tx, id), membership);
    authorize(messagePermission(actor, 'delete', message, membership));
    await tx.update(chatMessages).set({ content: '', isDeleted: true, deletedAt: now, deletedById: actor.id, updatedAt: now }).where(eq(chatMessages.id, id));
    return presentMessage(actor, await readMessage(tx, id), membership);
  });
}
