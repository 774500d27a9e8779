import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPageSchema, postSchema, type Post } from '../../common/schemas/community.ts';
import { commentPageSchema, commentSchema } from '../../common/schemas/conversations.ts';
import { reportPageSchema, reportReceiptSchema, reportSchema } from '../../common/schemas/moderation.ts';
import { auditLog, communityPosts, notifications } from '../../server/db/schema/index.ts';
import { REPORTING_LIMIT } from '../../server/services/moderation.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let author: SignedIn;
let reporter: SignedIn;
let other: SignedIn;
let admin: SignedIn;

const MINUTE = 60_000;
const tick = () => ctx.clock.advance(MINUTE);
const writePost = (who: SignedIn, title: string, content = 'Ask for one introduction a week.') =>
  who.api.create(postSchema, '/api/community-posts', { body: { title, content, category: 'tips' } });
const comment = (who: SignedIn, postId: string, content: string, parentId?: string) =>
  who.api.create(commentSchema, `/api/community-posts/${postId}/comments`, { body: { content, ...(parentId ? { parentId } : {}) } });
const report = (who: SignedIn, targetType: 'post' | 'comment', targetId: string, reason = 'Spam, selling something') =>
  who.api.post('/api/reports', { body: { targetType, targetId, reason } });
const reportsOf = (who: SignedIn, query: Record<string, string | number> = {}) => who.api.getOk(reportPageSchema, '/api/admin/reports', { query });
const act = (who: SignedIn, id: string, action: 'hide' | 'restore' | 'dismiss') => who.api.post(`/api/admin/reports/${id}/${action}`);
const feed = (who: SignedIn, query: Record<string, string | number> = {}) => who.api.getOk(postPageSchema, '/api/community-posts', { query });
const idsOf = (posts: Post[]) => posts.map((p) => p.id);
const reportOn = async (targetId: string) => (await reportsOf(admin, { pageSize: 50 })).items.find((r) => r.targetId === targetId)!;

beforeAll(async () => {
  ctx = await createTestApp();
  author = await makeSignedIn(ctx, { firstName: 'Ada', lastName: 'Author' });
  reporter = await makeSignedIn(ctx, { firstName: 'Rita', lastName: 'Reporter' });
  other = await makeSignedIn(ctx, { firstName: 'Otto', lastName: 'Other' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Mo', lastName: 'Moderator' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the moderation routes refuse strangers', () => {
  it('answers 401 signed out and 403 to a member on the administrators’ routes', async () => {
    const post = await writePost(author, 'Strangers');
    const anon = client(ctx.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of await Promise.all([
      anon.post('/api/reports', { body: { targetType: 'post', targetId: post.id, reason: 'x' } }),
      anon.get('/api/admin/reports'),
      anon.post(`/api/admin/reports/${id}/hide`),
      anon.post(`/api/community-posts/${post.id}/pin`),
    ]))
      expect(res.statusCode).toBe(401);
    for (const res of await Promise.all([
      reporter.api.get('/api/admin/reports'),
      reporter.api.post(`/api/admin/reports/${id}/hide`),
      reporter.api.post(`/api/admin/reports/${id}/restore`),
      reporter.api.post(`/api/admin/reports/${id}/dismiss`),
      author.api.post(`/api/community-posts/${post.id}/pin`),
      author.api.post(`/api/community-posts/${post.id}/unpin`),
    ]))
      expect(res.statusCode).toBe(403);
    expect((await ctx.db.select().from(communityPosts).where(eq(communityPosts.id, post.id)))[0].pinnedAt).toBeNull();
  });

  it('refuses a bad report: unknown target (404), own content or an empty, over-long or extra field (409/400)', async () => {
    const post = await writePost(author, 'Bad reports');
    expect((await report(reporter, 'post', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(reporter, 'comment', post.id)).statusCode).toBe(404);
    expect((await report(author, 'post', post.id)).statusCode).toBe(409);
    expect((await report(reporter, 'post', post.id, '')).statusCode).toBe(400);
    expect((await report(reporter, 'post', post.id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await reporter.api.post('/api/reports', { body: { targetType: 'post', targetId: post.id, reason: 'x', status: 'hidden' } })).statusCode).toBe(400);
    expect(await reportOn(post.id)).toBeUndefined();
  });
});

describe('reports', () => {
  it('gathers members’ reasons on one open report, one per member, for the administrators', async () => {
    const post = await writePost(author, 'Buy my course', 'Only £999, link in bio');
    const res = await report(reporter, 'post', post.id, 'Selling');
    expect(res.statusCode).toBe(201);
    reportReceiptSchema.parse(res.json());
    expect((await report(reporter, 'post', post.id, 'Again')).statusCode).toBe(409);
    tick();
    expect((await report(other, 'post', post.id, 'Advert')).statusCode).toBe(201);
    const r = await reportOn(post.id);
    expect(r).toMatchObject({
      status: 'open',
      targetType: 'post',
      postId: post.id,
      postTitle: 'Buy my course',
      excerpt: 'Only £999, link in bio',
      hidden: false,
      author: { id: author.user.id, name: 'Ada Author' },
      reportersCount: 2,
      can: { hide: true, restore: false, dismiss: true },
    });
    expect(r.reasons.map((x) => [x.reason, x.reporterName])).toEqual([
      ['Advert', 'Otto Other'],
      ['Selling', 'Rita Reporter'],
    ]);
    expect((await reportsOf(admin, { status: 'open' })).openCount).toBeGreaterThanOrEqual(1);
  });

  it('lists open reports first, then closed ones, a page at a time without repeats', async () => {
    const posts = [];
    for (let i = 0; i < 3; i++) {
      posts.push(await writePost(author, `Paged ${i}`));
      tick();
      await report(reporter, 'post', posts[i].id);
    }
    await act(admin, (await reportOn(posts[0].id)).id, 'dismiss');
    const seen: string[] = [];
    let page = await reportsOf(admin, { pageSize: 2 });
    for (;;) {
      seen.push(...page.items.map((r) => r.status));
      if (!page.nextCursor) break;
      page = await reportsOf(admin, { pageSize: 2, after: page.nextCursor });
    }
    expect(seen.length).toBe(page.total);
    const firstClosed = seen.findIndex((s) => s !== 'open');
    expect(seen.slice(firstClosed).every((s) => s !== 'open')).toBe(true);
    expect((await reportsOf(admin, { status: 'closed' })).items.every((r) => r.status !== 'open')).toBe(true);
  });

  it('limits how often a member reports', async () => {
    const limited = await makeSignedIn(ctx);
    const posters = [await makeSignedIn(ctx), await makeSignedIn(ctx)];
    const posts = [];
    for (let i = 0; i <= REPORTING_LIMIT.max; i++) posts.push(await writePost(posters[i % 2], `Limit ${i}`));
    for (let i = 0; i < REPORTING_LIMIT.max; i++) expect((await report(limited, 'post', posts[i].id)).statusCode).toBe(201);
    const refused = await report(limited, 'post', posts[REPORTING_LIMIT.max].id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the review list', () => {
  it('answers a page asked for by its number as the cursor reaches it', async () => {
    for (const title of ['Paged one', 'Paged two', 'Paged three']) {
      tick();
      const post = await writePost(author, title);
      expect((await report(other, 'post', post.id)).statusCode).toBe(201);
    }
    const first = await reportsOf(admin, { pageSize: 1, status: 'open' });
    const byCursor = await reportsOf(admin, { pageSize: 1, status: 'open', after: first.nextCursor!, page: 2 });
    const byNumber = await reportsOf(admin, { pageSize: 1, status: 'open', page: 2 });
    expect(byNumber.items.map((r) => r.id)).toEqual(byCursor.items.map((r) => r.id));
    expect(byNumber.items[0].id).not.toBe(first.items[0].id);
    const beyond = await reportsOf(admin, { pageSize: 1, status: 'open', page: first.total + 1 });
    expect(beyond.items).toEqual([]);
  });
});

describe('hiding and restoring', () => {
  it('hides a post from everyone but its author and the administrators, tells the author, audits it; restore undoes it', async () => {
    const post = await writePost(author, 'Questionable post');
    await comment(other, post.id, 'A comment under it');
    await report(reporter, 'post', post.id);
    const r = await reportOn(post.id);
    const hidden = reportSchema.parse((await act(admin, r.id, 'hide')).json());
    expect(hidden).toMatchObject({ status: 'hidden', hidden: true, reportersCount: 1, resolvedBy: { id: admin.user.id }, can: { hide: false, restore: true } });
    expect((await act(admin, r.id, 'hide')).statusCode).toBe(409);
    expect((await act(admin, r.id, 'dismiss')).statusCode).toBe(409);

    // gone for other members: feed, the post, its comments, its image, reactions, comments, reports
    expect(idsOf((await feed(reporter, { pageSize: 50 })).items)).not.toContain(post.id);
    expect(idsOf((await feed(reporter, { authorId: author.user.id, pageSize: 50 })).items)).not.toContain(post.id);
    expect((await reporter.api.get(`/api/community-posts/${post.id}`)).statusCode).toBe(404);
    expect((await reporter.api.get(`/api/community-posts/${post.id}/comments`)).statusCode).toBe(404);
    expect((await reporter.api.put(`/api/community-posts/${post.id}/reactions/${encodeURIComponent('👍')}`)).statusCode).toBe(404);
    expect((await reporter.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'Still here?' } })).statusCode).toBe(404);
    expect((await report(other, 'post', post.id)).statusCode).toBe(404);
    // still there, marked, for its author and the administrators
    const own = (await feed(author, { pageSize: 50 })).items.find((p) => p.id === post.id);
    expect(own).toMatchObject({ hidden: true, can: { report: false } });
    expect((await admin.api.getOk(postSchema, `/api/community-posts/${post.id}`)).hidden).toBe(true);
    expect((await author.api.getOk(commentPageSchema, `/api/community-posts/${post.id}/comments`)).items).toHaveLength(1);
    expect((await author.api.put(`/api/community-posts/${post.id}/reactions/${encodeURIComponent('👍')}`)).statusCode).toBe(409);

    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, 'content_moderated')));
    expect(told.map((n) => n.title)).toEqual(['Your post was hidden by a moderator']);
    expect(told[0]).toMatchObject({ entityType: 'community_post', entityId: post.id });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, r.id));
    expect(audits.map((a) => a.action)).toEqual(['content_report.hide']);

    const restored = reportSchema.parse((await act(admin, r.id, 'restore')).json());
    expect(restored).toMatchObject({ status: 'restored', hidden: false });
    expect((await reporter.api.getOk(postSchema, `/api/community-posts/${post.id}`)).hidden).toBe(false);
    expect(idsOf((await feed(reporter, { pageSize: 50 })).items)).toContain(post.id);
    const after = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, 'content_moderated')));
    expect(after.map((n) => n.title).sort()).toEqual(['Your post is visible again', 'Your post was hidden by a moderator']);
    // a new report opens it again, with this round's reasons only
    tick();
    expect((await report(other, 'post', post.id, 'Still bad')).statusCode).toBe(201);
    expect(await reportOn(post.id)).toMatchObject({ status: 'open', reportersCount: 1, reasons: [expect.objectContaining({ reason: 'Still bad' })] });
  });

  it('hides a comment: others no longer see it nor count it; a hidden comment with replies keeps a blank place', async () => {
    const post = await writePost(author, 'Comment moderation');
    const bad = await comment(reporter, post.id, 'Rude words');
    tick();
    const top = await comment(reporter, post.id, 'Rude thread starter');
    await comment(other, post.id, 'A kind reply', top.id);
    await report(other, 'comment', bad.id);
    await report(author, 'comment', top.id);
    expect((await reporter.api.getOk(postSchema, `/api/community-posts/${post.id}`)).commentCount).toBe(3);
    await act(admin, (await reportOn(bad.id)).id, 'hide');
    await act(admin, (await reportOn(top.id)).id, 'hide');

    const asOther = await other.api.getOk(commentPageSchema, `/api/community-posts/${post.id}/comments`);
    expect(asOther.items.map((c) => c.id)).toEqual([top.id]);
    expect(asOther.items[0]).toMatchObject({ hidden: true, content: '', author: null, can: { reply: false, react: false, report: false } });
    expect(asOther.items[0].replies.map((r) => r.content)).toEqual(['A kind reply']);
    expect((await other.api.getOk(postSchema, `/api/community-posts/${post.id}`)).commentCount).toBe(1);
    expect((await other.api.put(`/api/comments/${bad.id}/reactions/${encodeURIComponent('👍')}`)).statusCode).toBe(404);

    const asAuthor = await reporter.api.getOk(commentPageSchema, `/api/community-posts/${post.id}/comments`);
    expect(asAuthor.items.map((c) => [c.content, c.hidden])).toEqual([
      ['Rude words', true],
      ['Rude thread starter', true],
    ]);
    const asAdmin = await admin.api.getOk(commentPageSchema, `/api/community-posts/${post.id}/comments`);
    expect(asAdmin.items).toHaveLength(2);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reporter.user.id), eq(notifications.type, 'content_moderated')));
    expect(told.map((n) => n.title)).toEqual(['Your comment was hidden by a moderator', 'Your comment was hidden by a moderator']);
  });

  it('dismisses a report: nothing hidden, nobody told, audited', async () => {
    const post = await writePost(author, 'Fine post');
    await report(reporter, 'post', post.id);
    const r = await reportOn(post.id);
    expect(reportSchema.parse((await act(admin, r.id, 'dismiss')).json())).toMatchObject({ status: 'dismissed', hidden: false, can: { dismiss: false } });
    expect((await reporter.api.getOk(postSchema, `/api/community-posts/${post.id}`)).hidden).toBe(false);
    expect((await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, r.id))).map((a) => a.action)).toEqual(['content_report.dismiss']);
    expect((await act(admin, '00000000-0000-4000-8000-000000000000', 'dismiss')).statusCode).toBe(404);
  });
});

describe('pinned announcements', () => {
  it('lets an administrator pin up to three posts, shown above the whole feed’s first page and not repeated below; audited', async () => {
    const poster = await makeSignedIn(ctx);
    const pins: Post[] = [];
    for (let i = 0; i < 4; i++) {
      pins.push(await writePost(poster, `Announcement ${i}`));
      tick();
    }
    for (let i = 0; i < 3; i++) {
      const pinned = await admin.api.postOk(postSchema, `/api/community-posts/${pins[i].id}/pin`);
      expect(pinned.pinnedAt).not.toBeNull();
      tick();
    }
    expect((await admin.api.post(`/api/community-posts/${pins[3].id}/pin`)).statusCode).toBe(409);
    // pinning again changes nothing
    expect((await admin.api.postOk(postSchema, `/api/community-posts/${pins[0].id}/pin`)).pinnedAt).not.toBeNull();

    const first = await feed(reporter, { pageSize: 5 });
    expect(idsOf(first.pinned)).toEqual([pins[2].id, pins[1].id, pins[0].id]);
    expect(first.pinned[0].can.pin).toBe(false);
    let all = [...first.items];
    let page = first;
    while (page.nextCursor) {
      page = await feed(reporter, { pageSize: 5, after: page.nextCursor });
      expect(page.pinned).toEqual([]);
      all = all.concat(page.items);
    }
    expect(idsOf(all)).not.toContain(pins[0].id);
    expect(idsOf(all)).toContain(pins[3].id);
    expect((await feed(reporter, { order: 'activity' })).pinned).toHaveLength(3);
    // a category's feed shows pinned posts in their place
    const tips = await feed(reporter, { category: 'tips', pageSize: 50 });
    expect(tips.pinned).toEqual([]);
    expect(idsOf(tips.items)).toContain(pins[0].id);

    const unpinned = await admin.api.postOk(postSchema, `/api/community-posts/${pins[0].id}/unpin`);
    expect(unpinned.pinnedAt).toBeNull();
    expect(idsOf((await feed(reporter)).pinned)).toEqual([pins[2].id, pins[1].id]);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, pins[0].id));
    expect(audits.map((a) => a.action)).toEqual(['community_post.pin', 'community_post.unpin']);
    for (const p of pins) await admin.api.post(`/api/community-posts/${p.id}/unpin`);
  });

  it('does not show a hidden pinned post to other members', async () => {
    const poster = await makeSignedIn(ctx);
    const post = await writePost(poster, 'Pinned then hidden');
    await admin.api.postOk(postSchema, `/api/community-posts/${post.id}/pin`);
    await report(other, 'post', post.id);
    await act(admin, (await reportOn(post.id)).id, 'hide');
    expect(idsOf((await feed(other)).pinned)).not.toContain(post.id);
    expect(idsOf((await feed(poster)).pinned)).toContain(post.id);
    expect(idsOf((await feed(admin)).pinned)).toContain(post.id);
    await admin.api.post(`/api/community-posts/${post.id}/unpin`);
  });
});
