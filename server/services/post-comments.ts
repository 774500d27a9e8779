import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { COMMUNITY_LIMITS } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import type { Comment, CommentCreate, CommentPage } from '../../common/schemas/conversations.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { communityPosts, postComments, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { COMMENT_MESSAGES, commentPermission, isCommentModeration, replyPermission } from '../policies/comments.ts';
import { POST_MESSAGES, postPermission } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { presentComment, type CommentRow } from '../presenters/comments.ts';
import { announceChange } from '../live/bus.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { awardPoints, reversePoints } from './gamification.ts';
import { notifyMember } from './notify.ts';
import { admitAttempt } from './rate-limit.ts';
import { FEED_AUDIENCE, notifyMentioned, resolveMentions } from './mentions.ts';
import { writerName } from './posts.ts';
import { reactionSummaries } from './reactions.ts';
import { listComments as listCommentPage } from './comment-lists.ts';

/** How often a member may comment: 60 times an hour, counted in the database like every other attempt limit. */
export const COMMENTING_LIMIT = { max: 60, windowMs: 3_600_000 } as const;
export const COMMENTING_LIMIT_MESSAGE = 'You are commenting too often. Please wait a while before commenting again.';

const commentColumns = {
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
};

/** The published post the actor may see (one hidden by a moderator only its author and the administrators do), or 404. */
async function publishedPost(db: Db | Tx, actor: Actor, postId: string, lock = false) {
  const q = db
    .select({
      id: communityPosts.id,
      title: communityPosts.title,
      authorId: communityPosts.authorId,
      createdAt: communityPosts.createdAt,
      hiddenAt: communityPosts.hiddenAt,
    })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, postId), eq(communityPosts.isPublished, true)));
  const [post] = await (lock ? q.for('update') : q);
  if (!post) throw new AppError('not_found', POST_MESSAGES.notFound);
  authorize(postPermission(actor, 'view', post));
  return post;
}

async function commentRow(db: Db | Tx, id: string): Promise<CommentRow | undefined> {
  const [row] = await db.select(commentColumns).from(postComments).innerJoin(users, eq(users.id, postComments.authorId)).where(eq(postComments.id, id));
  return row;
}

/** One page of a post's conversation (server/services/comment-lists.ts), or 404 when the viewer may not see the post. */
export const listComments = (db: Db, actor: Actor, postId: string, q: PageQuery): Promise<CommentPage> =>
  listCommentPage(db, actor, postId, q, () => publishedPost(db, actor, postId));

/**
 * The posts' comment counts and latest activity, set from their comments that are neither deleted nor hidden by a
 * moderator (so the count shown never gives a hidden comment away), in the caller's transaction.
 */
export async function refreshPostActivity(tx: Tx, postIds: string[]): Promise<void> {
  if (!postIds.length) return;
  const live = sql`from ${postComments} c where c.post_id = ${communityPosts.id} and c.deleted_at is null and c.hidden_at is null`;
  await tx
    .update(communityPosts)
    .set({
      commentCount: sql`(select count(*)::int ${live})`,
      lastActivityAt: sql`greatest(${communityPosts.createdAt}, (select max(c.created_at) ${live}))`,
    })
    .where(inArray(communityPosts.id, postIds));
}

/**
 * Adds a comment or a reply (to a top-level comment of the same post that is not deleted; a reply to a reply is
 * refused). One transaction writes it, keeps the post's count and latest activity, awards its points (never on
 * one's own post; at most three a London day), tells the post's author of a comment and a comment's author of a
 * reply (never of their own), tells the members it mentions (server/services/mentions.ts; not those this comment
 * already told, nor anyone while a moderator hides the post), and records the event.
 */
export async function createComment(db: Db, actor: Actor, postId: string, data: CommentCreate, now: Date): Promise<Comment> {
  const admission = await admitAttempt(db, [{ key: `comment:${actor.id}`, ...COMMENTING_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', COMMENTING_LIMIT_MESSAGE, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const post = await publishedPost(tx, actor, postId, true);
    let parentAuthorId: string | null = null;
    if (data.parentId) {
      const [parent] = await tx
        .select({ authorId: postComments.authorId, parentId: postComments.parentId, deletedAt: postComments.deletedAt, hiddenAt: postComments.hiddenAt })
        .from(postComments)
        .where(and(eq(postComments.id, data.parentId), eq(postComments.postId, postId)));
      authorize(replyPermission(actor, parent));
      parentAuthorId = parent?.authorId ?? null;
    }
    const mentions = await resolveMentions(tx, actor, data.content, { ...FEED_AUDIENCE, maxLength: COMMUNITY_LIMITS.commentContent.max });
    await tx.insert(postComments).values({ id, postId, authorId: actor.id, parentId: data.parentId ?? null, content: mentions.text, createdAt: now });
    await tx
      .update(communityPosts)
      .set({ commentCount: sql`${communityPosts.commentCount} + 1`, lastActivityAt: sql`greatest(${communityPosts.lastActivityAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(communityPosts.id, postId));
    if (post.authorId !== actor.id)
      await awardPoints(tx, { userId: actor.id, activity: 'comment_created', referenceId: id, reason: `Community comment: ${post.title.slice(0, 80)}` }, now);
    const me = await writerName(tx, actor.id);
    const meta = { entity: { type: 'post_comment', id }, at: now, actorId: actor.id };
    const about = { commenter: me, postId, postTitle: post.title };
    if (parentAuthorId) await notifyMember(tx, parentAuthorId, 'comment_reply', about, meta);
    // the post's author hears of every comment, unless the reply already told them
    if (post.authorId !== parentAuthorId) await notifyMember(tx, post.authorId, 'post_comment', about, meta);
    const mentioned = mentions.mentionedIds.filter((m) => m !== post.authorId && m !== parentAuthorId);
    if (mentioned.length && !post.hiddenAt) await notifyMentioned(tx, mentioned, 'mention', mentionAbout(me, post), mentionMeta(post.id, actor, now));
    // other members' open feeds refresh (nothing is said of a post hidden from them)
    if (!post.hiddenAt) await announceChange(tx, 'post');
    await recordEvent(
      tx,
      'comment.created',
      { commentId: id, postId, authorId: actor.id, parentId: data.parentId ?? null },
      { entityId: id, actorId: actor.id, at: now },
    );
  });
  return presentComment(actor, (await commentRow(db, id))!, []);
}

const mentionAbout = (me: { firstName: string; lastName: string }, post: { id: string; title: string }) => ({
  mentioner: me,
  where: 'comment' as const,
  postId: post.id,
  postTitle: post.title,
});
const mentionMeta = (postId: string, actor: Actor, now: Date) => ({ entity: { type: 'community_post', id: postId }, at: now, actorId: actor.id });

/**
 * A comment locked for a change, with its post; 404 when missing, deleted, on an unpublished post, or hidden from
 * the actor (the comment policy's `view`).
 */
async function lockedComment(tx: Tx, actor: Actor, id: string) {
  const [c] = await tx.select().from(postComments).where(eq(postComments.id, id)).for('update');
  if (!c) throw new AppError('not_found', COMMENT_MESSAGES.notFound);
  authorize(commentPermission(actor, 'view', c));
  const post = await publishedPost(tx, actor, c.postId);
  return { comment: c, post };
}

/** Its author rewrites a comment; it is marked edited. Only the members it newly mentions are told. */
export async function editComment(db: Db, actor: Actor, id: string, content: string, now: Date): Promise<Comment> {
  await db.transaction(async (tx) => {
    const { comment, post } = await lockedComment(tx, actor, id);
    authorize(commentPermission(actor, 'edit', comment));
    const mentions = await resolveMentions(tx, actor, content, { ...FEED_AUDIENCE, previousText: comment.content, maxLength: COMMUNITY_LIMITS.commentContent.max });
    await tx.update(postComments).set({ content: mentions.text, editedAt: now }).where(eq(postComments.id, id));
    if (mentions.mentionedIds.length && !post.hiddenAt && !comment.hiddenAt)
      await notifyMentioned(tx, mentions.mentionedIds, 'mention', mentionAbout(await writerName(tx, actor.id), post), mentionMeta(post.id, actor, now));
    if (!post.hiddenAt && !comment.hiddenAt) await announceChange(tx, 'post');
  });
  const row = (await commentRow(db, id))!;
  return presentComment(actor, row, (await reactionSummaries(db, actor.id, 'comment', [id])).get(id) ?? []);
}

/**
 * Deletes a comment: its author, or an administrator moderating (audited). A top-level comment with replies keeps
 * its place without its words or reactions; anything else is removed, and a deleted top-level comment whose last
 * reply goes is removed with it. The post's count and latest activity follow, and the comment's points are taken back.
 */
export async function deleteComment(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ postId: postComments.postId }).from(postComments).where(eq(postComments.id, id));
    if (!found) throw new AppError('not_found', COMMENT_MESSAGES.notFound);
    // the post first, then the comment: the same order as adding one, so two changes to one post never deadlock
    await tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, found.postId)).for('update');
    const { comment } = await lockedComment(tx, actor, id);
    authorize(commentPermission(actor, 'delete', comment));
    const [{ replies }] = await tx.select({ replies: count() }).from(postComments).where(eq(postComments.parentId, id));
    if (replies > 0) {
      await tx.update(postComments).set({ content: '', deletedAt: now }).where(eq(postComments.id, id));
      await tx.execute(sql`delete from comment_reactions where comment_id = ${id}`);
    } else {
      await tx.delete(postComments).where(eq(postComments.id, id));
      if (comment.parentId)
        await tx.execute(
          sql`delete from post_comments p where p.id = ${comment.parentId} and p.deleted_at is not null and not exists (select 1 from post_comments r where r.parent_id = p.id)`,
        );
    }
    await refreshPostActivity(tx, [comment.postId]);
    await reversePoints(tx, comment.authorId, 'comment_created', id, now);
    await announceChange(tx, 'post');
    if (isCommentModeration(actor, comment)) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'post_comment.delete',
        entityType: 'post_comment',
        entityId: id,
        before: { postId: comment.postId, authorId: comment.authorId, excerpt: comment.content.slice(0, 80), hadReplies: replies > 0 },
        at: now,
      });
    }
  });
}
