import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPageSchema, postSchema, type Post } from '../../common/schemas/community.ts';
import { commentPageSchema, commentSchema, reactionsAnswerSchema, REACTIONS, type Comment } from '../../common/schemas/conversations.ts';
import { commentReactions, postReactions } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let author: SignedIn;
let member: SignedIn;
let other: SignedIn;

const e = (emoji: string) => encodeURIComponent(emoji);
const THUMBS = e('👍');
const HEART = e('❤️');
const writePost = (who: SignedIn, title = 'Reactions welcome') =>
  who.api.create(postSchema, '/api/community-posts', { body: { title, content: 'What do you think?', category: 'discussion' } });
const react = (who: SignedIn, url: string) => who.api.putOk(reactionsAnswerSchema, url);
const unreact = (who: SignedIn, url: string) => who.api.deleteOk(reactionsAnswerSchema, url);
const postInFeed = async (who: SignedIn, id: string) =>
  (await who.api.getOk(postPageSchema, '/api/community-posts', { query: { pageSize: 50 } })).items.find((p) => p.id === id)!;

beforeAll(async () => {
  ctx = await createTestApp();
  author = await makeSignedIn(ctx, { firstName: 'Ada', lastName: 'Author' });
  member = await makeSignedIn(ctx, { firstName: 'Milo', lastName: 'Member' });
  other = await makeSignedIn(ctx, { firstName: 'Olga', lastName: 'Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('reactions on posts', () => {
  let post: Post;
  let url: string;

  it('answers 401 to a visitor who is not signed in and leaves nothing', async () => {
    post = await writePost(author);
    url = `/api/community-posts/${post.id}/reactions/${THUMBS}`;
    const anon = client(ctx.app);
    expect((await anon.put(url)).statusCode).toBe(401);
    expect((await anon.delete(url)).statusCode).toBe(401);
    expect(await ctx.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual([]);
  });

  it('refuses an emoji outside the set, an unknown post and a malformed id', async () => {
    for (const bad of [e('😀'), 'thumbs', e('👍👍'), e('❤')]) {
      const res = await member.api.put(`/api/community-posts/${post.id}/reactions/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await member.api.put(`/api/community-posts/00000000-0000-4000-8000-000000000000/reactions/${THUMBS}`)).statusCode).toBe(404);
    expect((await member.api.put(`/api/community-posts/nope/reactions/${THUMBS}`)).statusCode).toBe(400);
    expect(await ctx.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual([]);
  });

  it('keeps one of each emoji per member however often it is sent, and answers the summary with `mine`', async () => {
    expect((await react(member, url)).reactions).toEqual([{ emoji: '👍', count: 1, mine: true, names: ['Milo Member'] }]);
    expect((await react(member, url)).reactions).toEqual([{ emoji: '👍', count: 1, mine: true, names: ['Milo Member'] }]);
    ctx.clock.advance(1000);
    const both = await react(other, url);
    expect(both.reactions).toEqual([{ emoji: '👍', count: 2, mine: true, names: ['Milo Member', 'Olga Other'] }]);
    // a second, different emoji by the same member is a reaction of its own; the summary keeps the set's order
    const hearts = await react(member, `/api/community-posts/${post.id}/reactions/${HEART}`);
    expect(hearts.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 2],
      ['❤️', 1],
    ]);
    const rows = await ctx.db
      .select()
      .from(postReactions)
      .where(and(eq(postReactions.postId, post.id), eq(postReactions.userId, member.user.id)));
    expect(rows.map((r) => r.emoji).sort()).toEqual(['❤️', '👍'].sort());
  });

  it('shows the summary in the feed as each viewer sees it', async () => {
    const byAuthor = await postInFeed(author, post.id);
    expect(byAuthor.reactions).toEqual([
      { emoji: '👍', count: 2, mine: false, names: ['Milo Member', 'Olga Other'] },
      { emoji: '❤️', count: 1, mine: false, names: ['Milo Member'] },
    ]);
    expect((await postInFeed(other, post.id)).reactions.map((r) => r.mine)).toEqual([true, false]);
  });

  it('takes a reaction back, idempotently, and only the member’s own', async () => {
    const once = await unreact(member, url);
    expect(once.reactions[0]).toEqual({ emoji: '👍', count: 1, mine: false, names: ['Olga Other'] });
    const twice = await unreact(member, url);
    expect(twice.reactions[0]).toEqual(once.reactions[0]);
    expect((await postInFeed(other, post.id)).reactions[0]).toMatchObject({ emoji: '👍', count: 1, mine: true });
  });

  it('names the first five reactors only, in the order they reacted, and counts them all', async () => {
    const crowdPost = await writePost(author, 'Crowd');
    const crowdUrl = `/api/community-posts/${crowdPost.id}/reactions/${e('🎉')}`;
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      const fan = await makeSignedIn(ctx, { firstName: `Fan${i}`, lastName: 'Crowd' });
      names.push(`Fan${i} Crowd`);
      ctx.clock.advance(1000);
      await react(fan, crowdUrl);
    }
    const [party] = (await postInFeed(member, crowdPost.id)).reactions;
    expect(party).toEqual({ emoji: '🎉', count: 7, mine: false, names: names.slice(0, 5) });
  });

  it('accepts every emoji of the set, URL-encoded', async () => {
    const all = await writePost(author, 'All of them');
    for (const emoji of REACTIONS) await react(other, `/api/community-posts/${all.id}/reactions/${e(emoji)}`);
    expect((await postInFeed(author, all.id)).reactions.map((r) => r.emoji)).toEqual([...REACTIONS]);
  });
});

describe('reactions on comments', () => {
  let post: Post;
  let c: Comment;

  it('leaves and takes back a reaction on a comment, shown with the post’s comments', async () => {
    post = await writePost(author, 'Comment reactions');
    c = await member.api.create(commentSchema, `/api/community-posts/${post.id}/comments`, { body: { content: 'React to me' } });
    const url = `/api/comments/${c.id}/reactions/${e('💡')}`;
    expect((await client(ctx.app).put(url)).statusCode).toBe(401);
    expect((await react(other, url)).reactions).toEqual([{ emoji: '💡', count: 1, mine: true, names: ['Olga Other'] }]);
    await react(other, url);
    const page = await author.api.getOk(commentPageSchema, `/api/community-posts/${post.id}/comments`);
    expect(page.items[0].reactions).toEqual([{ emoji: '💡', count: 1, mine: false, names: ['Olga Other'] }]);
    expect((await unreact(other, url)).reactions).toEqual([]);
    expect((await unreact(other, url)).reactions).toEqual([]);
    expect(await ctx.db.select().from(commentReactions).where(eq(commentReactions.commentId, c.id))).toEqual([]);
  });

  it('refuses a bad emoji, an unknown comment and a deleted one', async () => {
    expect((await other.api.put(`/api/comments/${c.id}/reactions/${e('🙂')}`)).statusCode).toBe(400);
    expect((await other.api.put(`/api/comments/00000000-0000-4000-8000-000000000000/reactions/${THUMBS}`)).statusCode).toBe(404);
    const reply = await other.api.create(commentSchema, `/api/community-posts/${post.id}/comments`, { body: { content: 'Keeping it', parentId: c.id } });
    expect(reply.parentId).toBe(c.id);
    expect((await member.api.delete(`/api/comments/${c.id}`)).statusCode).toBe(204);
    expect((await other.api.put(`/api/comments/${c.id}/reactions/${THUMBS}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(commentReactions).where(eq(commentReactions.commentId, c.id))).toEqual([]);
  });
});
