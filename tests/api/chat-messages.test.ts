import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../common/constants/chat.ts';
import { chatChannelPageSchema, chatChannelSchema, chatMessagePageSchema, chatMessageSchema, chatReadSchema, type ChatChannel } from '../../common/schemas/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { chatMessages, domainEvents } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

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

describe('domain events', () => {
  it('records a message posted with its ids only, and nothing for a refused one', async () => {
    const owner = await member();
    const outsider = await member();
    const room = await channel(owner);
    const first = await say(owner, room.id, 'Who has a warm intro to Acme?');
    await tick();
    const reply = await say(owner, room.id, 'Asking for a friend.', { replyToId: first.id });
    expectError(await outsider.api.post(`/api/chat/channels/${room.id}/messages`, { body: { content: 'Let me in' } }), 403, 'forbidden');
    expect(await eventsOf([first.id, reply.id])).toEqual(
      expect.arrayContaining([
        {
          type: 'chat.message_posted',
          entityType: 'chat_message',
          entityId: first.id,
          actorId: owner.user.id,
          data: { messageId: first.id, channelId: room.id, senderId: owner.user.id, replyToId: null },
        },
        {
          type: 'chat.message_posted',
          entityType: 'chat_message',
          entityId: reply.id,
          actorId: owner.user.id,
          data: { messageId: reply.id, channelId: room.id, senderId: owner.user.id, replyToId: first.id },
        },
      ]),
    );
    const posted = await ctx.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'chat.message_posted'), eq(domainEvents.actorId, outsider.user.id)));
    expect(posted).toEqual([]);
  });
});
