import type { z } from 'zod';
import type { commentAbilitiesSchema } from '../../common/schemas/conversations.ts';
import { isAdmin, type Actor } from './roles.ts';

export type CommentAbilities = z.infer<typeof commentAbilitiesSchema>;

/** What the policy needs of a comment. */
export interface CommentFacts {
  authorId: string;
  parentId: string | null;
  deletedAt: Date | null;
}

/**
 * Every member reads and writes comments. A comment is edited by its author alone (an administrator moderates by
 * deleting, never by rewriting someone's words) and deleted by its author or an administrator. Only a top-level
 * comment is replied to (one level of replies); a deleted comment is no longer edited, deleted, replied to or
 * reacted to.
 */
export function commentAbilities(actor: Actor, comment: CommentFacts): CommentAbilities {
  const live = comment.deletedAt === null;
  const own = comment.authorId === actor.id;
  return { edit: live && own, delete: live && (own || isAdmin(actor)), reply: live && comment.parentId === null, react: live };
}

/** Whether deleting this comment is moderation (an administrator removing someone else's comment), which is audited. */
export function isCommentModeration(actor: Actor, comment: Pick<CommentFacts, 'authorId'>): boolean {
  return comment.authorId !== actor.id && isAdmin(actor);
}
