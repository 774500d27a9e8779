import { randomUUID } from 'node:crypto';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PostCategory } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import type { Post } from '../../common/schemas/community.ts';
import type { FeedOrder, PostEdit, ReactionSummary } from '../../common/schemas/conversations.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { forgetCounts, reusedCount } from '../db/reused-count.ts';
import { communityPosts, users } from '../db/schema/index.ts';
import { processImage } from '../lib/images.ts';
import { keyAt, keysetArray, keysetColumns, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { isModeration, postAbilities } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { admitAttempt } from './rate-limit.ts';
import { recordEvent } from './domain-events.ts';
import { reactionSummaries } from './reactions.ts';

export interface PostDeps {
  db: Db;
  storage: FileStorage;
}

/** A new post's fields, validated (postCreateSchema), and the uploaded image's bytes if there is one. */
export interface NewPost {
  title: string;
  content: string;
  category: PostCategory;
  image?: Buffer | null;
}

/** How often a member may post: 20 times an hour, counted in the database like every other attempt limit. */
export const POSTING_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
export const POSTING_LIMIT_MESSAGE = 'You are posting too often. Please wait a while before posting again.';

/** The address a post's image is served from (members only); the stored file's key never leaves the server. */
export const postImageUrl = (postId: string) => `/api/community-posts/${postId}/image`;

const postColumns = {
  id: communityPosts.id,
  title: communityPosts.title,
  content: communityPosts.content,
  category: communityPosts.category,
  imageKey: communityPosts.imageKey,
  authorId: communityPosts.authorId,
  createdAt: communityPosts.createdAt,
  editedAt: communityPosts.editedAt,
  lastActivityAt: communityPosts.lastActivityAt,
  commentCount: communityPosts.commentCount,
  authorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  authorPicture: users.profilePicture,
  authorJobTitle: users.jobTitle,
  authorCompany: users.company,
};
interface PostRow {
  id: string;
  title: string;
  content: string;
  category: string;
  imageKey: string | null;
  authorId: string;
  createdAt: Date;
  editedAt: Date | null;
  lastActivityAt: Date;
  commentCount: number;
  authorName: string;
  authorPicture: string | null;
  authorJobTitle: string | null;
  authorCompany: string | null;
}

function presentPost(actor: Actor, r: PostRow, reactions: ReactionSummary[]): Post {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category as PostCategory,
    imageUrl: r.imageKey ? postImageUrl(r.id) : null,
    authorId: r.authorId,
    authorName: r.authorName,
    authorPicture: r.authorPicture,
    authorJobTitle: r.authorJobTitle,
    authorCompany: r.authorCompany,
    createdAt: iso(r.createdAt),
    editedAt: iso(r.editedAt),
    lastActivityAt: iso(r.lastActivityAt),
    commentCount: r.commentCount,
    reactions,
    can: postAbilities(actor, r),
  };
}

export interface PostListQuery extends PageQuery {
  order?: FeedOrder;
  category?: PostCategory;
  authorId?: string;
}

/**
 * Newest first; `community_posts_feed_idx`, `community_posts_category_feed_idx` and `community_posts_author_idx`
 * (migration 0031) hold this order for the whole feed, a category, an author.
 */
const FEED_ORDER: KeyOrder = [
  { expr: communityPosts.createdAt, desc: true },
  { expr: communityPosts.id, desc: true },
];
/** "Latest activity": the post or its latest comment, latest first; `community_posts_activity_idx` (migration 0034) holds it. */
const ACTIVITY_ORDER: KeyOrder = [
  { expr: communityPosts.lastActivityAt, desc: true },
  { expr: communityPosts.id, desc: true },
];
const published = sql`${communityPosts.isPublished}`;

const feedRows = (db: Db, where: SQL | undefined, orderBy: SQL[], order: KeyOrder = FEED_ORDER) =>
  db
    .select({ ...postColumns, ...keysetColumns(order) })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(where)
    .orderBy(...orderBy);

const countPosts = async (db: Db, where: SQL | undefined) => (await db.select({ n: count() }).from(communityPosts).where(where))[0].n;

/**
 * One page of the feed, newest first, whole, by category or by one author, each post with its author and what the
 * viewer may do with it, and the cursors either side. The page is read in the order of the feed indexes, so no sort
 * and no more rows than the page (the whole feed as one prepared statement per way of reading it). The whole
 * feed's and a category's total read their whole index range, so they are reused for a few seconds (and dropped
 * when this process adds or deletes a post); an author's total is counted each time from the author index. The
 * total is never below the posts shown. The "Latest activity" order reads the same way from its own index. The
 * posts' reactions are read for the whole page in one grouped query.
 */
export async function listPosts(db: Db, actor: Actor, q: PostListQuery, now: Date) {
  const conditions: SQL[] = [published];
  if (q.category) conditions.push(eq(communityPosts.category, q.category));
  if (q.authorId) conditions.push(eq(communityPosts.authorId, q.authorId));
  const where = and(...conditions);
  const order = q.order === 'activity' ? ACTIVITY_ORDER : FEED_ORDER;
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(order) })
        .from(communityPosts)
        .where(where)
        .orderBy(...keysetOrderBy(order, 'first'))
        .limit(1)
        .offset(offset),
    );
  const read = (plan: KeysetPlan) =>
    q.category || q.authorId || order !== FEED_ORDER
      ? feedRows(db, and(where, plan.where), plan.orderBy, order).limit(plan.limit).offset(plan.offset)
      : feedPagePrepared(db, plan).execute({ limit: plan.limit, offset: plan.offset, k0: plan.values[0], k1: plan.values[1] });
  const total = q.authorId ? countPosts(db, where) : reusedCount(db, `feed:${q.category ?? 'all'}`, now, () => countPosts(db, where));
  const [page, counted] = await Promise.all([readKeysetPage(order, q, read, seek), total]);
  const before = pageOffset({ ...q, page: page.page });
  const reactions = await reactionSummaries(
    db,
    actor.id,
    'post',
    page.rows.map((r) => r.id),
  );
  return {
    items: page.rows.map((r) => presentPost(actor, r, reactions.get(r.id) ?? [])),
    total: Math.max(counted, page.rows.length ? before + page.rows.length : 0),
    page: page.page,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

/** The whole feed's page, one prepared statement per way of reading it (from the start, by offset, after or before a cursor). */
function feedPagePrepared(db: Db, plan: KeysetPlan) {
  return prepared(db, `feed_page_${plan.mode}${plan.offset ? '_offset' : ''}`, () => {
    const position = plan.mode === 'first' ? undefined : keysetCondition(FEED_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1')]);
    const query = feedRows(db, and(published, position), plan.orderBy).limit(sql.placeholder('limit'));
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
}

/**
 * One post as the viewer sees it in the feed (the feed's own rows, columns and visibility: published posts only),
 * or a 404; a notification's link to a post opens it this way.
 */
export async function getPost(db: Db, actor: Actor, id: string): Promise<Post> {
  const [row] = await feedRows(db, and(published, eq(communityPosts.id, id)), []).limit(1);
  if (!row) throw new AppError('not_found', 'Post not found.');
  return presentPost(actor, row, (await reactionSummaries(db, actor.id, 'post', [id])).get(id) ?? []);
}

/** Its author changes a post's title, words or category; it is marked edited (its image stays as it is). */
export async function editPost(db: Db, actor: Actor, id: string, data: PostEdit, now: Date): Promise<Post> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: communityPosts.authorId })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true)))
      .for('update');
    if (!post) throw new AppError('not_found', 'Post not found.');
    if (!postAbilities(actor, post).edit) throw new AppError('forbidden', 'You can only edit your own posts.');
    await tx
      .update(communityPosts)
      .set({ ...data, editedAt: now, updatedAt: now })
      .where(eq(communityPosts.id, id));
  });
  // a category total may have moved
  if (data.category) forgetCounts(db, 'feed:');
  return getPost(db, actor, id);
}

/**
 * Admits one posting attempt of the member within the posting limit, before any upload is read or image decoded;
 * a refused attempt answers 429 with how long to wait.
 */
export async function admitPosting(db: Db, actor: Actor, now: Date): Promise<void> {
  const admission = await admitAttempt(db, [{ key: `post:${actor.id}`, ...POSTING_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', POSTING_LIMIT_MESSAGE, { headers: { 'Retry-After': String(admission.retryAfter) } });
}

/**
 * Publishes a post. The image, if any, is checked and re-encoded (server/lib/images.ts) and stored first; then one
 * transaction writes the post and awards its points (at most three rewarded posts a London day) and any
 * achievement it completes. If that transaction fails the stored file is removed again; if the process dies in
 * between, the file stays behind unreferenced and is never served (docs/decisions/0016-uploaded-images.md).
 */
export async function createPost(deps: PostDeps, actor: Actor, data: NewPost, now: Date): Promise<Post> {
  const image = data.image?.length ? await processImage(data.image) : null;
  const key = image ? await deps.storage.put(image.bytes, image.extension) : null;
  const id = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(communityPosts).values({
        id,
        authorId: actor.id,
        title: data.title,
        content: data.content,
        category: data.category,
        imageKey: key,
        imageUrl: key ? postImageUrl(id) : null,
        createdAt: now,
        updatedAt: now,
      });
      await awardPoints(tx, { userId: actor.id, activity: 'post_created', referenceId: id, reason: `Community post: ${data.title.slice(0, 80)}` }, now);
      await checkAchievements(tx, actor.id, ['posts'], now);
      await recordEvent(tx, 'post.created', { postId: id, authorId: actor.id, category: data.category, hasImage: !!key }, { entityId: id, actorId: actor.id, at: now });
    });
  } catch (err) {
    if (key) await deps.storage.remove(key);
    throw err;
  }
  forgetCounts(deps.db, 'feed:');
  return getPost(deps.db, actor, id);
}

/** The stored image behind a post, for members to view; 404 when the post or its image is missing. */
export async function getPostImageKey(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ key: communityPosts.imageKey })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true)));
  if (!row?.key) throw new AppError('not_found', 'Image not found.');
  return row.key;
}

/**
 * Deletes a post: its author, or an administrator moderating (audited). One transaction removes the row and
 * takes back the points it earned; the stored image is removed once that has committed.
 */
export async function deletePost(deps: PostDeps, actor: Actor, id: string, now: Date): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    const [post] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id)).for('update');
    if (!post) throw new AppError('not_found', 'Post not found.');
    if (!postAbilities(actor, post).delete) throw new AppError('forbidden', 'You can only delete your own posts.');
    await tx.delete(communityPosts).where(eq(communityPosts.id, id));
    await reversePoints(tx, post.authorId, 'post_created', id, now);
    if (isModeration(actor, post)) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'community_post.delete',
        entityType: 'community_post',
        entityId: id,
        before: { title: post.title, category: post.category, authorId: post.authorId, hadImage: !!post.imageKey },
        at: now,
      });
    }
    await recordEvent(tx, 'post.deleted', { postId: id, authorId: post.authorId, moderated: isModeration(actor, post) }, { entityId: id, actorId: actor.id, at: now });
    return post.imageKey;
  });
  forgetCounts(deps.db, 'feed:');
  if (key) await deps.storage.remove(key);
}
