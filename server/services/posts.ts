import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { COMMUNITY_LIMITS, type PostCategory } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import type { Post } from '../../common/schemas/community.ts';
import { MAX_PINNED_POSTS, type FeedOrder, type PostEdit, type ReactionSummary } from '../../common/schemas/conversations.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { forgetCounts, reusedCount } from '../db/reused-count.ts';
import { communityPosts, users } from '../db/schema/index.ts';
import { processImage } from '../lib/images.ts';
import { announceChange } from '../live/bus.ts';
import { keyAt, keysetArray, keysetColumns, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { isModeration, postAbilities, seesContent, seesHiddenContent, visibleContentSql } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { admitAttempt } from './rate-limit.ts';
import { recordEvent } from './domain-events.ts';
import { inReactionOrder, postReactionsColumn } from './reactions.ts';
import { FEED_AUDIENCE, notifyMentioned, resolveMentions } from './mentions.ts';

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
  pinnedAt: communityPosts.pinnedAt,
  hiddenAt: communityPosts.hiddenAt,
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
  pinnedAt: Date | null;
  hiddenAt: Date | null;
  authorName: string;
  authorPicture: string | null;
  authorJobTitle: string | null;
  authorCompany: string | null;
}

function presentPost(actor: Actor, r: PostRow & { reactions: ReactionSummary[] | null }): Post {
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
    reactions: inReactionOrder(r.reactions),
    pinnedAt: iso(r.pinnedAt),
    hidden: r.hiddenAt !== null,
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

/** The feed's rows with their authors and, in the same statement, their reactions as `viewer` sees them. */
const feedRows = (db: Db, viewer: SQL, where: SQL | undefined, orderBy: SQL[], order: KeyOrder = FEED_ORDER) =>
  db
    .select({ ...postColumns, reactions: postReactionsColumn(viewer), ...keysetColumns(order) })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(where)
    .orderBy(...orderBy);

const countPosts = async (db: Db, where: SQL | undefined) => (await db.select({ n: count() }).from(communityPosts).where(where))[0].n;

/** What the shared totals count, the same for every viewer: posts no moderator hid. */
const notHidden = isNull(communityPosts.hiddenAt);
const viewerSees = (actor: Actor, viewerId?: SQL) => visibleContentSql(actor, communityPosts.hiddenAt, communityPosts.authorId, viewerId);

/**
 * One page of the feed, newest first, whole, by category or by one author, each post with its author and what the
 * viewer may do with it, and the cursors either side. The page is read in the order of the feed indexes, so no sort
 * and no more rows than the page (the whole feed as one prepared statement per way of reading it). The whole
 * feed's and a category's total read their whole index range, so they are reused for a few seconds (and dropped
 * when this process adds, deletes or pins a post); an author's total is counted each time from the author index.
 * The total is never below the posts shown. The "Latest activity" order reads the same way from its own index.
 * A post hidden by a moderator is read only by its author and the administrators (and left out of the shared
 * totals). The whole feed leaves its pinned posts out of its pages: its first page carries them in `pinned`, a
 * small read of its own (`community_posts_pinned_idx`), made only while some post is pinned (that count is reused for
 * a few seconds like the totals, and forgotten when this process pins or unpins). Each post's reactions come in the
 * same statement as the post (`postReactionsColumn`), so a page is one statement.
 */
export async function listPosts(db: Db, actor: Actor, q: PostListQuery, now: Date) {
  const whole = !q.category && !q.authorId;
  const conditions: SQL[] = [published];
  if (q.category) conditions.push(eq(communityPosts.category, q.category));
  if (q.authorId) conditions.push(eq(communityPosts.authorId, q.authorId));
  if (whole) conditions.push(isNull(communityPosts.pinnedAt));
  const where = and(...conditions, viewerSees(actor));
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
    !whole || order !== FEED_ORDER
      ? feedRows(db, viewerParam(actor), and(where, plan.where), plan.orderBy, order).limit(plan.limit).offset(plan.offset)
      : feedPagePrepared(db, actor, plan).execute({ viewerId: actor.id, limit: plan.limit, offset: plan.offset, k0: plan.values[0], k1: plan.values[1] });
  const total = q.authorId ? countPosts(db, where) : reusedCount(db, `feed:${q.category ?? 'all'}`, now, () => countPosts(db, and(...conditions, notHidden)));
  const firstPage = whole && !q.after && !q.before && q.page === 1;
  // the pinned posts are read only while some are pinned (how many is reused like the totals, and forgotten on a pin)
  const pinnedRead = firstPage
    ? reusedCount(db, 'feed:pinned', now, () => countPosts(db, and(published, isNotNull(communityPosts.pinnedAt)))).then((n) => (n ? pinnedPosts(db, actor) : []))
    : [];
  const [page, counted, pinned] = await Promise.all([readKeysetPage(order, q, read, seek), total, pinnedRead]);
  const before = pageOffset({ ...q, page: page.page });
  return {
    items: page.rows.map((r) => presentPost(actor, r)),
    pinned: pinned.map((r) => presentPost(actor, r)),
    total: Math.max(counted, page.rows.length ? before + page.rows.length : 0),
    page: page.page,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

/** The pinned posts the viewer may see, newest-pinned first (at most MAX_PINNED_POSTS are pinned at once). */
const pinnedPosts = (db: Db, actor: Actor) =>
  feedRows(db, viewerParam(actor), and(published, isNotNull(communityPosts.pinnedAt), viewerSees(actor)), [desc(communityPosts.pinnedAt), desc(communityPosts.id)]).limit(
    MAX_PINNED_POSTS,
  );

/** The viewer as the statement's own parameter (whose reactions are "mine"). */
const viewerParam = (actor: Actor) => sql`${actor.id}::uuid`;

/**
 * The whole feed's page, one prepared statement per way of reading it (from the start, by offset, after or before a
 * cursor) and per kind of viewer (a member, with the viewer as a parameter; an administrator, who sees hidden posts).
 */
function feedPagePrepared(db: Db, actor: Actor, plan: KeysetPlan) {
  const all = seesHiddenContent(actor);
  return prepared(db, `feed_page_${plan.mode}${plan.offset ? '_offset' : ''}${all ? '_all' : ''}`, () => {
    const position = plan.mode === 'first' ? undefined : keysetCondition(FEED_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1')]);
    const visible = all ? undefined : viewerSees(actor, sql`${sql.placeholder('viewerId')}::uuid`);
    const viewer = sql`${sql.placeholder('viewerId')}::uuid`;
    const query = feedRows(db, viewer, and(published, isNull(communityPosts.pinnedAt), visible, position), plan.orderBy).limit(sql.placeholder('limit'));
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
}

/**
 * One post as the viewer sees it in the feed (the feed's own rows, columns and visibility: published posts, hidden
 * ones only to their author and the administrators), or a 404; a notification's link to a post opens it this way.
 */
export async function getPost(db: Db, actor: Actor, id: string): Promise<Post> {
  const [row] = await feedRows(db, viewerParam(actor), and(published, eq(communityPosts.id, id), viewerSees(actor)), []).limit(1);
  if (!row) throw new AppError('not_found', 'Post not found.');
  return presentPost(actor, row);
}

/** The writer's name, as a notification of their act names them. */
export async function writerName(db: Db | Tx, userId: string) {
  const [me] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return me;
}

/**
 * Its author changes a post's title, words or category; it is marked edited (its image stays as it is). New
 * mentions in its words are checked (server/services/mentions.ts) and only the members newly named are told,
 * unless a moderator hid the post.
 */
export async function editPost(db: Db, actor: Actor, id: string, data: PostEdit, now: Date): Promise<Post> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: communityPosts.authorId, title: communityPosts.title, content: communityPosts.content, hiddenAt: communityPosts.hiddenAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true)))
      .for('update');
    if (!post || !seesContent(actor, post)) throw new AppError('not_found', 'Post not found.');
    if (!postAbilities(actor, post).edit) throw new AppError('forbidden', 'You can only edit your own posts.');
    const mentions =
      data.content === undefined
        ? null
        : await resolveMentions(tx, actor, data.content, { ...FEED_AUDIENCE, previousText: post.content, maxLength: COMMUNITY_LIMITS.postContent.max });
    await tx
      .update(communityPosts)
      .set({ ...data, ...(mentions ? { content: mentions.text } : {}), editedAt: now, updatedAt: now })
      .where(eq(communityPosts.id, id));
    if (mentions?.mentionedIds.length && !post.hiddenAt) {
      const about = { mentioner: await writerName(tx, actor.id), where: 'post' as const, postId: id, postTitle: data.title ?? post.title };
      await notifyMentioned(tx, mentions.mentionedIds, 'mention', about, { entity: { type: 'community_post', id }, at: now, actorId: actor.id });
    }
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
      const mentions = await resolveMentions(tx, actor, data.content, { ...FEED_AUDIENCE, maxLength: COMMUNITY_LIMITS.postContent.max });
      await tx.insert(communityPosts).values({
        id,
        authorId: actor.id,
        title: data.title,
        content: mentions.text,
        category: data.category,
        imageKey: key,
        imageUrl: key ? postImageUrl(id) : null,
        createdAt: now,
        updatedAt: now,
      });
      await awardPoints(tx, { userId: actor.id, activity: 'post_created', referenceId: id, reason: `Community post: ${data.title.slice(0, 80)}` }, now);
      await checkAchievements(tx, actor.id, ['posts'], now);
      if (mentions.mentionedIds.length) {
        const about = { mentioner: await writerName(tx, actor.id), where: 'post' as const, postId: id, postTitle: data.title };
        await notifyMentioned(tx, mentions.mentionedIds, 'mention', about, { entity: { type: 'community_post', id }, at: now, actorId: actor.id });
      }
      await recordEvent(tx, 'post.created', { postId: id, authorId: actor.id, category: data.category, hasImage: !!key }, { entityId: id, actorId: actor.id, at: now });
    });
  } catch (err) {
    if (key) await deps.storage.remove(key);
    throw err;
  }
  forgetCounts(deps.db, 'feed:');
  return getPost(deps.db, actor, id);
}

/** The stored image behind a post, for members who may see the post; 404 when the post or its image is missing. */
export async function getPostImageKey(db: Db, actor: Actor, id: string): Promise<string> {
  const [row] = await db
    .select({ key: communityPosts.imageKey })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true), viewerSees(actor)));
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
    if (!post || !seesContent(actor, post)) throw new AppError('not_found', 'Post not found.');
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

/**
 * An administrator pins a post to the top of the feed, or unpins it (audited). Pinning one already pinned, or
 * unpinning one that is not, changes nothing; pinning beyond MAX_PINNED_POSTS answers 409. Pins queue on one
 * advisory lock, so two administrators pinning at once never pass the limit together.
 */
export async function setPinned(db: Db, actor: Actor, id: string, pinned: boolean, now: Date): Promise<Post> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('community_post_pins'))`);
    const [post] = await tx
      .select({ authorId: communityPosts.authorId, title: communityPosts.title, pinnedAt: communityPosts.pinnedAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.isPublished, true)))
      .for('update');
    if (!post) throw new AppError('not_found', 'Post not found.');
    if (!postAbilities(actor, post).pin) throw new AppError('forbidden', 'Only administrators pin posts.');
    if (pinned === (post.pinnedAt !== null)) return;
    if (pinned) {
      const [{ n }] = await tx.select({ n: count() }).from(communityPosts).where(isNotNull(communityPosts.pinnedAt));
      if (n >= MAX_PINNED_POSTS) throw new AppError('conflict', `At most ${MAX_PINNED_POSTS} posts can be pinned. Unpin one first.`);
    }
    await tx
      .update(communityPosts)
      .set(pinned ? { pinnedAt: now, pinnedBy: actor.id } : { pinnedAt: null, pinnedBy: null })
      .where(eq(communityPosts.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: pinned ? 'community_post.pin' : 'community_post.unpin',
      entityType: 'community_post',
      entityId: id,
      before: { title: post.title, pinned: !pinned },
      after: { title: post.title, pinned },
      at: now,
    });
  });
  // the whole feed's total leaves its pinned posts out; open feeds show the change
  forgetCounts(db, 'feed:');
  await announceChange(db, 'post');
  return getPost(db, actor, id);
}
