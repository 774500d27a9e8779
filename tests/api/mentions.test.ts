import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postSchema } from '../../common/schemas/community.ts';
import { commentSchema } from '../../common/schemas/conversations.ts';
import { mentionSuggestionsSchema, mentionToken } from '../../common/schemas/mentions.ts';
import { makeDirectConversation, makeGroupChannel, editChatMessage, postChatMessage } from '../../server/db/factories/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { chatMessages, communityPosts, notificationPreferences, notifications, postComments } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let writer: SignedIn;
let ada: SignedIn;
let bea: SignedIn;
let hidden: SignedIn;
let admin: SignedIn;

const tokenOf = (who: SignedIn) => mentionToken(`${who.user.firstName} ${who.user.lastName}`, who.user.id);
const mentionsOf = (userId: string, type = 'mention') =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const writePost = (who: SignedIn, content: string, title = 'Introductions this week') =>
  who.api.create(postSchema, '/api/community-posts', { body: { title, content, category: 'tips' } });
const suggest = (who: SignedIn, q: string) => who.api.getOk(mentionSuggestionsSchema, '/api/mentions/suggest', { query: { q } });

beforeAll(async () => {
  ctx = await createTestApp();
  writer = await makeSignedIn(ctx, { firstName: 'Wendy', lastName: 'Writer' });
  ada = await makeSignedIn(ctx, { firstName: 'Adaline', lastName: 'Mentionable' });
  bea = await makeSignedIn(ctx, { firstName: 'Beatrix', lastName: 'Mentionable' });
  // not listed in the directory, and sharing nothing with the writer: the writer may not see her
  hidden = await makeSignedIn(ctx, { firstName: 'Adaira', lastName: 'Unlisted', availableForNetworking: false });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Adam', lastName: 'Admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/mentions/suggest', () => {
  it('answers 401 without a session and 400 for an empty or over-long query', async () => {
    expect((await client(ctx.app).get('/api/mentions/suggest', { query: { q: 'Ada' } })).statusCode).toBe(401);
    expect((await writer.api.get('/api/mentions/suggest', { query: { q: '' } })).statusCode).toBe(400);
    expect((await writer.api.get('/api/mentions/suggest', { query: { q: 'a'.repeat(51) } })).statusCode).toBe(400);
  });

  it('suggests members the writer may see whose first or last name starts with the text, never the writer', async () => {
    const ids = (await suggest(writer, 'ada')).items.map((m) => m.id);
    expect(ids).toContain(ada.user.id);
    expect(ids).not.toContain(hidden.user.id);
    expect(ids).not.toContain(bea.user.id);
    expect((await suggest(writer, 'mentionABLE')).items.map((m) => m.id)).toEqual(expect.arrayContaining([ada.user.id, bea.user.id]));
    expect((await suggest(writer, 'Beatrix Ment')).items.map((m) => m.id)).toEqual([bea.user.id]);
    expect((await suggest(writer, 'wendy')).items.map((m) => m.id)).not.toContain(writer.user.id);
    // a prefix, not a part: "line" is inside "Adaline" but starts no name
    expect((await suggest(writer, 'line')).items.map((m) => m.id)).not.toContain(ada.user.id);
    // a LIKE wildcard is a character like any other
    expect((await suggest(writer, '%')).items).toEqual([]);
    const first = (await suggest(writer, 'Adaline')).items[0];
    expect(first).toEqual({ id: ada.user.id, name: 'Adaline Mentionable', picture: null, jobTitle: ada.user.jobTitle, company: ada.user.company });
  });

  it('suggests an unlisted member to an administrator, and to a member connected with her', async () => {
    expect((await suggest(admin, 'Adaira')).items.map((m) => m.id)).toEqual([hidden.user.id]);
    const friend = await makeSignedIn(ctx);
    await makeConnection(ctx.db, { from: hidden.user, to: friend.user, status: 'accepted', now: ctx.clock.now() });
    expect((await suggest(friend, 'Adaira')).items.map((m) => m.id)).toEqual([hidden.user.id]);
  });

  it('keeps a feed mention of a member out of the directory as plain text, even from a writer who may see her', async () => {
    // every member reads the feed: an administrator (who sees everyone) may not show her there
    const post = await writePost(admin, `Thanks ${tokenOf(hidden)} for the introduction`);
    expect(post.content).toBe('Thanks @Adaira Unlisted for the introduction');
    expect(await mentionsOf(hidden.user.id)).toEqual([]);
  });

  it('leaves out closed and pending accounts and answers at most eight', async () => {
    await makeUser(ctx.db, { firstName: 'Zelda', lastName: 'Pending', accountStatus: 'pending' });
    await makeUser(ctx.db, { firstName: 'Zelda', lastName: 'Closed', isActive: false });
    expect((await suggest(writer, 'Zelda')).items).toEqual([]);
    for (let i = 0; i < 10; i++) await makeUser(ctx.db, { firstName: 'Quentin', lastName: `Many${i}` });
    expect((await suggest(writer, 'Quentin')).items).toHaveLength(8);
  });
});

describe('mentions in posts and comments', () => {
  it('keeps a mention of a visible member as a link and tells them; a member the writer may not see is plain text and told nothing', async () => {
    const post = await writePost(writer, `Thanks ${tokenOf(ada)} and ${tokenOf(hidden)} and @[Ghost](user:not-a-uuid)!`);
    expect(post.content).toBe(`Thanks ${tokenOf(ada)} and @Adaira Unlisted and @Ghost!`);
    const [row] = await ctx.db.select({ content: communityPosts.content }).from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(row.content).toBe(post.content);
    const told = await mentionsOf(ada.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ entityType: 'community_post', entityId: post.id, actionUrl: `/community?post=${post.id}`, actorId: writer.user.id });
    expect(told[0].message).toContain('Wendy Writer mentioned you in the post "Introductions this week"');
    expect(await mentionsOf(hidden.user.id)).toHaveLength(0);
  });

  it('rewrites a spoofed name to the member’s own name', async () => {
    const post = await writePost(writer, `Ask @[The Chair](user:${bea.user.id})`);
    expect(post.content).toBe(`Ask ${tokenOf(bea)}`);
  });

  it('refuses a comment that the members’ own names push over its limit (400), storing nothing', async () => {
    const post = await writePost(writer, 'Limits and names');
    const short = `@[A](user:${ada.user.id})`;
    const res = await writer.api.post(`/api/community-posts/${post.id}/comments`, { body: { content: 'x'.repeat(2000 - short.length) + short } });
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.select().from(postComments).where(eq(postComments.postId, post.id))).toEqual([]);
  });

  it('never tells the writer of their own mention', async () => {
    const before = (await mentionsOf(writer.user.id)).length;
    const post = await writePost(writer, `Note to self: ${tokenOf(writer)}`);
    expect(post.content).toContain(tokenOf(writer));
    expect(await mentionsOf(writer.user.id)).toHaveLength(before);
  });

  it('tells only the newly mentioned when a post or a comment is edited', async () => {
    const post = await writePost(writer, `Hello ${tokenOf(ada)}`, 'Edits and mentions');
    const adaBefore = (await mentionsOf(ada.user.id)).length;
    const beaBefore = (await mentionsOf(bea.user.id)).length;
    await writer.api.patchOk(postSchema, `/api/community-posts/${post.id}`, { body: { content: `Hello ${tokenOf(ada)} and ${tokenOf(bea)}` } });
    expect(await mentionsOf(ada.user.id)).toHaveLength(adaBefore);
    expect(await mentionsOf(bea.user.id)).toHaveLength(beaBefore + 1);

    const c = await writer.api.create(commentSchema, `/api/community-posts/${post.id}/comments`, { body: { content: `cc ${tokenOf(ada)}` } });
    expect(await mentionsOf(ada.user.id)).toHaveLength(adaBefore + 1);
    const edited = await writer.api.patchOk(commentSchema, `/api/comments/${c.id}`, { body: { content: `cc ${tokenOf(ada)} ${tokenOf(bea)} ${tokenOf(hidden)}` } });
    expect(edited.content).toBe(`cc ${tokenOf(ada)} ${tokenOf(bea)} @Adaira Unlisted`);
    expect(await mentionsOf(ada.user.id)).toHaveLength(adaBefore + 1);
    expect(await mentionsOf(bea.user.id)).toHaveLength(beaBefore + 2);
    const [stored] = await ctx.db.select({ content: postComments.content }).from(postComments).where(eq(postComments.id, c.id));
    expect(stored.content).toBe(edited.content);
    expect((await mentionsOf(bea.user.id)).map((n) => n.message)).toContainEqual(expect.stringContaining('mentioned you in a comment on "Edits and mentions"'));
  });

  it('does not tell the post’s author twice: the comment notice is enough', async () => {
    const post = await writePost(ada, 'Ask me anything', 'Ada asks');
    const before = (await mentionsOf(ada.user.id)).length;
    await writer.api.create(commentSchema, `/api/community-posts/${post.id}/comments`, { body: { content: `Right, ${tokenOf(ada)}?` } });
    expect(await mentionsOf(ada.user.id)).toHaveLength(before);
    expect(await mentionsOf(ada.user.id, 'post_comment')).not.toHaveLength(0);
  });

  it('e-mails a mention to a member who turned the Mentions group on, and not by default', async () => {
    const keen = await makeSignedIn(ctx, { firstName: 'Keen', lastName: 'Reader' });
    const quiet = await makeSignedIn(ctx, { firstName: 'Quiet', lastName: 'Reader' });
    await ctx.db.insert(notificationPreferences).values({ userId: keen.user.id, emailTypes: ['lead_updates', 'mentions'], emailFrequency: 'immediate' });
    await writePost(writer, `Welcome ${tokenOf(keen)} and ${tokenOf(quiet)}`);
    // owed at once, then sent by the mail sender (which clears what it owed)
    await vi.waitFor(
      async () => {
        const [n] = await mentionsOf(keen.user.id);
        expect(n.emailedAt).not.toBeNull();
      },
      { timeout: 5_000, interval: 25 },
    );
    const [q] = await mentionsOf(quiet.user.id);
    expect(q).toMatchObject({ emailPending: null, emailedAt: null });
  });
});

describe('mentions in chat', () => {
  it('tells members of the channel with chat_mention; a non-member of a private channel stays plain text and is told nothing', async () => {
    const channel = await makeGroupChannel(ctx.db, { owner: writer.user, name: 'Inner circle', isPrivate: true, members: [ada.user], now: ctx.clock.now() });
    const m = await postChatMessage(ctx.db, writer.user, channel.id, `Over to ${tokenOf(ada)} and ${tokenOf(bea)}`, { at: ctx.clock.now() });
    expect(m.content).toBe(`Over to ${tokenOf(ada)} and @Beatrix Mentionable`);
    const told = await mentionsOf(ada.user.id, 'chat_mention');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ entityType: 'chat_channel', entityId: channel.id, actionUrl: `/chat/${channel.id}` });
    expect(told[0].message).toContain('#Inner circle');
    expect(await mentionsOf(bea.user.id, 'chat_mention')).toHaveLength(0);
    // an edit tells only whom it adds
    await editChatMessage(ctx.db, writer.user, m.id, `Over to ${tokenOf(ada)}, thanks`, ctx.clock.now());
    expect(await mentionsOf(ada.user.id, 'chat_mention')).toHaveLength(1);
  });

  it('keeps the link to a non-member of a public channel without telling them', async () => {
    const channel = await makeGroupChannel(ctx.db, { owner: writer.user, name: 'Open floor', members: [ada.user], now: ctx.clock.now() });
    const beaBefore = (await mentionsOf(bea.user.id, 'chat_mention')).length;
    const m = await postChatMessage(ctx.db, writer.user, channel.id, `Ping ${tokenOf(bea)}`, { at: ctx.clock.now() });
    expect(m.content).toBe(`Ping ${tokenOf(bea)}`);
    expect(await mentionsOf(bea.user.id, 'chat_mention')).toHaveLength(beaBefore);
    const [stored] = await ctx.db.select({ content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.id, m.id));
    expect(stored.content).toBe(m.content);
  });

  it('tells the other member of a direct conversation', async () => {
    await makeConnection(ctx.db, { from: writer.user, to: bea.user, status: 'accepted', now: ctx.clock.now() });
    const direct = await makeDirectConversation(ctx.db, writer.user, bea.user, ctx.clock.now());
    const before = (await mentionsOf(bea.user.id, 'chat_mention')).length;
    await postChatMessage(ctx.db, writer.user, direct.id, `Did you see this, ${tokenOf(bea)}?`, { at: ctx.clock.now() });
    const told = await mentionsOf(bea.user.id, 'chat_mention');
    expect(told).toHaveLength(before + 1);
    expect(told.map((n) => n.message)).toContainEqual(expect.stringContaining('Wendy Writer mentioned you in a conversation'));
  });
});
