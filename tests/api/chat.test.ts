import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannelMemberListSchema, chatChannelPageSchema, chatChannelSchema, chatMessagePageSchema, chatMessageSchema } from '../../common/schemas/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { chatChannelMembers, chatChannels, chatMessages, domainEvents, memberConnections } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;

/** A signed-in member through a session opened directly, for the many members a test needs. */
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Moves the clock on, so each step happens at its own instant (the test clock stands still otherwise). */
const tick = (ms = 1000) => ctx.clock.advance(ms);

const channel = (who: Member, o: Record<string, unknown> = {}) =>
  who.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Deal flow', isPrivate: false, ...o } });
const say = (who: Member, channelId: string, content: string, o: Record<string, unknown> = {}) =>
  who.api.create(chatMessageSchema, `/api/chat/channels/${channelId}/messages`, { body: { content, ...o } });
const history = (who: Member, channelId: string, query: Record<string, string | number> = {}) =>
  who.api.getOk(chatMessagePageSchema, `/api/chat/channels/${channelId}/messages`, { query });
const mine = async (who: Member) => (await who.api.getOk(chatChannelPageSchema, '/api/chat/channels')).items;
const find = async (who: Member, id: string) => (await mine(who)).find((c) => c.id === id);
async function connected() {
  const a = await member();
  const b = await member();
  await makeConnection(ctx.db, { from: a.user, to: b.user, status: 'accepted' });
  return [a, b] as const;
}

/** The domain events recorded about these records: type, actor and data. */
const eventsOf = (entityIds: string[]) =>
  ctx.db
    .select({ type: domainEvents.type, entityType: domainEvents.entityType, entityId: domainEvents.entityId, actorId: domainEvents.actorId, data: domainEvents.data })
    .from(domainEvents)
    .where(inArray(domainEvents.entityId, entityIds));

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('access', () => {
  const id = NO_SUCH_ID;
  const routes: Array<[string, string]> = [
    ['GET', '/api/chat/channels'],
    ['POST', '/api/chat/channels'],
    ['GET', `/api/chat/channels/${id}`],
    ['GET', `/api/chat/channels/${id}/members`],
    ['POST', `/api/chat/channels/${id}/join`],
    ['POST', `/api/chat/channels/${id}/leave`],
    ['POST', `/api/chat/channels/${id}/invite`],
    ['POST', `/api/chat/channels/${id}/read`],
    ['GET', `/api/chat/channels/${id}/messages`],
    ['POST', `/api/chat/channels/${id}/messages`],
    ['PATCH', `/api/chat/messages/${id}`],
    ['DELETE', `/api/chat/messages/${id}`],
    ['POST', '/api/chat/direct'],
  ];

  it('answers 401 without a session and 403 to a pending account on every chat route', async () => {
    const pending = await member({ accountStatus: 'pending' });
    const anon = client(ctx.app);
    for (const [method, url] of routes) {
      const o = ['GET', 'DELETE'].includes(method) ? {} : { body: {} };
      expectError(await anon.request(method as 'GET', url, o), 401, 'unauthorized');
      expectError(await pending.api.request(method as 'GET', url, o), 403, 'forbidden');
    }
  });

  it('answers 404 for a channel or message that does not exist', async () => {
    const a = await member();
    expectError(await a.api.get(`/api/chat/channels/${id}/messages`), 404, 'not_found');
    expectError(await a.api.post(`/api/chat/channels/${id}/join`), 404, 'not_found');
    expectError(await a.api.patch(`/api/chat/messages/${id}`, { body: { content: 'x' } }), 404, 'not_found');
    expectError(await a.api.delete(`/api/chat/messages/${id}`), 404, 'not_found');
  });

  it('refuses a write from another site', async () => {
    const a = await member();
    const c = await channel(a);
    const res = await a.api.post(`/api/chat/channels/${c.id}/messages`, {
      body: { content: 'hello' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(res, 403, 'forbidden');
    expect(await ctx.db.select().from(chatMessages).where(eq(chatMessages.channelId, c.id))).toEqual([]);
  });
});

describe('group channels', () => {
  it('lets any member create one and makes them its owner', async () => {
    const a = await member();
    const c = await channel(a, { name: '  Partners in the North  ', description: 'Leads around Leeds', isPrivate: true });
    expect(c).toMatchObject({
      type: 'group',
      name: 'Partners in the North',
      description: 'Leads around Leeds',
      isPrivate: true,
      role: 'owner',
      memberCount: 1,
      unreadCount: 0,
    });
    expect(c.can).toEqual({ read: true, post: true, join: false, leave: true, invite: true });
    const bad = async (body: Record<string, unknown>) => expectError(await a.api.post('/api/chat/channels', { body }), 400, 'validation_failed').message;
    expect(await bad({ name: '   ', isPrivate: false })).toBe('Channel name is required');
    expect(await bad({ name: 'x'.repeat(81), isPrivate: false })).toBe('Channel name must be at most 80 characters');
    expect(await bad({ name: 'ok', description: 'x'.repeat(501) })).toBe('Description must be at most 500 characters');
    expect(await bad({ name: 'bell\u0007' })).toBe('Channel name cannot contain control characters');
  });

  it('keeps a private channel hidden from strangers (404) and a public one closed until they join (403)', async () => {
    const owner = await member();
    const stranger = await member();
    const priv = await channel(owner, { isPrivate: true });
    const pub = await channel(owner, { name: 'Open floor' });
    await say(owner, priv.id, 'secret');
    await say(owner, pub.id, 'hello all');

    expectError(await stranger.api.get(`/api/chat/channels/${priv.id}/messages`), 404, 'not_found');
    expectError(await stranger.api.post(`/api/chat/channels/${priv.id}/messages`, { body: { content: 'let me in' } }), 404, 'not_found');
    expectError(await stranger.api.post(`/api/chat/channels/${priv.id}/join`), 404, 'not_found');
    expectError(await stranger.api.post(`/api/chat/channels/${priv.id}/read`), 404, 'not_found');

    expectError(await stranger.api.get(`/api/chat/channels/${pub.id}/messages`), 403, 'forbidden');
    expectError(await stranger.api.post(`/api/chat/channels/${pub.id}/messages`, { body: { content: 'hi' } }), 403, 'forbidden');
    const discover = await stranger.api.getOk(chatChannelPageSchema, '/api/chat/channels', { query: { scope: 'discover' } });
    expect(discover.items.map((c) => c.id)).toContain(pub.id);
    expect(discover.items.map((c) => c.id)).not.toContain(priv.id);
    expect(discover.items.find((c) => c.id === pub.id)).toMatchObject({ role: null, lastMessage: null, can: { join: true, read: false, post: false } });
    expect(await find(stranger, pub.id)).toBeUndefined();

    const joined = await stranger.api.postOk(chatChannelSchema, `/api/chat/channels/${pub.id}/join`);
    expect(joined).toMatchObject({ role: 'member', memberCount: 2, can: { read: true, post: true, join: false, leave: true, invite: false } });
    expect((await history(stranger, pub.id)).items.map((m) => m.content)).toEqual(['hello all']);
    await say(stranger, pub.id, 'thanks');
    const again = await stranger.api.getOk(chatChannelPageSchema, '/api/chat/channels', { query: { scope: 'discover' } });
    expect(again.items.map((c) => c.id)).not.toContain(pub.id);

    expect((await stranger.api.post(`/api/chat/channels/${pub.id}/leave`)).statusCode).toBe(204);
    expectError(await stranger.api.get(`/api/chat/channels/${pub.id}/messages`), 403, 'forbidden');
    expectError(await stranger.api.post(`/api/chat/channels/${pub.id}/leave`), 409, 'conflict');
  });

  it('lets only the owner of a private channel invite, once per member', async () => {
    const owner = await member();
    const guest = await member();
    const third = await member();
    const priv = await channel(owner, { isPrivate: true });
    const pub = await channel(owner);
    const invited = await owner.api.postOk(chatChannelSchema, `/api/chat/channels/${priv.id}/invite`, { body: { userId: guest.user.id } });
    expect(invited.memberCount).toBe(2);
    expect((await find(guest, priv.id))?.role).toBe('member');
    expectError(await owner.api.post(`/api/chat/channels/${priv.id}/invite`, { body: { userId: guest.user.id } }), 409, 'conflict');
    // a member who is not the owner, a stranger, and any invitation to a public channel
    expectError(await guest.api.post(`/api/chat/channels/${priv.id}/invite`, { body: { userId: third.user.id } }), 403, 'forbidden');
    expectError(await third.api.post(`/api/chat/channels/${priv.id}/invite`, { body: { userId: third.user.id } }), 404, 'not_found');
    expectError(await owner.api.post(`/api/chat/channels/${pub.id}/invite`, { body: { userId: third.user.id } }), 403, 'forbidden');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await owner.api.post(`/api/chat/channels/${priv.id}/invite`, { body: { userId: pending.id } }), 404, 'not_found');
    const members = await ctx.db.select().from(chatChannelMembers).where(eq(chatChannelMembers.channelId, priv.id));
    expect(members.map((m) => m.userId).sort()).toEqual([owner.user.id, guest.user.id].sort());
  });

  it('hands ownership to the longest-standing member when the last owner leaves', async () => {
    const owner = await member();
    const first = await member();
    const second = await member();
    const c = await channel(owner);
    tick();
    await first.api.postOk(chatChannelSchema, `/api/chat/channels/${c.id}/join`);
    tick();
    await second.api.postOk(chatChannelSchema, `/api/chat/channels/${c.id}/join`);
    expect((await owner.api.post(`/api/chat/channels/${c.id}/leave`)).statusCode).toBe(204);
    expect((await find(first, c.id))?.role).toBe('owner');
    expect((await find(second, c.id))?.role).toBe('member');
  });
});

describe('one channel and its members', () => {
  it('shows a channel to whoever may see it and its members to its members only', async () => {
    const owner = await member({ firstName: 'Olive' });
    const joiner = await member({ firstName: 'Jon' });
    const stranger = await member();
    const pub = await channel(owner, { name: 'Open floor' });
    const priv = await channel(owner, { name: 'Back room', isPrivate: true });

    // a private group does not exist for a stranger; a public one is shown but its members are not
    expectError(await stranger.api.get(`/api/chat/channels/${priv.id}`), 404, 'not_found');
    expectError(await stranger.api.get(`/api/chat/channels/${priv.id}/members`), 404, 'not_found');
    const seen = await stranger.api.getOk(chatChannelSchema, `/api/chat/channels/${pub.id}`);
    expect(seen).toMatchObject({ id: pub.id, name: 'Open floor', role: null, memberCount: 1, can: { join: true, read: false } });
    expectError(await stranger.api.get(`/api/chat/channels/${pub.id}/members`), 403, 'forbidden');
    expectError(await stranger.api.get('/api/chat/channels/not-a-uuid'), 400, 'validation_failed');

    await tick();
    await joiner.api.post(`/api/chat/channels/${pub.id}/join`);
    const mineNow = await joiner.api.getOk(chatChannelSchema, `/api/chat/channels/${pub.id}`);
    expect(mineNow).toMatchObject({ role: 'member', memberCount: 2 });
    const { items } = await joiner.api.getOk(chatChannelMemberListSchema, `/api/chat/channels/${pub.id}/members`);
    expect(items.map((m) => [m.id, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [joiner.user.id, 'member'],
    ]);
    expect(items[0].firstName).toBe('Olive');
  });
});

describe('direct conversations', () => {
  it('opens one only between connected members, and the same one afterwards', async () => {
    const [a, b] = await connected();
    const stranger = await member();
    expectError(await a.api.post('/api/chat/direct', { body: { userId: a.user.id } }), 400, 'bad_request');
    expectError(await a.api.post('/api/chat/direct', { body: { userId: stranger.user.id } }), 403, 'forbidden');
    expectError(await a.api.post('/api/chat/direct', { body: { userId: NO_SUCH_ID } }), 404, 'not_found');
    const dm = await a.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: b.user.id } });
    expect(dm).toMatchObject({ type: 'direct', isPrivate: true, memberCount: 2, name: `${b.user.firstName} ${b.user.lastName}` });
    expect(dm.otherMember).toEqual({ id: b.user.id, firstName: b.user.firstName, lastName: b.user.lastName, profilePicture: null });
    const same = await b.api.postOk(chatChannelSchema, '/api/chat/direct', { body: { userId: a.user.id } });
    expect(same.id).toBe(dm.id);
    expect(same.otherMember?.id).toBe(a.user.id);
    // the conversation is theirs alone
    expectError(await stranger.api.get(`/api/chat/channels/${dm.id}/messages`), 404, 'not_found');
    expectError(await stranger.api.post(`/api/chat/channels/${dm.id}/join`), 404, 'not_found');
    expectError(await a.api.post(`/api/chat/channels/${dm.id}/leave`), 400, 'bad_request');
  });

  it('creates exactly one conversation when both members open it at once', async () => {
    // several pairs at once, each from both ends, so the race is run more than once
    const pairs = await Promise.all(Array.from({ length: 5 }, () => connected()));
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all([a.api.post('/api/chat/direct', { body: { userId: b.user.id } }), b.api.post('/api/chat/direct', { body: { userId: a.user.id } })]),
      ),
    );
    for (const [i, [x, y]] of answers.entries()) {
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 201]);
      expect(x.json().id).toBe(y.json().id);
      const [a, b] = pairs[i];
      const key = [a.user.id, b.user.id].sort().join(':');
      expect(await ctx.db.select().from(chatChannels).where(eq(chatChannels.directKey, key))).toHaveLength(1);
      expect(await ctx.db.select().from(chatChannelMembers).where(eq(chatChannelMembers.channelId, x.json().id))).toHaveLength(2);
    }
  });

  it('stays readable after the members disconnect but takes no new messages (409)', async () => {
    const [a, b] = await connected();
    const dm = await a.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: b.user.id } });
    await say(a, dm.id, 'Lunch on Friday?');
    await ctx.db.delete(memberConnections).where(and(eq(memberConnections.requesterUserId, a.user.id), eq(memberConnections.targetUserId, b.user.id)));
    expect((await history(b, dm.id)).items.map((m) => m.content)).toEqual(['Lunch on Friday?']);
    expect((await find(b, dm.id))?.can.post).toBe(false);
    expectError(await b.api.post(`/api/chat/channels/${dm.id}/messages`, { body: { content: 'Sure' } }), 409, 'conflict');
    expect((await b.api.postOk(chatChannelSchema, '/api/chat/direct', { body: { userId: a.user.id } })).id).toBe(dm.id);
  });
});

describe('domain events', () => {
  it('records a group channel created and a direct conversation opened the first time, ids only', async () => {
    const owner = await member();
    const group = await channel(owner, { isPrivate: true });
    const [a, b] = await connected();
    const dm = await a.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: b.user.id } });
    await b.api.postOk(chatChannelSchema, '/api/chat/direct', { body: { userId: a.user.id } });
    expect(await eventsOf([group.id])).toEqual([
      {
        type: 'chat.channel_created',
        entityType: 'chat_channel',
        entityId: group.id,
        actorId: owner.user.id,
        data: { channelId: group.id, type: 'group', isPrivate: true, createdById: owner.user.id },
      },
    ]);
    // opening the conversation again records nothing more
    expect(await eventsOf([dm.id])).toEqual([
      {
        type: 'chat.channel_created',
        entityType: 'chat_channel',
        entityId: dm.id,
        actorId: a.user.id,
        data: { channelId: dm.id, type: 'direct', isPrivate: true, createdById: a.user.id },
      },
    ]);
  });
});
