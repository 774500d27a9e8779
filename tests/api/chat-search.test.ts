import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannelSchema, chatMessageSchema, chatSearchPageSchema } from '../../common/schemas/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { snippetOf } from '../../server/services/chat-search.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/**
 * GET /api/chat/search: a member finds the messages of the channels and direct conversations they belong to now,
 * never those of a channel they left, never joined, or that is private to others, and never a deleted one; newest
 * first, a page at a time; the query can be answered by the trigram index of migration 0037.
 */

let ctx: TestContext;

async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}
type Member = Awaited<ReturnType<typeof member>>;

const tick = (ms = 1000) => ctx.clock.advance(ms);
const channel = (who: Member, o: Record<string, unknown> = {}) =>
  who.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Deal flow', isPrivate: false, ...o } });
async function say(who: Member, channelId: string, content: string) {
  tick();
  return who.api.create(chatMessageSchema, `/api/chat/channels/${channelId}/messages`, { body: { content } });
}
const search = (who: Member, q: string, query: Record<string, string | number> = {}) =>
  who.api.getOk(chatSearchPageSchema, '/api/chat/search', { query: { q, ...query } });
const found = async (who: Member, q: string) => (await search(who, q)).items.map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/chat/search', () => {
  it('finds only messages of channels the member belongs to now, and never a deleted one', async () => {
    const owner = await member({ firstName: 'Olive', lastName: 'Owner' });
    const joiner = await member();
    const outsider = await member();
    const admin = await member({ role: 'admin' });
    const open = await channel(owner, { name: 'Open room' });
    const secret = await channel(owner, { name: 'Secret room', isPrivate: true });
    await joiner.api.post(`/api/chat/channels/${open.id}/join`);
    const visible = await say(owner, open.id, 'The Zephyrine account is ready');
    const hidden = await say(owner, secret.id, 'Zephyrine pricing, private');
    const gone = await say(owner, open.id, 'Zephyrine draft to delete');
    await owner.api.delete(`/api/chat/messages/${gone.id}`);

    const page = await search(owner, 'zephyrine');
    expect(page.items.map((i) => i.id)).toEqual([hidden.id, visible.id]);
    expect(page.items[1]).toMatchObject({
      channelId: open.id,
      channelName: 'Open room',
      channelType: 'group',
      sender: { id: owner.user.id, firstName: 'Olive', lastName: 'Owner' },
      createdAt: visible.createdAt,
      snippet: 'The Zephyrine account is ready',
    });
    expect(await found(joiner, 'Zephyrine')).toEqual([visible.id]);
    // a public channel they never joined, a private one, and an administrator who is in neither
    expect(await found(outsider, 'Zephyrine')).toEqual([]);
    expect(await found(admin, 'Zephyrine')).toEqual([]);
    // once the joiner leaves, the channel's messages are not theirs to find
    await joiner.api.post(`/api/chat/channels/${open.id}/leave`);
    expect(await found(joiner, 'Zephyrine')).toEqual([]);
  });

  it('finds direct conversations under the other member’s name, for their two members only', async () => {
    const a = await member({ firstName: 'Ada', lastName: 'Direct' });
    const b = await member({ firstName: 'Bea', lastName: 'Direct' });
    const c = await member();
    await makeConnection(ctx.db, { from: a.user, to: b.user, status: 'accepted' });
    const dm = await a.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: b.user.id } });
    const msg = await say(a, dm.id, 'Quillfeather intro tomorrow?');
    expect((await search(b, 'quillfeather')).items).toEqual([expect.objectContaining({ id: msg.id, channelType: 'direct', channelName: 'Ada Direct' })]);
    expect((await search(a, 'quillfeather')).items[0].channelName).toBe('Bea Direct');
    expect(await found(c, 'quillfeather')).toEqual([]);
  });

  it('takes % and _ literally, matches in any case, and pages newest first without loss or repeats', async () => {
    const a = await member();
    const room = await channel(a);
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await say(a, room.id, `Marmalade note ${i}`));
    await say(a, room.id, 'Marmalade 100% sure');
    await say(a, room.id, 'Marmalade 100 sure');
    expect((await search(a, '100%')).items.map((i) => i.snippet)).toEqual(['Marmalade 100% sure']);
    expect((await search(a, 'note_')).items).toEqual([]);

    const first = await search(a, 'MARMALADE NOTE', { limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([sent[4].id, sent[3].id]);
    const second = await search(a, 'marmalade note', { limit: 2, before: first.nextBefore! });
    const third = await search(a, 'marmalade note', { limit: 2, before: second.nextBefore! });
    expect([...second.items, ...third.items].map((i) => i.id)).toEqual([sent[2].id, sent[1].id, sent[0].id]);
    expect(third.nextBefore).toBeNull();
  });

  it('refuses a text too short or too long, and the signed-out and applicants', async () => {
    const a = await member();
    expect(expectError(await a.api.get('/api/chat/search', { query: { q: ' xy ' } }), 400, 'validation_failed').message).toBe('Type at least 3 characters');
    expect(expectError(await a.api.get('/api/chat/search', { query: { q: 'x'.repeat(101) } }), 400, 'validation_failed').message).toBe(
      'Search for at most 100 characters',
    );
    expectError(await a.api.get('/api/chat/search'), 400, 'validation_failed');
    expectError(await a.api.get('/api/chat/search', { query: { q: 'hello', before: 'nope' } }), 400, 'validation_failed');
    expectError(await client(ctx.app).get('/api/chat/search', { query: { q: 'hello' } }), 401, 'unauthorized');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).get('/api/chat/search', { query: { q: 'hello' } }), 403, 'forbidden');
  });

  it('cuts a long message around the match and shows mentions as they read', () => {
    const long = `${'a'.repeat(300)} needle ${'b'.repeat(300)}`;
    const s = snippetOf(long, 'needle');
    expect(s.startsWith('…') && s.endsWith('…')).toBe(true);
    expect(s).toContain('needle');
    expect(s.length).toBeLessThanOrEqual(162);
    expect(snippetOf('Hi @[Ada Lovelace](user:10000000-0000-4000-8000-000000000001), see\nthis', 'see')).toBe('Hi @Ada Lovelace, see this');
  });

  it('is answered by the trigram index over messages that are not deleted', async () => {
    const index = await ctx.db.execute(sql`select indexdef from pg_indexes where indexname = 'chat_messages_content_trgm_idx'`);
    const [{ indexdef }] = (index as unknown as { rows: { indexdef: string }[] }).rows;
    expect(indexdef).toMatch(/USING gin \(content gin_trgm_ops\) WHERE \(NOT is_deleted\)/);
    const a = await member();
    const room = await channel(a, { name: 'Filler room' });
    await ctx.db.execute(sql`
      insert into chat_messages (channel_id, sender_id, content)
      select ${room.id}::uuid, ${a.user.id}::uuid, 'Filler message ' || g from generate_series(1, 4000) g`);
    await ctx.db.execute(sql`vacuum analyze chat_messages`);
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(
        sql`explain select id from chat_messages where not is_deleted and content ilike ${'%zephyrine%'} order by created_at desc, id desc limit 21`,
      );
      return (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('chat_messages_content_trgm_idx');
  });
});
