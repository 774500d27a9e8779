import type { z } from 'zod';
import type { postAbilitiesSchema } from '../../common/schemas/community.ts';
import { isAdmin, type Actor } from './roles.ts';

export type PostAbilities = z.infer<typeof postAbilitiesSchema>;

/**
 * Every member reads the whole feed. A post is edited by its author alone (an administrator moderates by
 * deleting, never by rewriting someone's words); it is deleted by its author, or by an administrator (admin or
 * master-admin) moderating the feed; nobody else.
 */
export function postAbilities(actor: Actor, post: { authorId: string }): PostAbilities {
  return { delete: post.authorId === actor.id || isAdmin(actor), edit: post.authorId === actor.id };
}

/** Whether deleting this post is moderation (an administrator removing someone else's post), which is audited. */
export function isModeration(actor: Actor, post: { authorId: string }): boolean {
  return post.authorId !== actor.id && isAdmin(actor);
}
