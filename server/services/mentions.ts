import { and, asc, eq, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MAX_MENTIONS_NOTIFIED, MENTION_SUGGESTIONS_MAX, MENTION_TOKEN_PATTERN, mentionToken, type MentionSuggestion } from '../../common/schemas/mentions.ts';
import { CHAT_LIMITS } from '../../common/constants/chat.ts';
import { AppError } from '../../common/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import { chatChannels, users } from '../db/schema/index.ts';
import type { NotificationParams, TemplatedKind } from '../features/notification-registry.ts';
import { channelReaderSql, seesChannelSql } from '../policies/chat.ts';
import { visibleMember } from '../policies/member-visibility.ts';
import type { Actor } from '../policies/roles.ts';
import { listedMember } from './members.ts';
import { memberNotificationInsert, type NotificationMeta } from './notify.ts';

/**
 * Mentions (common/schemas/mentions.ts): the writer names a member with the token `@[Name](user:<id>)`. Every
 * write that may carry mentions (a post, a comment, a chat message, a lead's discussion) passes its text through
 * `resolveMentions` inside its transaction, stores the text it answers and tells the members it names with
 * `notifyMentioned`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most distinct members one text may name and be looked up; further tokens read as plain text. */
const MAX_MENTIONS_LOOKED_UP = 50;

/** A member who may be mentioned: approved, active and not removed. */
const mentionable = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;

export interface MentionOptions {
  /** The text as it stood before an edit: members it already named are not told again. */
  previousText?: string | null;
  /**
   * Who may be told, as SQL over a member's id (say the members of a chat channel); members outside it keep their
   * link but are not told. Everyone the writer may see when left out.
   */
  audience?: (userId: SQLWrapper) => SQL;
  /** Members outside the audience lose their link too (a lead's discussion: those it is not shared with stay plain text). */
  plainOutsideAudience?: boolean;
  /**
   * Who keeps their link, as SQL over a member's id, when that is wider than the audience (say whoever a chat channel
   * exists for: a public group's non-members keep theirs, a private one's become plain text). Everyone when left out.
   */
  linked?: (userId: SQLWrapper) => SQL;
  /** The longest the stored text may be: a kept token carries the member's own name, which may be longer than the one typed. */
  maxLength?: number;
}

/**
 * Whom a mention on the feed (a post, a comment) may name: every member reads the feed, so only members listed in
 * the directory, whom every member may see. A mention of anyone else (a connection who keeps out of the directory,
 * say) stays plain text, even when the writer may see them.
 */
export const FEED_AUDIENCE: Pick<MentionOptions, 'audience' | 'plainOutsideAudience'> = { audience: () => listedMember, plainOutsideAudience: true };

export interface ResolvedMentions {
  /** The text to store: kept tokens carry the member's current name, the others are plain `@Name`. */
  text: string;
  /** The members to tell, in the order first named: not the writer, not already named before an edit, at most MAX_MENTIONS_NOTIFIED. */
  mentionedIds: string[];
}

/** The ids a stored text names (its tokens were resolved when it was written). */
export function mentionedIdsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(MENTION_TOKEN_PATTERN)].map((m) => m[2].toLowerCase()))];
}

/**
 * Checks each mention token of a text against who the writer may see (server/policies/member-visibility.ts) and
 * who may be mentioned at all (an approved, active member): a token naming such a member is kept (with their
 * current name), any other (a member the writer may not see, an unknown or closed account, a malformed id) is
 * rewritten to the plain text `@Name` and tells nobody. One query for the whole text.
 */
export async function resolveMentions(db: Db | Tx, actor: Pick<Actor, 'id' | 'role'>, text: string, opts: MentionOptions = {}): Promise<ResolvedMentions> {
  const tokens = [...text.matchAll(MENTION_TOKEN_PATTERN)];
  if (!tokens.length) return { text, mentionedIds: [] };
  const candidates = [...new Set(tokens.map((m) => m[2].toLowerCase()).filter((id) => UUID.test(id)))].slice(0, MAX_MENTIONS_LOOKED_UP);
  const found = candidates.length
    ? await db
        .select({
          id: users.id,
          name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          inAudience: opts.audience ? sql<boolean>`coalesce(${opts.audience(users.id)}, false)` : sql<boolean>`true`,
          linked: opts.linked ? sql<boolean>`coalesce(${opts.linked(users.id)}, false)` : sql<boolean>`true`,
        })
        .from(users)
        .where(and(inArray(users.id, candidates), mentionable, visibleMember(actor, users.id, listedMember)))
    : [];
  const byId = new Map(found.filter((f) => f.linked && (f.inAudience || !opts.plainOutsideAudience)).map((f) => [f.id.toLowerCase(), f]));
  const resolved = text.replace(MENTION_TOKEN_PATTERN, (_all, name: string, id: string) => {
    const member = byId.get(id.toLowerCase());
    return member ? mentionToken(member.name, member.id) : `@${name}`;
  });
  if (opts.maxLength !== undefined && resolved.length > opts.maxLength) {
    const message = `With the members' names written out this is over ${opts.maxLength.toLocaleString('en-GB')} characters. Please shorten it.`;
    throw new AppError('validation_failed', message, { issues: [{ path: 'content', message }] });
  }
  const before = new Set(mentionedIdsIn(opts.previousText));
  const mentionedIds = mentionedIdsIn(resolved)
    .filter((id) => id !== actor.id.toLowerCase() && !before.has(id) && byId.get(id)?.inAudience)
    .map((id) => byId.get(id)!.id)
    .slice(0, MAX_MENTIONS_NOTIFIED);
  return { text: resolved, mentionedIds };
}

/**
 * Tells each mentioned member (from `resolveMentions`) in the words of the kind's template, inside the caller's
 * transaction: `mention` for posts and comments, `chat_mention` for chat, the lead discussion's own kind for leads.
 * The writer is never told of their own act (`meta.actorId`).
 */
export async function notifyMentioned<K extends TemplatedKind>(
  tx: Db | Tx,
  mentionedIds: readonly string[],
  kind: K,
  params: NotificationParams<K>,
  meta: NotificationMeta,
) {
  for (const userId of mentionedIds) {
    const insert = memberNotificationInsert(tx, userId, kind, params, meta);
    if (insert) await insert;
  }
}

const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The members the writer may mention whose first or last name starts with `q` (any case), or, when `q` has a space,
 * whose first name starts with its first word and last name with the rest: approved and active, visible to the
 * writer (server/policies/member-visibility.ts), never the writer; by last then first name, at most
 * MENTION_SUGGESTIONS_MAX. The prefixes are read from the name indexes of migration 0036.
 */
export async function suggestMentions(db: Db, actor: Pick<Actor, 'id' | 'role'>, q: string): Promise<MentionSuggestion[]> {
  const words = q.trim().split(/\s+/);
  const first = sql`lower(${users.firstName})`;
  const last = sql`lower(${users.lastName})`;
  const byName =
    words.length > 1
      ? sql`(${first} like ${likePrefix(words[0])} and ${last} like ${likePrefix(words.slice(1).join(' '))})`
      : sql`(${first} like ${likePrefix(words[0])} or ${last} like ${likePrefix(words[0])})`;
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      picture: users.profilePicture,
      jobTitle: users.jobTitle,
      company: users.company,
    })
    .from(users)
    .where(and(byName, mentionable, isNull(users.removedAt), ne(users.id, actor.id), visibleMember(actor, users.id, listedMember)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(MENTION_SUGGESTIONS_MAX);
  return rows;
}

/** Whether a member may be named at all (for callers that check one member, like a lead's discussion). */
export async function isMentionable(db: Db | Tx, actor: Pick<Actor, 'id' | 'role'>, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), mentionable, visibleMember(actor, users.id, listedMember)));
  return !!row;
}

/**
 * Mentions in a chat message of a channel or conversation: only its members are told (`chat_mention`); a member
 * named who is not in it keeps their link in a public channel and becomes plain text in a private channel or a
 * direct conversation. Answers the text to store and the call that tells the newly mentioned, for the caller to
 * make inside the same transaction once the message is written.
 */
export async function resolveChatMentions(tx: Db | Tx, actor: Pick<Actor, 'id' | 'role'>, channelId: string, text: string, previousText?: string | null) {
  if (!text.includes('@[')) return { text, mentionedIds: [] as string[], notify: async (_now: Date) => {} };
  const [channel] = await tx.select({ name: chatChannels.name, type: chatChannels.type }).from(chatChannels).where(eq(chatChannels.id, channelId));
  // its members are told; whoever else it exists for (a public group's) keeps the link; anyone else reads plain text
  const resolved = await resolveMentions(tx, actor, text, {
    previousText,
    audience: (userId) => channelReaderSql(sql`${channelId}::uuid`, userId),
    linked: (userId) => seesChannelSql(sql`${channelId}::uuid`, userId),
    maxLength: CHAT_LIMITS.message.max,
  });
  const notify = async (now: Date) => {
    if (!resolved.mentionedIds.length || !channel) return;
    const [me] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
    const about = { mentioner: me, channelId, channelName: channel.type === 'direct' ? null : channel.name };
    await notifyMentioned(tx, resolved.mentionedIds, 'chat_mention', about, { entity: { type: 'chat_channel', id: channelId }, at: now, actorId: actor.id });
  };
  return { text: resolved.text, mentionedIds: resolved.mentionedIds, notify };
}
