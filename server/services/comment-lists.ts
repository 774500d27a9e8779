import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CommentPage, ReactionSummary } from '../../common/schemas/conversations.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { communityPosts, postComments, users } from '../db/schema/index.ts';
import { keysetColumns, keysetCondition, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import { seesHiddenContent, visibleContentSql } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { presentThreads, type CommentRow } from '../presenters/comments.ts';
import { commentReactionsColumn, inReactionOrder } from './reactions.ts';

/** Top-level comments oldest first; `post_comments_post_top_idx` holds this order for each post. */
const THREAD_ORDER: KeyOrder = [{ expr: postComments.createdAt }, { expr: postComments.id }];

const reply = alias(postComments, 'reply');
const replyAuthor = alias(users, 'reply_author');

/** A reply as its JSON column carries it (dates as text). */
type ReplyJson = Omit<CommentRow, 'createdAt' | 'editedAt' | 'deletedAt' | 'hiddenAt'> & {
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  hiddenAt: string | null;
  reactions: ReactionSummary[] | null;
};

const at = (text: string | null) => (text === null ? null : new Date(text));

/**
 * The statement's parameters: the post, the viewer (whose reactions are "mine", and who sees their own hidden
 * comments), the page's size and position.
 */
const param = {
  post: sql`${sql.placeholder('postId')}::uuid`,
  viewer: sql`${sql.placeholder('viewerId')}::uuid`,
};

/**
 * The comments the viewer is shown (for an administrator all; for a member, those no moderator hid and their own),
 * and for top-level comments also a hidden one that still has a reply they can see (it keeps its place, blank).
 */
function shownTopLevel(actor: Actor): SQL {
  const visible = visibleContentSql(actor, postComments.hiddenAt, postComments.authorId, param.viewer);
  const replySeen = visibleContentSql(actor, sql`r.hidden_at`, sql`r.author_id`, param.viewer);
  return sql`(${visible} or exists (select 1 from ${postComments} r where r.parent_id = ${postComments.id} and ${replySeen}))`;
}

/** The page's top-level comments of the post, when the viewer may see the post (published; hidden only to its author and admins). */
function topLevelWhere(actor: Actor): SQL {
  const postSeen = visibleContentSql(actor, communityPosts.hiddenAt, communityPosts.authorId, param.viewer);
  return and(
    eq(postComments.postId, param.post),
    isNull(postComments.parentId),
    shownTopLevel(actor),
    sql`exists (select 1 from ${communityPosts} where ${communityPosts.id} = ${param.post} and ${communityPosts.isPublished} and ${postSeen})`,
  )!;
}

/** Each top-level comment's replies the viewer is shown, oldest first, with their authors and reactions, as JSON. */
function repliesColumn(actor: Actor): SQL<ReplyJson[]> {
  const seen = visibleContentSql(actor, reply.hiddenAt, reply.authorId, param.viewer);
  return sql<ReplyJson[]>`(select coalesce(json_agg(json_build_object(
      'id', ${reply.id}, 'postId', ${reply.postId}, 'parentId', ${reply.parentId}, 'authorId', ${reply.authorId},
      'authorName', ${replyAuthor.firstName} || ' ' || ${replyAuthor.lastName}, 'authorPicture', ${replyAuthor.profilePicture},
      'content', ${reply.content}, 'createdAt', ${reply.createdAt}, 'editedAt', ${reply.editedAt}, 'deletedAt', ${reply.deletedAt},
      'hiddenAt', ${reply.hiddenAt}, 'reactions', ${commentReactionsColumn(param.viewer, reply.id)}
    ) order by ${reply.createdAt}, ${reply.id}), '[]'::json)
    from ${postComments} as ${sql.identifier('reply')} inner join ${users} as ${sql.identifier('reply_author')} on ${replyAuthor.id} = ${reply.authorId}
    where ${reply.parentId} = ${postComments.id} and ${seen})`;
}

/**
 * One page of a post's conversation as one prepared statement per way of reading it (from the start, by offset,
 * after or before a cursor) and per kind of viewer (a member; an administrator, who sees hidden comments): the
 * top-level comments with their authors, their reactions, their replies (each with its author and reactions) and,
 * in an uncorrelated subquery PostgreSQL runs once, how many top-level comments the viewer is shown. The post's own
 * visibility is a condition of the same statement, so a post the viewer may not see reads no rows.
 */
function pagePrepared(db: Db, actor: Actor, plan: KeysetPlan) {
  const all = seesHiddenContent(actor);
  return prepared(db, `comments_page_${plan.mode}${plan.offset ? '_offset' : ''}${all ? '_all' : ''}`, () => {
    const position = plan.mode === 'first' ? undefined : keysetCondition(THREAD_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1')]);
    const where = topLevelWhere(actor);
    const query = db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        parentId: postComments.parentId,
        authorId: postComments.authorId,
        authorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        authorPicture: users.profilePicture,
        content: postComments.content,
        createdAt: postComments.createdAt,
        editedAt: postComments.editedAt,
        deletedAt: postComments.deletedAt,
        hiddenAt: postComments.hiddenAt,
        reactions: commentReactionsColumn(param.viewer, postComments.id),
        replies: repliesColumn(actor),
        total: sql<number>`(select count(*)::int from ${postComments} where ${where})`,
        ...keysetColumns(THREAD_ORDER),
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .where(and(where, position))
      .orderBy(...plan.orderBy)
      .limit(sql.placeholder('limit'));
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
}

/** How many top-level comments of the post the viewer is shown, for a page that read no rows past the first. */
async function countTopLevel(db: Db, actor: Actor, postId: string): Promise<number> {
  const [{ n }] = await prepared(db, `comments_count${seesHiddenContent(actor) ? '_all' : ''}`, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(postComments)
      .where(topLevelWhere(actor)),
  ).execute({ postId, viewerId: actor.id });
  return n;
}

/**
 * One page of a post's conversation: its top-level comments oldest first, paged by cursor, each with all its
 * replies oldest first and every comment's reactions, in one statement (`pagePrepared`). Comments hidden by a
 * moderator are shown to their author and the administrators only. A page with no rows asks `postSeen` whether
 * the post is there for the viewer at all (else the caller's 404) and, past the first page, counts the comments.
 */
export async function listComments(db: Db, actor: Actor, postId: string, q: PageQuery, postSeen: () => Promise<unknown>): Promise<CommentPage> {
  const read = (plan: KeysetPlan) =>
    pagePrepared(db, actor, plan).execute({ postId, viewerId: actor.id, limit: plan.limit, offset: plan.offset, k0: plan.values[0], k1: plan.values[1] });
  const page = await readKeysetPage(THREAD_ORDER, q, read);
  const { rows, ...position } = page;
  let total = rows[0]?.total ?? 0;
  if (!rows.length) {
    await postSeen();
    if (q.after || q.before || q.page > 1) total = await countTopLevel(db, actor, postId);
  }
  const replies: CommentRow[] = [];
  const reactions = new Map<string, ReactionSummary[]>();
  for (const row of rows) {
    reactions.set(row.id, inReactionOrder(row.reactions));
    for (const r of row.replies ?? []) {
      replies.push({ ...r, createdAt: new Date(r.createdAt), editedAt: at(r.editedAt), deletedAt: at(r.deletedAt), hiddenAt: at(r.hiddenAt) });
      reactions.set(r.id, inReactionOrder(r.reactions));
    }
  }
  return { items: presentThreads(actor, rows, replies, reactions), total, pageSize: q.pageSize, ...position };
}
