import type { z } from 'zod';
import type { commentAbilitiesSchema } from '../../common/schemas/conversations.ts';
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
