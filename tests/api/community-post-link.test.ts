import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPageSchema, postSchema, type Post } from '../../common/schemas/community.ts';
import { commentSchema } from '../../common/schemas/conversations.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { communityPosts } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, openSession, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let author: SignedIn;
let reader: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  author = await makeSignedIn(ctx, { firstName: 'Ada', jobTitle: 'COO', company: 'Northwind' });
  reader = await makeSignedIn(ctx, { firstName: 'Olga' });
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

const postUrl = (id: string) => `/api/community-posts/${id}`;

/** The same post as the viewer finds it in the feed (the author's posts, so it is on the first page). */
async function inFeed(who: SignedIn, post: Post): Promise<Post | undefined> {
  const page = await who.api.getOk(postPageSchema, '/api/community-posts', { query: { authorId: post.authorId, pageSize: 50 } });
  return page.items.find((p) => p.id === post.id);
}

describe('GET /api/community-posts/{id}', () => {
  it('answers 401 without a session and 403 to an account not yet approved', async () => {
    const post = await makePost(ctx.db, { author: author.user });
    const signedOut = await client(ctx.app).get(postUrl(post.id));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain(post.title);
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const res = await client(ctx.app, await openSession(ctx, pending.id)).get(postUrl(post.id));
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 with the feed’s message for an unknown, a mangled, a deleted or an unpublished post', async () => {
    const unknown = await reader.api.get(postUrl('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Post not found.');
    for (const mangled of ['not-a-uuid', '1%20or%201%3D1', `${'a'.repeat(40)}`]) {
      const res = await reader.api.get(postUrl(mangled));
      expect(res.statusCode, mangled).toBe(404);
      expect(res.json().error.message).toBe('Post not found.');
    }

    const deleted = await makePost(ctx.db, { author: author.user });
    expect((await author.api.delete(postUrl(deleted.id))).statusCode).toBe(204);
    expect((await reader.api.get(postUrl(deleted.id))).statusCode).toBe(404);

    const hidden = await makePost(ctx.db, { author: author.user, title: 'Withdrawn post' });
    await ctx.db.update(communityPosts).set({ isPublished: false }).where(eq(communityPosts.id, hidden.id));
    expect(await inFeed(reader, hidden)).toBeUndefined();
    for (const who of [reader, author, admin]) {
      const res = await who.api.get(postUrl(hidden.id));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Withdrawn post');
    }
  });

  it('answers the post exactly as the feed shows it to each viewer: comments, reactions, edits and abilities', async () => {
    const post = await makePost(ctx.db, { author: author.user, title: 'Referral tips', content: 'Ask early.', category: 'tips' });
    await reader.api.create(commentSchema, `${postUrl(post.id)}/comments`, { body: { content: 'Thanks, useful.' } });
    expect((await reader.api.put(`${postUrl(post.id)}/reactions/${encodeURIComponent('👍')}`)).statusCode).toBe(200);
    expect((await author.api.patch(postUrl(post.id), { body: { title: 'Referral tips, edited' } })).statusCode).toBe(200);

    for (const who of [reader, author, admin]) {
      const one = await who.api.getOk(postSchema, postUrl(post.id));
      expect(one).toEqual(await inFeed(who, post));
    }
    const asReader = await reader.api.getOk(postSchema, postUrl(post.id));
    expect(asReader).toMatchObject({ title: 'Referral tips, edited', commentCount: 1, authorName: expect.stringContaining('Ada') });
    expect(asReader.editedAt).not.toBeNull();
    expect(asReader.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1, mine: true })]);
    expect(asReader.can).toEqual({ edit: false, delete: false, pin: false, report: true });
    expect((await author.api.getOk(postSchema, postUrl(post.id))).can).toEqual({ edit: true, delete: true, pin: false, report: false });
    expect((await admin.api.getOk(postSchema, postUrl(post.id))).can).toEqual({ edit: false, delete: true, pin: true, report: true });
  });
});
