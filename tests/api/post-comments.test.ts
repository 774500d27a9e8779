import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../common/schemas/admin.ts';
import { postPageSchema, postSchema, type Post } from '../../common/schemas/community.ts';
import { commentPageSchema, commentSchema, type Comment, type CommentThread } from '../../common/schemas/conversations.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import { auditLog, commentReactions, communityPosts, domainEvents, notifications, pointTransactions, postComments, postReactions } from '../../server/db/schema/index.ts';
import { commentSections } from '../../server/features/community/comment-data.ts';
import { requestDeletion } from '../../server/services/account-deletion.ts';
import { COMMENTING_LIMIT, COMMENTING_LIMIT_MESSAGE } from '../../server/services/post-comments.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let author: SignedIn;
let member: SignedIn;
let third: SignedIn;
let admin: SignedIn;

const MINUTE = 60_000;
const writePost = (who: SignedIn, title = 'Warm introductions work') =>
  who.api.create(postSchema, '/api/community-posts', { body: { title, content: 'Ask for one introduction a week.', category: 'tips' } });
const comment = (who: SignedIn, postId: string, content: string, parentId?: string) =>
  who.api.create(commentSchema, `/api/community-posts/${postId}/comments`, { body: { content, ...(parentId ? { parentId } : {}) } });
const commentsOf = (who: SignedIn, postId: string, query: Record<string, string | number> = {}) =>
  who.api.getOk(commentPageSchema, `/api/community-posts/${postId}/comments`, { query });
const postRow = async (id: string) => (await ctx.db.select().from(communityPosts).where(eq(communityPosts.id, id)))[0];
const noticesOf = (userId: string, types = ['post_comment', 'comment_reply']) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.type, types)));
const commentPoints = async (userId: string) =>
  (
    await ctx.db
      .select({ points: pointTransactions.points })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, userId), inArray(pointTransactions.activityType, ['comment_created', 'comment_created_reversed'])))
  ).reduce((n, r) => n + r.points, 0);
const tick = () => ctx.clock.advance(MINUTE);
interface ExportedComments {
  comments: { post: string; content: string; isReply: boolean }[];
  reactions: { onPosts: { emoji: string }[]; onComments: { emoji: string }[] };
}

beforeAll(async () => {
  ctx = await createTestApp();
  author = await makeSignedIn(ctx, { firstName: 'Ada', lastName: 'Author' });
  member = await makeSignedIn(ctx, { firstName: 'Milo', lastName: 'Member' });
  third = await makeSignedIn(ctx, { firstName: 'Tess', lastName: 'Third' });
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the conversation routes refuse strangers', () => {
  it('answers 401 to a visitor who is not signed in, on every route', async () => {
    const poster = await makeSignedIn(ctx);
    const post = await writePost(poster);
    const c = await comment(member, post.id, 'Signed in, this works.');
    const anon = client(ctx.app);
    const calls = [
      anon.get(`/api/community-posts/${post.id}/comments`),
      anon.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'Hello' } }),
      anon.patch(`/api/community-posts/${post.id}`, { body: { title: 'Hijacked' } }),
      anon.patch(`/api/comments/${c.id}`, { body: { content: 'Hijacked' } }),
      anon.delete(`/api/comments/${c.id}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect((await postRow(post.id)).title).toBe('Warm introductions work');
    expect(await ctx.db.select().from(postComments).where(eq(postComments.postId, post.id))).toHaveLength(1);
  });

  it('answers 404 for a post or comment that does not exist, and 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await member.api.get(`/api/community-posts/${missing}/comments`)).statusCode).toBe(404);
    expect((await member.api.post(`/api/community-posts/${missing}/comments`, { body: { content: 'Hello' } })).statusCode).toBe(404);
    expect((await member.api.patch(`/api/comments/${missing}`, { body: { content: 'Hello' } })).statusCode).toBe(404);
    expect((await member.api.delete(`/api/comments/${missing}`)).statusCode).toBe(404);
    expect((await member.api.get('/api/community-posts/not-an-id/comments')).statusCode).toBe(400);
  });
});

describe('commenting and replying', () => {
  let post: Post;
  let top: Comment;

  it('lets a member comment, tells the post’s author, records the event and counts it on the post', async () => {
    post = await writePost(author);
    tick();
    top = await comment(member, post.id, '  Agreed, this doubled my replies. ');
    expect(top).toMatchObject({
      postId: post.id,
      parentId: null,
      author: { id: member.user.id, name: 'Milo Member' },
      content: 'Agreed, this doubled my replies.',
      deleted: false,
      editedAt: null,
      reactions: [],
      can: { edit: true, delete: true, reply: true, react: true },
    });
    const row = await postRow(post.id);
    expect(row.commentCount).toBe(1);
    expect(row.lastActivityAt.toISOString()).toBe(top.createdAt);
    const [notice] = await noticesOf(author.user.id);
    expect(notice).toMatchObject({ type: 'post_comment', entityType: 'post_comment', entityId: top.id, actorId: member.user.id });
    expect(notice.message).toBe('Milo Member commented on "Warm introductions work".');
    const [event] = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'comment.created'), eq(domainEvents.entityId, top.id)));
    expect(event.data).toEqual({ commentId: top.id, postId: post.id, authorId: member.user.id, parentId: null });
  });

  it('lets a member reply to a comment, telling the comment’s author and the post’s author once each', async () => {
    tick();
    const reply = await comment(third, post.id, 'Same here.', top.id);
    expect(reply).toMatchObject({ parentId: top.id, can: { reply: false } });
    expect((await noticesOf(member.user.id)).map((n) => [n.type, n.entityId])).toEqual([['comment_reply', reply.id]]);
    expect((await noticesOf(author.user.id)).map((n) => [n.type, n.entityId])).toEqual([
      ['post_comment', top.id],
      ['post_comment', reply.id],
    ]);
    // the post's author replying to a comment: the comment's author hears of it, the post's author (themselves) does not
    tick();
    const own = await comment(author, post.id, 'Glad it helped!', top.id);
    expect((await noticesOf(member.user.id)).map((n) => n.entityId)).toEqual([reply.id, own.id]);
    expect((await noticesOf(author.user.id)).map((n) => n.entityId)).not.toContain(own.id);
    // the comment's author replying in their own thread is told nothing
    tick();
    const mine = await comment(member, post.id, 'Thanks both.', top.id);
    expect((await noticesOf(member.user.id)).map((n) => n.entityId)).not.toContain(mine.id);
    expect((await postRow(post.id)).commentCount).toBe(4);
  });

  it('never notifies a member of their own comment on their own post', async () => {
    const mine = await writePost(third, 'Talking to myself');
    await comment(third, mine.id, 'A note to self.');
    expect(await noticesOf(third.user.id)).toHaveLength(0);
  });

  it('refuses a reply to a reply, a reply to another post’s comment, and an empty or over-long comment', async () => {
    const { items } = await commentsOf(member, post.id);
    const aReply = items[0].replies[0];
    const toReply = await member.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'Deeper', parentId: aReply.id } });
    expect(toReply.statusCode).toBe(400);
    const elsewhere = await writePost(author, 'Another post');
    const crossed = await member.api.post(`/api/community-posts/${elsewhere.id}/comments`, { body: { content: 'Wrong thread', parentId: top.id } });
    expect(crossed.statusCode).toBe(400);
    const empty = await member.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: '   ' } });
    expect(empty.statusCode).toBe(400);
    const long = await member.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'x'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.issues[0].message).toBe('A comment must be at most 2,000 characters');
    expect((await postRow(elsewhere.id)).commentCount).toBe(0);
  });

  it('lists the top-level comments oldest first, each with its replies oldest first', async () => {
    const page = await commentsOf(third, post.id);
    expect(page.total).toBe(1);
    expect(page.items.map((c) => c.content)).toEqual(['Agreed, this doubled my replies.']);
    expect(page.items[0].replies.map((r) => r.content)).toEqual(['Same here.', 'Glad it helped!', 'Thanks both.']);
    expect(page.items[0].replies.map((r) => r.can.edit)).toEqual([true, false, false]);
  });

  it('earns a point for a comment on another member’s post, at most three a day, and none on one’s own post', async () => {
    const poster = await makeSignedIn(ctx, { firstName: 'Paul' });
    const commenter = await makeSignedIn(ctx, { firstName: 'Cleo' });
    const theirs = await writePost(poster, 'Points please');
    const own = await writePost(commenter, 'My own');
    await comment(commenter, own.id, 'On my own post.');
    expect(await commentPoints(commenter.user.id)).toBe(0);
    for (const n of [1, 2, 3, 4]) await comment(commenter, theirs.id, `Comment ${n}`);
    expect(await commentPoints(commenter.user.id)).toBe(3);
  });

  it('limits how often a member comments', async () => {
    const busy = await makeSignedIn(ctx, { firstName: 'Busy' });
    const target = await writePost(author, 'A busy thread');
    for (let i = 0; i < COMMENTING_LIMIT.max; i++) await comment(busy, target.id, `Message ${i}`);
    const refused = await busy.api.post(`/api/community-posts/${target.id}/comments`, { body: { content: 'One too many' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(COMMENTING_LIMIT_MESSAGE);
    expect((await postRow(target.id)).commentCount).toBe(COMMENTING_LIMIT.max);
  });
});

describe('editing', () => {
  it('lets only the author edit a comment (not another member, not an admin), marking it edited', async () => {
    const post = await writePost(author);
    const c = await comment(member, post.id, 'First words.');
    for (const who of [third, admin, author]) {
      const res = await who.api.patch(`/api/comments/${c.id}`, { body: { content: 'Someone else’s words' } });
      expect(res.statusCode).toBe(403);
    }
    tick();
    const edited = await member.api.patchOk(commentSchema, `/api/comments/${c.id}`, { body: { content: 'Better words.' } });
    expect(edited).toMatchObject({ content: 'Better words.', editedAt: ctx.clock.now().toISOString() });
    const [row] = await ctx.db.select().from(postComments).where(eq(postComments.id, c.id));
    expect(row.content).toBe('Better words.');
  });

  it('lets only the author edit a post, marking it edited; an empty change is refused', async () => {
    const post = await writePost(author, 'Original title');
    expect(post.can.edit).toBe(true);
    expect(post.editedAt).toBeNull();
    for (const who of [member, admin]) expect((await who.api.patch(`/api/community-posts/${post.id}`, { body: { title: 'Taken over' } })).statusCode).toBe(403);
    expect((await author.api.patch(`/api/community-posts/${post.id}`, { body: {} })).statusCode).toBe(400);
    expect((await author.api.patch(`/api/community-posts/${post.id}`, { body: { category: 'gossip' } })).statusCode).toBe(400);
    tick();
    const edited = await author.api.patchOk(postSchema, `/api/community-posts/${post.id}`, { body: { title: 'Better title', category: 'news' } });
    expect(edited).toMatchObject({ title: 'Better title', category: 'news', content: post.content, editedAt: ctx.clock.now().toISOString() });
    const seen = (await member.api.getOk(postPageSchema, '/api/community-posts', { query: { category: 'news' } })).items.find((p) => p.id === post.id);
    expect(seen).toMatchObject({ title: 'Better title', can: { edit: false, delete: false } });
  });
});

describe('deleting', () => {
  it('lets the author or an admin delete a comment, not another member; the admin’s deletion is audited', async () => {
    const post = await writePost(author);
    const a = await comment(member, post.id, 'Delete me myself.');
    const b = await comment(member, post.id, 'An admin will remove this.');
    expect((await third.api.delete(`/api/comments/${a.id}`)).statusCode).toBe(403);
    expect((await author.api.delete(`/api/comments/${a.id}`)).statusCode).toBe(403);
    expect((await member.api.delete(`/api/comments/${a.id}`)).statusCode).toBe(204);
    expect((await admin.api.delete(`/api/comments/${b.id}`)).statusCode).toBe(204);
    expect((await member.api.delete(`/api/comments/${b.id}`)).statusCode).toBe(404);
    expect((await commentsOf(member, post.id)).items).toEqual([]);
    expect((await postRow(post.id)).commentCount).toBe(0);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'post_comment.delete'));
    expect(audits.map((x) => x.entityId)).toEqual([b.id]);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, entityType: 'post_comment' });
    expect(audits[0].before).toMatchObject({ postId: post.id, authorId: member.user.id, hadReplies: false });
    // the audit log names the comment by the post it was on
    const log = await admin.api.getOk(auditPageSchema, '/api/admin/audit-log', { query: { pageSize: 100 } });
    expect(log.items.find((x) => x.entityId === b.id)?.entityLabel).toBe('Comment on "Warm introductions work"');
  });

  it('keeps a deleted comment with replies as deleted without its words, and drops it with its last reply', async () => {
    const post = await writePost(author);
    const top = await comment(member, post.id, 'A secret opinion.');
    expect((await third.api.put(`/api/comments/${top.id}/reactions/${encodeURIComponent('👍')}`)).statusCode).toBe(200);
    const reply = await comment(third, post.id, 'A reply that keeps it.', top.id);
    expect(await ctx.db.select().from(commentReactions).where(eq(commentReactions.commentId, top.id))).toHaveLength(1);
    expect((await member.api.delete(`/api/comments/${top.id}`)).statusCode).toBe(204);
    const [thread] = (await commentsOf(third, post.id)).items as CommentThread[];
    expect(thread).toMatchObject({ id: top.id, deleted: true, content: '', author: null, reactions: [], can: { edit: false, delete: false, reply: false } });
    expect(JSON.stringify(thread)).not.toContain('secret');
    expect(thread.replies.map((r) => r.id)).toEqual([reply.id]);
    const [row] = await ctx.db.select().from(postComments).where(eq(postComments.id, top.id));
    expect(row.content).toBe('');
    expect(await ctx.db.select().from(commentReactions).where(eq(commentReactions.commentId, top.id))).toEqual([]);
    expect((await postRow(post.id)).commentCount).toBe(1);
    // a deleted comment is not edited, replied to or deleted again
    expect((await member.api.patch(`/api/comments/${top.id}`, { body: { content: 'Back' } })).statusCode).toBe(404);
    expect((await member.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'Hi', parentId: top.id } })).statusCode).toBe(400);
    expect((await third.api.delete(`/api/comments/${reply.id}`)).statusCode).toBe(204);
    expect((await commentsOf(third, post.id)).items).toEqual([]);
    expect(await ctx.db.select().from(postComments).where(eq(postComments.postId, post.id))).toEqual([]);
    expect((await postRow(post.id)).commentCount).toBe(0);
  });

  it('takes back the comment’s point when it is deleted', async () => {
    const poster = await makeSignedIn(ctx);
    const commenter = await makeSignedIn(ctx);
    const post = await writePost(poster);
    const c = await comment(commenter, post.id, 'Worth a point.');
    expect(await commentPoints(commenter.user.id)).toBe(1);
    await commenter.api.delete(`/api/comments/${c.id}`);
    expect(await commentPoints(commenter.user.id)).toBe(0);
  });
});

describe('the feed’s counts and "Latest activity" order', () => {
  it('shows each post’s comment count and orders by the latest comment, falling back when it goes', async () => {
    const reader = await makeSignedIn(ctx);
    tick();
    const older = await writePost(author, 'Older post');
    tick();
    const newer = await writePost(author, 'Newer post');
    const ours = (page: { items: Post[] }) => page.items.filter((p) => p.id === older.id || p.id === newer.id);
    const feed = (order: string) => reader.api.getOk(postPageSchema, '/api/community-posts', { query: { order, pageSize: 50 } });
    expect(ours(await feed('activity')).map((p) => p.title)).toEqual(['Newer post', 'Older post']);
    tick();
    const c = await comment(member, older.id, 'Reviving the older one.');
    const byActivity = ours(await feed('activity'));
    expect(byActivity.map((p) => [p.title, p.commentCount])).toEqual([
      ['Older post', 1],
      ['Newer post', 0],
    ]);
    expect(byActivity[0].lastActivityAt).toBe(c.createdAt);
    expect(ours(await feed('newest')).map((p) => p.title)).toEqual(['Newer post', 'Older post']);
    await member.api.delete(`/api/comments/${c.id}`);
    const after = ours(await feed('activity'));
    expect(after.map((p) => [p.title, p.commentCount])).toEqual([
      ['Newer post', 0],
      ['Older post', 0],
    ]);
    expect(after[1].lastActivityAt).toBe(older.createdAt);
    expect((await reader.api.get('/api/community-posts', { query: { order: 'loudest' } })).statusCode).toBe(400);
  });

  it('pages the "Latest activity" feed by cursor without repeating or skipping a post', async () => {
    const reader = await makeSignedIn(ctx);
    const all = (await reader.api.getOk(postPageSchema, '/api/community-posts', { query: { order: 'activity', pageSize: 50 } })).items.map((p) => p.id);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await reader.api.getOk(postPageSchema, '/api/community-posts', { query: { order: 'activity', pageSize: 3, ...(after ? { after } : {}) } });
      seen.push(...page.items.map((p) => p.id));
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(seen).toEqual(all);
  });
});

describe('a post’s comments page by cursor', () => {
  it('reads every top-level comment once, oldest first, a page at a time', async () => {
    const post = await writePost(author, 'Many comments');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      tick();
      made.push((await comment(i % 2 ? member : third, post.id, `Comment ${i}`)).id);
    }
    await comment(author, post.id, 'A reply is not a page entry.', made[0]);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await commentsOf(member, post.id, { pageSize: 3, ...(after ? { after } : {}) });
      expect(page.total).toBe(7);
      seen.push(...page.items.map((c) => c.id));
      after = page.nextCursor ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
    expect(new Set(seen).size).toBe(7);
  });
});

describe('erasure of a member', () => {
  it('removes their reactions and their comments’ words; a comment others replied to stays as deleted', async () => {
    const leaver = await makeSignedIn(ctx, { firstName: 'Lena', lastName: 'Leaver' });
    const post = await writePost(author, 'A thread Lena joined');
    const answered = await comment(leaver, post.id, 'My private view on this.');
    tick();
    const reply = await comment(member, post.id, 'A reply by someone staying.', answered.id);
    tick();
    const lonely = await comment(leaver, post.id, 'Nobody answered this one.');
    tick();
    const myReply = await comment(leaver, post.id, 'Replying to Milo.', reply.parentId!);
    const heart = encodeURIComponent('❤️');
    expect((await leaver.api.put(`/api/community-posts/${post.id}/reactions/${heart}`)).statusCode).toBe(200);
    expect((await leaver.api.put(`/api/comments/${reply.id}/reactions/${heart}`)).statusCode).toBe(200);
    expect((await postRow(post.id)).commentCount).toBe(4);

    // their export holds their comments, with the post's title, and their reactions
    const section = commentSections[0];
    const exported = 'collect' in section ? ((await section.collect(ctx.db, leaver.user.id, ctx.clock.now())).json as ExportedComments) : null;
    expect(exported?.comments.map((x) => [x.post, x.content, x.isReply])).toEqual([
      ['A thread Lena joined', 'My private view on this.', false],
      ['A thread Lena joined', 'Nobody answered this one.', false],
      ['A thread Lena joined', 'Replying to Milo.', true],
    ]);
    expect(exported?.reactions.onPosts.map((r) => r.emoji)).toEqual(['❤️']);
    expect(exported?.reactions.onComments.map((r) => r.emoji)).toEqual(['❤️']);

    const request = await requestDeletion(ctx.db, leaver.user, { confirm: 'DELETE' }, ctx.clock.now());
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request.id}/confirm`, { body: {} });

    const rows = await ctx.db.select().from(postComments).where(eq(postComments.authorId, leaver.user.id));
    expect(rows.map((r) => [r.id, r.content, r.deletedAt !== null])).toEqual([[answered.id, '', true]]);
    expect(rows.map((r) => r.id)).not.toContain(lonely.id);
    expect(rows.map((r) => r.id)).not.toContain(myReply.id);
    expect(await ctx.db.select().from(postReactions).where(eq(postReactions.userId, leaver.user.id))).toEqual([]);
    expect(await ctx.db.select().from(commentReactions).where(eq(commentReactions.userId, leaver.user.id))).toEqual([]);
    const [thread] = (await commentsOf(member, post.id)).items;
    expect(thread).toMatchObject({ id: answered.id, deleted: true, author: null, content: '' });
    expect(thread.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(JSON.stringify(await commentsOf(member, post.id))).not.toMatch(/Lena|private view|Nobody answered/);
    expect((await postRow(post.id)).commentCount).toBe(1);
  });
});
