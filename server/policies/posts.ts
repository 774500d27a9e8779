import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { postAbilitiesSchema } from '../../common/schemas/community.ts';
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
  return { delete: own || isAdmin(actor), edit: own, pin: isAdmin(actor), report: !own && !post.hiddenAt };
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
