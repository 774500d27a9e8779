import { and, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_SEARCH_LIMITS } from '../../common/constants/chat-attachments.ts';
import type { ChatSearchPage } from '../../common/schemas/chat.ts';
import type { Db } from '../db/client.ts';
import { chatChannelMembers, chatChannels, chatMessages, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';

/**
 * Searching chat (docs/decisions/0040-chat-search-and-attachments.md): the messages, not deleted, of the channels
 * and direct conversations the member belongs to now, whose words contain the text in any case. Belonging is
 * part of the query itself (a join on the member's own membership), so a message of a channel they left or never
 * joined is never read. The match is answered by the trigram index of migration 0037; the results come newest
 * first, a page at a time, after the (created_at, id) of the last one seen.
 */

const me = alias(chatChannelMembers, 'me');
const other = alias(chatChannelMembers, 'other');
const otherUser = alias(users, 'other_user');

/** `%text%` with `%`, `_` and `\` taken literally. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A mention token `@[Name](user:<id>)` as it reads: `@Name`. */
const MENTION = /@\[([^\]\n]{1,200})\]\(user:[0-9a-fA-F-]{36}\)/g;

/**
 * The stretch of a message shown as a result: its words as they read (mentions as `@Name`, lines joined), cut to
 * about CHAT_SEARCH_LIMITS.snippet characters around the first match, with `…` where words were left out.
 */
export function snippetOf(content: string, q: string, width: number = CHAT_SEARCH_LIMITS.snippet): string {
  const text = content.replace(MENTION, '@$1').replace(/\s+/g, ' ').trim();
  if (text.length <= width) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(q.toLowerCase()));
  let start = Math.max(0, at - Math.floor((width - q.length) / 2));
  start = Math.min(start, text.length - width);
  const end = start + width;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export async function searchMessages(db: Db, actor: Pick<Actor, 'id'>, q: { q: string; before?: string; limit: number }): Promise<ChatSearchPage> {
  const conditions: SQL[] = [sql`not ${chatMessages.isDeleted}`, ilike(chatMessages.content, containing(q.q))];
  if (q.before) {
    // the cursor's own (created_at, id), read in SQL so no precision is lost on the way through JavaScript
    conditions.push(sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select b.created_at, b.id from ${chatMessages} b where b.id = ${q.before}::uuid)`);
  }
  const rows = await db
    .select({
      id: chatMessages.id,
      channelId: chatMessages.channelId,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      channelName: chatChannels.name,
      channelType: chatChannels.type,
      sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
      otherFirst: otherUser.firstName,
      otherLast: otherUser.lastName,
    })
    .from(chatMessages)
    // only the channels the member belongs to now
    .innerJoin(me, and(eq(me.channelId, chatMessages.channelId), eq(me.userId, actor.id)))
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(other, and(eq(chatChannels.type, 'direct'), eq(other.channelId, chatChannels.id), ne(other.userId, actor.id)))
    .leftJoin(otherUser, eq(otherUser.id, other.userId))
    .where(and(...conditions))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      channelId: r.channelId,
      // a direct conversation is named after the other member, as in the channel list
      channelName: r.channelType === 'direct' ? `${r.otherFirst ?? ''} ${r.otherLast ?? ''}`.trim() || 'Former member' : r.channelName,
      channelType: r.channelType as 'group' | 'direct',
      sender: r.sender,
      createdAt: iso(r.createdAt),
      snippet: snippetOf(r.content, q.q),
    })),
    nextBefore: rows.length > q.limit ? page[page.length - 1].id : null,
  };
}
