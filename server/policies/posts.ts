import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { postAbilitiesSchema } from '../../common/schemas/community.ts';
import { conflict, notFound, permits, type Permission } from './authorize.ts';
import { isAdmin, type Actor } from './roles.ts';

export type PostAbilities = z.infer<typeof postAbilitiesSchema>;

/** What the policy needs of a post. */
export interface PostFacts {
  authorId: string;
  /** Hidden by a moderator; absent means not hidden. */
  hiddenAt?: Date | null;
}

/**
 * Every member reads the whole feed, except posts hidden by a moderator: those only their author and the
 * administrators see. A post is edited by its author alone (an administrator moderates by hiding or deleting,
 * never by rewriting someone's words); it is deleted by its author, or by an administrator (admin or
 * master-admin) moderating the feed; nobody else. Administrators pin and unpin posts. A member reports someone
 * else's post that is not hidden.
 */
export function postAbilities(actor: Actor, post: PostFacts): PostAbilities {
  const own = post.authorId === actor.id;
  return { delete: own || isAdmin(actor), edit: own, pin: isAdmin(actor), report: permits(postPermission(actor, 'report', post)) };
}

/** The refusals a member reads about a post, and about content hidden by a moderator. */
export const POST_MESSAGES = {
  notFound: 'Post not found.',
  reportOwn: 'You cannot report your own post.',
  reportHidden: 'This post is already hidden.',
  hiddenNoReactions: 'This is hidden by a moderator: it cannot be reacted to.',
} as const;

export type PostAction = 'view' | 'report' | 'react';

/**
 * Whether the actor may act on a published post now: a post hidden from them does not exist (404); nobody reports
 * their own post or one already hidden (409); hidden content is not reacted to, even by those who still see it
 * (409).
 */
export function postPermission(actor: Pick<Actor, 'id' | 'role'>, action: PostAction, post: PostFacts): Permission {
  const row = { authorId: post.authorId, hiddenAt: post.hiddenAt ?? null };
  if (!seesContent(actor, row)) return notFound(POST_MESSAGES.notFound);
  if (action === 'report') {
    if (post.authorId === actor.id) return conflict(POST_MESSAGES.reportOwn);
    return row.hiddenAt ? conflict(POST_MESSAGES.reportHidden) : 'ok';
  }
  if (action === 'react' && row.hiddenAt) return conflict(POST_MESSAGES.hiddenNoReactions);
  return 'ok';
}

/** Whether deleting this post is moderation (an administrator removing someone else's post), which is audited. */
export function isModeration(actor: Actor, post: { authorId: string }): boolean {
  return post.authorId !== actor.id && isAdmin(actor);
}

/** Whether the viewer sees everything a moderator hid (the administrators). */
export function seesHiddenContent(actor: Pick<Actor, 'role'>): boolean {
  return isAdmin(actor);
}

/**
 * The rows of a post or comment the viewer may see, as SQL over its `hidden_at` and `author_id`: everything for an
 * administrator; for a member, what is not hidden and what they wrote themselves.
 */
export function visibleContentSql(actor: Pick<Actor, 'id' | 'role'>, hiddenAt: SQLWrapper, authorId: SQLWrapper, viewerId: SQLWrapper = sql`${actor.id}::uuid`): SQL {
  if (seesHiddenContent(actor)) return sql`true`;
  return sql`(${hiddenAt} is null or ${authorId} = ${viewerId})`;
}

/** Whether the viewer may see this post or comment (the same rule as visibleContentSql, on a loaded row). */
export function seesContent(actor: Pick<Actor, 'id' | 'role'>, row: { authorId: string; hiddenAt: Date | null }): boolean {
  return !row.hiddenAt || row.authorId === actor.id || seesHiddenContent(actor);
}
