import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { REACTION_NAMES_SHOWN, REACTIONS, type Reaction, type ReactionSummary } from '../../common/schemas/conversations.ts';
import type { Db, Tx } from '../db/client.ts';
import { commentReactions, communityPosts, postComments, postReactions, users } from '../db/schema/index.ts';
import { announceChange } from '../live/bus.ts';
import type { Actor } from '../policies/roles.ts';
import { authorize } from '../policies/authorize.ts';
import { COMMENT_MESSAGES, commentPermission } from '../policies/comments.ts';
import { POST_MESSAGES, postPermission } from '../policies/posts.ts';

/** What a reaction is left on: a post or a comment. */
export type ReactionTarget = 'post' | 'comment';

const tables = {
  post: { table: postReactions, target: postReactions.postId, user: postReactions.userId, emoji: postReactions.emoji, at: postReactions.createdAt },
  comment: { table: commentReactions, target: commentReactions.commentId, user: commentReactions.userId, emoji: commentReactions.emoji, at: commentReactions.createdAt },
} as const;

const emojiOrder = (e: string) => REACTIONS.indexOf(e as Reaction);

/**
 * The reactions on each of a page's posts or comments, read in one grouped query: per target and emoji, how many,
 * whether the viewer is among them and the first reactors' names (in the order they reacted). Targets without
 * reactions map to an empty list; each list is in the order of REACTIONS.
 */
export async function reactionSummaries(db: Db | Tx, viewerId: string, kind: ReactionTarget, ids: readonly string[]): Promise<Map<string, ReactionSummary[]>> {
  const out = new Map<string, ReactionSummary[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const t = tables[kind];
  const rows = await db
    .select({
      targetId: t.target,
      emoji: t.emoji,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${t.user} = ${viewerId})`,
      names: sql<string[]>`(array_agg(${users.firstName} || ' ' || ${users.lastName} order by ${t.at}, ${t.user}))[1:${sql.raw(String(REACTION_NAMES_SHOWN))}]`,
    })
    .from(t.table)
    .innerJoin(users, eq(users.id, t.user))
    .where(inArray(t.target, [...ids]))
    .groupBy(t.target, t.emoji);
  for (const r of rows) out.get(r.targetId)?.push({ emoji: r.emoji as Reaction, count: r.count, mine: r.mine, names: r.names });
  for (const list of out.values()) list.sort((a, b) => emojiOrder(a.emoji) - emojiOrder(b.emoji));
  return out;
}

/**
 * The reactions on a post or comment as one column of the statement that reads it (the feed's page, the pinned
 * posts, one post, a page of comments and their replies): the same summary as `reactionSummaries`, per emoji how
 * many, whether the viewer is among them and the first reactors' names, aggregated to JSON in a subquery per row, so
 * a page and its reactions are one statement. The list is in the order of REACTIONS once read (`inReactionOrder`).
 */
function reactionsColumn(kind: ReactionTarget, viewerId: SQL, targetId: SQLWrapper): SQL<ReactionSummary[]> {
  const t = tables[kind];
  return sql<ReactionSummary[]>`(select coalesce(json_agg(json_build_object('emoji', x.emoji, 'count', x.n, 'mine', x.mine, 'names', x.names)), '[]'::json)
    from (select ${t.emoji} as emoji, count(*)::int as n, bool_or(${t.user} = ${viewerId}) as mine,
      (array_agg(${users.firstName} || ' ' || ${users.lastName} order by ${t.at}, ${t.user}))[1:${sql.raw(String(REACTION_NAMES_SHOWN))}] as names
      from ${t.table} inner join ${users} on ${users.id} = ${t.user}
      where ${t.target} = ${targetId}
      group by ${t.emoji}) x)`;
}

/** A post's reactions as a column of the statement reading the post (`reactionsColumn`). */
export const postReactionsColumn = (viewerId: SQL): SQL<ReactionSummary[]> => reactionsColumn('post', viewerId, communityPosts.id);

/** A comment's reactions as a column of the statement reading the comment, `commentId` its id there (`reactionsColumn`). */
export const commentReactionsColumn = (viewerId: SQL, commentId: SQLWrapper): SQL<ReactionSummary[]> => reactionsColumn('comment', viewerId, commentId);

/** A summary read as JSON (postReactionsColumn), in the order of REACTIONS. */
export function inReactionOrder(list: ReactionSummary[] | null | undefined): ReactionSummary[] {
  return [...(list ?? [])].sort((a, b) => emojiOrder(a.emoji) - emojiOrder(b.emoji));
}

/**
 * Checks the post or comment can be reacted to: a published post, or a comment that is not deleted on one (else
 * 404). Content hidden by a moderator is not found by those it is hidden from, and refused (409) to its author and
 * the administrators, who still see it.
 */
async function assertReactable(db: Db, actor: Actor, kind: ReactionTarget, id: string): Promise<void> {
  if (kind === 'post') {
    const [post] = await db
      .select({ authorId: communityPosts.authorId, hiddenAt: communityPosts.hiddenAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true)));
    if (!post) throw new AppError('not_found', POST_MESSAGES.notFound);
    authorize(postPermission(actor, 'react', post));
    return;
  }
  const [comment] = await db
    .select({
      authorId: postComments.authorId,
      parentId: postComments.parentId,
      deletedAt: postComments.deletedAt,
      hiddenAt: postComments.hiddenAt,
      post: { authorId: communityPosts.authorId, hiddenAt: communityPosts.hiddenAt },
    })
    .from(postComments)
    .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
    .where(and(eq(postComments.id, id), isNull(postComments.deletedAt), eq(communityPosts.isPublished, true)));
  if (!comment) throw new AppError('not_found', COMMENT_MESSAGES.notFound);
  authorize(commentPermission(actor, 'react', comment, comment.post));
}

/**
 * Leaves (`on`) or takes back a reaction of the member. Idempotent: leaving one twice keeps one (the primary key
 * holds one of each emoji per member), taking back one that is not there changes nothing. Answers the target's
 * reactions as they now stand.
 */
export async function setReaction(db: Db, actor: Actor, kind: ReactionTarget, id: string, emoji: Reaction, on: boolean, now: Date): Promise<ReactionSummary[]> {
  await assertReactable(db, actor, kind, id);
  const t = tables[kind];
  if (on && kind === 'post') await db.insert(postReactions).values({ postId: id, userId: actor.id, emoji, createdAt: now }).onConflictDoNothing();
  else if (on) await db.insert(commentReactions).values({ commentId: id, userId: actor.id, emoji, createdAt: now }).onConflictDoNothing();
  else await db.delete(t.table).where(and(eq(t.target, id), eq(t.user, actor.id), eq(t.emoji, emoji)));
  // other members' open feeds refresh (hidden content is never reacted to)
  await announceChange(db, 'post');
  return (await reactionSummaries(db, actor.id, kind, [id])).get(id) ?? [];
}

/** A member's reactions on posts and comments, for their data export. */
export async function reactionsOf(db: Db, userId: string) {
  const t = tables;
  const onPosts = await db
    .select({ postId: t.post.target, emoji: t.post.emoji, createdAt: t.post.at })
    .from(t.post.table)
    .where(eq(t.post.user, userId))
    .orderBy(asc(t.post.at));
  const onComments = await db
    .select({ commentId: t.comment.target, emoji: t.comment.emoji, createdAt: t.comment.at })
    .from(t.comment.table)
    .where(eq(t.comment.user, userId))
    .orderBy(asc(t.comment.at));
  return { onPosts, onComments };
}
