import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { commentReactions, communityPosts, contentReportReasons, contentReports, postComments, postReactions } from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import { refreshPostActivity } from '../../services/post-comments.ts';
import { reactionsOf } from '../../services/reactions.ts';
import type { ExportSection, PersonalColumn } from '../data-types.ts';

/** The member's comments, with the title of the post each is on, and their reactions. */
export const commentSections: ExportSection[] = [
  {
    file: 'comments.json',
    describe: 'your comments and replies on community posts, with the post’s title, and your reactions',
    async collect(db, userId) {
      const rows = await db
        .select({ c: postComments, postTitle: communityPosts.title })
        .from(postComments)
        .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
        .where(and(eq(postComments.authorId, userId), sql`${postComments.deletedAt} is null`))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));
      const reactions = await reactionsOf(db, userId);
      return {
        json: {
          comments: rows.map(({ c, postTitle }) => ({
            id: c.id,
            post: postTitle,
            isReply: c.parentId !== null,
            content: c.content,
            createdAt: iso(c.createdAt),
            editedAt: iso(c.editedAt),
          })),
          reactions: {
            onPosts: reactions.onPosts.map((r) => ({ postId: r.postId, emoji: r.emoji, createdAt: iso(r.createdAt) })),
            onComments: reactions.onComments.map((r) => ({ commentId: r.commentId, emoji: r.emoji, createdAt: iso(r.createdAt) })),
          },
        },
      };
    },
  },
];

const ADMIN_ID_ONLY = 'which administrator acted: an id only';

/** The member's reports of posts and comments: what they reported, why, and what became of the report. */
export const reportSections: ExportSection[] = [
  {
    file: 'reports.json',
    describe: 'your reports of community posts and comments, with your reasons',
    async collect(db, userId) {
      const rows = await db
        .select({ reason: contentReportReasons.reason, createdAt: contentReportReasons.createdAt, targetType: contentReports.targetType, status: contentReports.status })
        .from(contentReportReasons)
        .innerJoin(contentReports, eq(contentReports.id, contentReportReasons.reportId))
        .where(eq(contentReportReasons.reporterId, userId))
        .orderBy(asc(contentReportReasons.createdAt), asc(contentReportReasons.id));
      return { json: rows.map((r) => ({ reported: r.targetType, reason: r.reason, reportedAt: iso(r.createdAt), reportStatus: r.status })) };
    },
  },
];

export const commentPersonalTables: PersonalColumn[] = [
  { column: contentReportReasons.reporterId, file: 'reports.json', erase: 'deleted' },
  { column: contentReports.resolvedBy, notExported: 'an administrator’s decision on a report', erase: 'kept', reason: ADMIN_ID_ONLY },
  { column: postComments.hiddenBy, notExported: 'an administrator’s moderation of a comment', erase: 'kept', reason: ADMIN_ID_ONLY },
  { column: communityPosts.hiddenBy, notExported: 'an administrator’s moderation of a post', erase: 'kept', reason: ADMIN_ID_ONLY },
  { column: communityPosts.pinnedBy, notExported: 'an administrator pinning a post', erase: 'kept', reason: ADMIN_ID_ONLY },
  {
    column: postComments.authorId,
    file: 'comments.json',
    erase: 'anonymised',
    how: 'every comment loses its words; one with replies by other members keeps its place as "This comment was deleted", the rest are removed',
  },
  { column: postReactions.userId, file: 'comments.json', erase: 'deleted' },
  { column: commentReactions.userId, file: 'comments.json', erase: 'deleted' },
];

/**
 * Erases the member's part of the conversations: their reactions go; their comments lose their words, and are
 * removed unless other members replied to them (those keep their place, shown as deleted, so the replies still
 * read in order). A deleted comment left without replies goes too; each post touched gets its count and latest
 * activity again. Their own posts, and every comment on them, are removed with the posts. Their reports' reasons go.
 */
export async function eraseComments(tx: Tx, userId: string, now: Date) {
  await tx.delete(contentReportReasons).where(eq(contentReportReasons.reporterId, userId));
  await tx.delete(postReactions).where(eq(postReactions.userId, userId));
  await tx.delete(commentReactions).where(eq(commentReactions.userId, userId));
  const touched = await tx
    .update(postComments)
    .set({ content: '', deletedAt: sql`coalesce(${postComments.deletedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(postComments.authorId, userId))
    .returning({ postId: postComments.postId });
  await tx.execute(sql`delete from post_comments r where r.author_id = ${userId} and r.parent_id is not null`);
  await tx.execute(
    sql`delete from post_comments p where p.parent_id is null and p.deleted_at is not null and not exists (select 1 from post_comments r where r.parent_id = p.id)`,
  );
  await refreshPostActivity(tx, [...new Set(touched.map((t) => t.postId))]);
  return { commentsErased: touched.length };
}
