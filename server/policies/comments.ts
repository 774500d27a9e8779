import type { z } from 'zod';
import type { commentAbilitiesSchema } from '../../common/schemas/conversations.ts';
import { badRequest, conflict, forbidden, notFound, type Permission } from './authorize.ts';
import { POST_MESSAGES, seesContent, type PostFacts } from './posts.ts';
import { isAdmin, type Actor } from './roles.ts';

export type CommentAbilities = z.infer<typeof commentAbilitiesSchema>;

/** What the policy needs of a comment. */
export interface CommentFacts {
  authorId: string;
  parentId: string | null;
  deletedAt: Date | null;
  /** Hidden by a moderator; absent means not hidden. */
  hiddenAt?: Date | null;
}

/**
 * Every member reads and writes comments; one hidden by a moderator only its author and the administrators see
 * (server/policies/posts.ts `visibleContentSql`). A comment is edited by its author alone (an administrator moderates
 * by hiding or deleting, never by rewriting someone's words) and deleted by its author or an administrator. Only a
 * top-level comment is replied to (one level of replies); a deleted comment is no longer edited, deleted, replied
 * to or reacted to; a hidden one is no longer replied to or reacted to. A member reports someone else's comment
 * that is neither deleted nor hidden.
 */
export function commentAbilities(actor: Actor, comment: CommentFacts): CommentAbilities {
  const live = comment.deletedAt === null;
  const shown = live && !comment.hiddenAt;
  const own = comment.authorId === actor.id;
  return {
    edit: live && own,
    delete: live && (own || isAdmin(actor)),
    reply: shown && comment.parentId === null,
    react: shown,
    report: shown && !own,
  };
}

/** Whether deleting this comment is moderation (an administrator removing someone else's comment), which is audited. */
export function isCommentModeration(actor: Actor, comment: Pick<CommentFacts, 'authorId'>): boolean {
  return comment.authorId !== actor.id && isAdmin(actor);
}

/** The refusals a member reads about a comment. */
export const COMMENT_MESSAGES = {
  notFound: 'Comment not found.',
  replyOnlyTopLevel: 'You can only reply to a comment on this post that is not itself a reply.',
  editOwn: 'You can only edit your own comments.',
  deleteOwn: 'You can only delete your own comments.',
  reportOwn: 'You cannot report your own comment.',
  reportHidden: 'This comment is already hidden.',
  hiddenNoReactions: POST_MESSAGES.hiddenNoReactions,
} as const;

export type CommentAction = 'view' | 'edit' | 'delete' | 'react' | 'report';

/**
 * Whether the actor may act on a comment now. A deleted comment, or one hidden from the actor or on a post hidden
 * from them (`post`, when the caller has it), does not exist (404). Editing and deleting what the abilities leave
 * out is refused (403); reporting one's own comment or one already hidden is a conflict (409), and so is reacting
 * to a comment, or on a post, hidden by a moderator (those who still see it are told why).
 */
export function commentPermission(actor: Actor, action: CommentAction, comment: CommentFacts, post?: PostFacts): Permission {
  const hidden = { authorId: comment.authorId, hiddenAt: comment.hiddenAt ?? null };
  const postRow = post && { authorId: post.authorId, hiddenAt: post.hiddenAt ?? null };
  if (comment.deletedAt || !seesContent(actor, hidden) || (postRow && !seesContent(actor, postRow))) return notFound(COMMENT_MESSAGES.notFound);
  const can = commentAbilities(actor, comment);
  switch (action) {
    case 'view':
      return 'ok';
    case 'edit':
      return can.edit ? 'ok' : forbidden(COMMENT_MESSAGES.editOwn);
    case 'delete':
      return can.delete ? 'ok' : forbidden(COMMENT_MESSAGES.deleteOwn);
    case 'react':
      if (hidden.hiddenAt || postRow?.hiddenAt) return conflict(COMMENT_MESSAGES.hiddenNoReactions);
      return can.react ? 'ok' : notFound(COMMENT_MESSAGES.notFound);
    case 'report':
      if (can.report) return 'ok';
      return conflict(comment.authorId === actor.id ? COMMENT_MESSAGES.reportOwn : COMMENT_MESSAGES.reportHidden);
  }
}

/**
 * Whether a new comment may answer `parent`: only a top-level comment of the same post that is neither deleted nor
 * hidden (one level of replies). A parent that is not there (or on another post) is the same bad request.
 */
export function replyPermission(actor: Actor, parent: CommentFacts | undefined): Permission {
  return parent && commentAbilities(actor, parent).reply ? 'ok' : badRequest(COMMENT_MESSAGES.replyOnlyTopLevel);
}
