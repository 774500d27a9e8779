import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../common/constants/chat.ts';
import {
  chatChannelMemberListSchema,
  chatChannelPageSchema,
  chatChannelSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  chatReadSchema,
  type ChatChannel,
} from '../../common/schemas/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { chatChannelMembers, chatChannels, chatMessages, memberConnections } from '../../server/db/schema/index.ts';
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

describe('messages', () => {
  it('stores content as typed (trimmed), refuses empty, over-long and control-character messages', async () => {
    const a = await member();
    const c = await channel(a);
    const typed = '<b>bold</b> & "quoted"\n\tindented';
    expect((await say(a, c.id, `  ${typed}  `)).content).toBe(typed);
    expect((await say(a, c.id, 'x'.repeat(CHAT_LIMITS.message.max))).content).toHaveLength(4000);
    const bad = async (content: unknown) => expectError(await a.api.post(`/api/chat/channels/${c.id}/messages`, { body: { content } }), 400, 'validation_failed').message;
    expect(await bad('')).toBe('Message is required');
    expect(await bad(' \n\t ')).toBe('Message is required');
    expect(await bad('x'.repeat(4001))).toBe('Message must be at most 4,000 characters');
    expect(await bad('ding\u0007')).toBe('Message cannot contain control characters');
    expect(await bad('nul\u0000')).toBe('Message cannot contain control characters');
    expect((await history(a, c.id)).items).toHaveLength(2);
  });

  it('refuses a reply to a message of another channel', async () => {
    const a = await member();
    const one = await channel(a);
    const two = await channel(a);
    const there = await say(a, two.id, 'over there');
    const res = await a.api.post(`/api/chat/channels/${one.id}/messages`, { body: { content: 'reply', replyToId: there.id } });
    expect(expectError(res, 400, 'validation_failed').issues).toEqual([{ path: 'replyToId', message: 'You can only reply to a message of this conversation.' }]);
    tick();
    const here = await say(a, one.id, 'here');
    expect((await say(a, one.id, 'reply', { replyToId: here.id })).replyToId).toBe(here.id);
  });

  it('lets the author edit their own message; another member gets 403 and a stranger 404', async () => {
    const owner = await member();
    const other = await member();
    const stranger = await member();
    const c = await channel(owner, { isPrivate: true });
    await owner.api.postOk(chatChannelSchema, `/api/chat/channels/${c.id}/invite`, { body: { userId: other.user.id } });
    const m = await say(other, c.id, 'frist');
    expect(m.can).toEqual({ edit: true, delete: true });
    const edited = await other.api.patchOk(chatMessageSchema, `/api/chat/messages/${m.id}`, { body: { content: 'first' } });
    expect(edited).toMatchObject({ content: 'first', isEdited: true });
    expectError(await owner.api.patch(`/api/chat/messages/${m.id}`, { body: { content: 'hijacked' } }), 403, 'forbidden');
    expectError(await stranger.api.patch(`/api/chat/messages/${m.id}`, { body: { content: 'hijacked' } }), 404, 'not_found');
    expectError(await stranger.api.delete(`/api/chat/messages/${m.id}`), 404, 'not_found');
    const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, m.id));
    expect(row.content).toBe('first');
  });

  it('lets the author, the channel owner or an admin delete, shown as deleted with no words', async () => {
    const owner = await member();
    const author = await member();
    const bystander = await member();
    const admin = await member({ role: 'admin' });
    const c = await channel(owner);
    for (const who of [author, bystander]) await who.api.postOk(chatChannelSchema, `/api/chat/channels/${c.id}/join`);
    const one = await say(author, c.id, 'one');
    const two = await say(author, c.id, 'two');
    const three = await say(author, c.id, 'three');
    expect((await history(bystander, c.id)).items.find((m) => m.id === one.id)?.can).toEqual({ edit: false, delete: false });
    expectError(await bystander.api.delete(`/api/chat/messages/${one.id}`), 403, 'forbidden');

    const gone = await author.api.deleteOk(chatMessageSchema, `/api/chat/messages/${one.id}`);
    expect(gone).toMatchObject({ isDeleted: true, content: '', can: { edit: false, delete: false } });
    expect((await owner.api.deleteOk(chatMessageSchema, `/api/chat/messages/${two.id}`)).isDeleted).toBe(true);
    // an admin who has not joined the public channel moderates it too
    expect((await admin.api.deleteOk(chatMessageSchema, `/api/chat/messages/${three.id}`)).isDeleted).toBe(true);
    expectError(await author.api.patch(`/api/chat/messages/${one.id}`, { body: { content: 'back' } }), 409, 'conflict');
    // but not in a private channel they are not part of: it does not exist for them
    const priv = await channel(owner, { isPrivate: true });
    const hidden = await say(owner, priv.id, 'owners only');
    expectError(await admin.api.delete(`/api/chat/messages/${hidden.id}`), 404, 'not_found');

    const seen = (await history(bystander, c.id)).items;
    expect(seen.map((m) => [m.content, m.isDeleted])).toEqual([
      ['', true],
      ['', true],
      ['', true],
    ]);
    const rows = await ctx.db.select().from(chatMessages).where(eq(chatMessages.channelId, c.id));
    expect(rows.every((r) => r.content === '' && r.deletedAt !== null)).toBe(true);
    expect(rows.find((r) => r.id === three.id)?.deletedById).toBe(admin.user.id);
  });

  it('pages history newest first with before (a message id or an instant)', async () => {
    const a = await member();
    const c = await channel(a);
    const sent: string[] = [];
    for (let i = 1; i <= 7; i++) {
      tick();
      sent.push((await say(a, c.id, `m${i}`)).id);
    }
    // two in the same instant still page without loss or repeat
    const same = await say(a, c.id, 'm8');
    sent.push(same.id);
    const p1 = await history(a, c.id, { limit: 3 });
    expect(p1.items).toHaveLength(3);
    const p2 = await history(a, c.id, { limit: 3, before: p1.nextBefore! });
    const p3 = await history(a, c.id, { limit: 3, before: p2.nextBefore! });
    expect(p3.nextBefore).toBeNull();
    const all = [...p1.items, ...p2.items, ...p3.items].map((m) => m.id);
    expect(new Set(all).size).toBe(8);
    expect(all.slice(2).map((id) => sent.indexOf(id))).toEqual([5, 4, 3, 2, 1, 0]);
    const firstSent = (await history(a, c.id, { limit: 100 })).items.at(-1)!;
    const before = (await history(a, c.id, { before: new Date(Date.parse(firstSent.createdAt) + 500).toISOString() })).items.map((m) => m.content);
    expect(before).toEqual(['m1']);
    expectError(await a.api.get(`/api/chat/channels/${c.id}/messages`, { query: { limit: 101 } }), 400, 'validation_failed');
    expectError(await a.api.get(`/api/chat/channels/${c.id}/messages`, { query: { before: 'yesterday' } }), 400, 'validation_failed');
    const elsewhere = await say(a, (await channel(a)).id, 'elsewhere');
    expectError(await a.api.get(`/api/chat/channels/${c.id}/messages`, { query: { before: elsewhere.id } }), 404, 'not_found');
  });

  it('limits how fast a member sends (429 with Retry-After), and lets them go on after a minute', async () => {
    const a = await member();
    const c = await channel(a);
    for (let i = 0; i < CHAT_LIMITS.messagesPerWindow; i++) await say(a, c.id, `n${i}`);
    const res = await a.api.post(`/api/chat/channels/${c.id}/messages`, { body: { content: 'one too many' } });
    expectError(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // another member is not held up by it
    const b = await member();
    await b.api.postOk(chatChannelSchema, `/api/chat/channels/${c.id}/join`);
    await say(b, c.id, 'still here');
    tick(CHAT_LIMITS.messageWindowMs + 1000);
    await say(a, c.id, 'back again');
  });
});

describe('the channel list and unread counts', () => {
  it('counts others’ messages after the last read, not deleted ones, and resets on read', async () => {
    const [a, b] = await connected();
    const group = await channel(a, { name: 'Team' });
    await b.api.postOk(chatChannelSchema, `/api/chat/channels/${group.id}/join`);
    const dm = await a.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: b.user.id } });
    tick();
    await say(a, group.id, 'one');
    await say(a, group.id, 'two');
    const doomed = await say(a, group.id, 'three');
    await say(b, group.id, 'mine');
    tick();
    await say(a, dm.id, 'psst');

    const unread = async (who: Member, id: string) => (await find(who, id))?.unreadCount;
    expect(await unread(b, group.id)).toBe(3);
    expect(await unread(a, group.id)).toBe(1);
    expect(await unread(b, dm.id)).toBe(1);
    await a.api.deleteOk(chatMessageSchema, `/api/chat/messages/${doomed.id}`);
    expect(await unread(b, group.id)).toBe(2);

    const list = await mine(b);
    // most recently active first, with the last message and, for the DM, the other member
    expect(list.map((c) => c.id).slice(0, 2)).toEqual([dm.id, group.id]);
    const dmSeen = list[0] as ChatChannel;
    expect(dmSeen).toMatchObject({
      name: `${a.user.firstName} ${a.user.lastName}`,
      otherMember: { id: a.user.id },
      lastMessage: { preview: 'psst', senderId: a.user.id, isDeleted: false },
    });

    tick();
    const read = await b.api.postOk(chatReadSchema, `/api/chat/channels/${group.id}/read`);
    expect(read.lastReadAt).toBe(ctx.clock.now().toISOString());
    expect(await unread(b, group.id)).toBe(0);
    tick();
    await say(a, group.id, 'four');
    expect(await unread(b, group.id)).toBe(1);
    expect(await unread(b, dm.id)).toBe(1);
  });
});
