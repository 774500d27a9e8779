import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_TOO_MANY_SOCKETS, LIVE_SOCKETS_PER_MEMBER, presenceListSchema, type Presence } from '../../common/schemas/live.ts';
import { makeGroupChannel } from '../../server/db/factories/chat.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';
import { connect, type TestSocket } from '../helpers/live-socket.ts';

/**
 * Presence and pictures follow the member profile's visibility: a member who left the directory is seen only by
 * those they are connected with or share a chat channel with, by themselves and by administrators; everyone else
 * reads them as offline and never seen (never a refusal), over the API and the live socket alike. The socket's
 * own work is bounded: one presence query per watch list, ten sockets per member.
 */
let ctx: TestContext;
let base: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await ctx.close();
});

async function socketOf(who: SignedIn): Promise<TestSocket> {
  const s = await connect(base, who.cookie);
  open.push(s);
  return s;
}

/** A multipart/form-data body with one picture, as a browser sends it. */
async function picture() {
  const bytes = await sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 20, g: 110, b: 190 } } })
    .png()
    .toBuffer();
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const unseen = (userId: string): Presence => ({ userId, status: 'offline', lastSeen: null });
const presenceOf = async (viewer: SignedIn, id: string) => (await viewer.api.getOk(presenceListSchema, '/api/presence', { query: { ids: id } })).items[0];
const hide = (who: SignedIn) => ctx.db.update(users).set({ availableForNetworking: false }).where(eq(users.id, who.user.id));

/** An unlisted member who is online now (a socket open), and the people around them. */
async function hiddenAndOnline() {
  const hidden = await makeSignedIn(ctx);
  await hide(hidden);
  const tab = await socketOf(hidden);
  await tab.next('ready');
  await expect.poll(async () => (await presenceOf(hidden, hidden.user.id)).status).toBe('online');
  return { hidden, tab };
}

describe('GET /api/presence', () => {
  it('answers offline and never seen for an unlisted member to a stranger (never 403); the truth to themselves and an admin', async () => {
    const { hidden } = await hiddenAndOnline();
    const stranger = await makeSignedIn(ctx);
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    expect(await presenceOf(stranger, hidden.user.id)).toEqual(unseen(hidden.user.id));
    expect((await presenceOf(hidden, hidden.user.id)).status).toBe('online');
    expect((await presenceOf(admin, hidden.user.id)).status).toBe('online');
    // the profile says the same: not found
    expectError(await stranger.api.get(`/api/users/${hidden.user.id}`), 404, 'not_found');
  });

  it('answers the truth to a member connected with them (accepted only) and to one sharing a chat channel', async () => {
    const { hidden } = await hiddenAndOnline();
    const friend = await makeSignedIn(ctx);
    const asked = await makeSignedIn(ctx);
    const colleague = await makeSignedIn(ctx);
    await makeConnection(ctx.db, { from: hidden.user, to: friend.user, status: 'accepted' });
    await makeConnection(ctx.db, { from: hidden.user, to: asked.user, status: 'pending' });
    await makeGroupChannel(ctx.db, { owner: colleague.user, isPrivate: true, members: [hidden.user] });
    expect((await presenceOf(friend, hidden.user.id)).status).toBe('online');
    expect((await presenceOf(colleague, hidden.user.id)).status).toBe('online');
    expect(await presenceOf(asked, hidden.user.id)).toEqual(unseen(hidden.user.id));
  });

  it('answers a list in one go, each member by the rule, in the order asked', async () => {
    const { hidden } = await hiddenAndOnline();
    const listed = await makeSignedIn(ctx);
    const listedTab = await socketOf(listed);
    await listedTab.next('ready');
    const viewer = await makeSignedIn(ctx);
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const { items } = await viewer.api.getOk(presenceListSchema, '/api/presence', { query: { ids: `${hidden.user.id},${listed.user.id},${missing}` } });
    expect(items.map((p) => [p.userId, p.status])).toEqual([
      [hidden.user.id, 'offline'],
      [listed.user.id, 'online'],
      [missing, 'offline'],
    ]);
    expect(items[0].lastSeen).toBeNull();
  });
});

describe('watching over the live socket', () => {
  it('a stranger’s watch reads an unlisted member as offline and hears none of their changes; a connected member hears them', async () => {
    const { hidden, tab } = await hiddenAndOnline();
    const stranger = await makeSignedIn(ctx);
    const friend = await makeSignedIn(ctx);
    await makeConnection(ctx.db, { from: hidden.user, to: friend.user, status: 'accepted' });
    const [s, f] = [await socketOf(stranger), await socketOf(friend)];
    await Promise.all([s.next('ready'), f.next('ready')]);
    s.send({ type: 'watch', userIds: [hidden.user.id] });
    f.send({ type: 'watch', userIds: [hidden.user.id] });
    expect((await s.next('presence', (e) => e.presence.userId === hidden.user.id)).presence).toEqual(unseen(hidden.user.id));
    expect((await f.next('presence', (e) => e.presence.userId === hidden.user.id)).presence.status).toBe('online');
    tab.send({ type: 'presence', status: 'away' });
    await f.next('presence', (e) => e.presence.userId === hidden.user.id && e.presence.status === 'away');
    expect(s.events.filter((e) => e.type === 'presence' && e.presence.userId === hidden.user.id)).toEqual([{ type: 'presence', presence: unseen(hidden.user.id) }]);
  });

  it('stops following a member who leaves the directory: told offline once, then nothing', async () => {
    const watched = await makeSignedIn(ctx);
    const tab = await socketOf(watched);
    await tab.next('ready');
    const viewer = await makeSignedIn(ctx);
    const v = await socketOf(viewer);
    await v.next('ready');
    v.send({ type: 'watch', userIds: [watched.user.id] });
    await v.next('presence', (e) => e.presence.userId === watched.user.id && e.presence.status === 'online');
    await hide(watched);
    tab.send({ type: 'presence', status: 'away' });
    await v.next('presence', (e) => e.presence.userId === watched.user.id && e.presence.lastSeen === null);
    tab.send({ type: 'presence', status: 'online' });
    await tab.close();
    // a change the viewer may hear shows the hub has moved on
    await new Promise((r) => setTimeout(r, 500));
    const about = v.events.filter((e) => e.type === 'presence' && e.presence.userId === watched.user.id);
    expect(about.map((e) => (e.type === 'presence' ? e.presence.status : null))).toEqual(['online', 'offline']);
  });

  it('answers a watch list of many members with one presence query, not one per member', async () => {
    const viewer = await makeSignedIn(ctx);
    const v = await socketOf(viewer);
    await v.next('ready');
    const ids = Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const store = ctx.app.ctx.live!.presence;
    let queries = 0;
    const original = store.seenBy.bind(store);
    store.seenBy = async (...args) => {
      queries += 1;
      return original(...args);
    };
    try {
      v.send({ type: 'watch', userIds: ids });
      await expect.poll(() => v.events.filter((e) => e.type === 'presence').length, { timeout: 10_000 }).toBe(150);
      expect(queries).toBe(1);
    } finally {
      store.seenBy = original;
    }
  });
});

describe('sockets per member', () => {
  it(`keeps ${LIVE_SOCKETS_PER_MEMBER} sockets of a member at most: a new one closes the oldest with its own close code`, async () => {
    const member = await makeSignedIn(ctx);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_MEMBER; i++) {
      const s = await socketOf(member);
      await s.next('ready');
      sockets.push(s);
    }
    const newest = await socketOf(member);
    await newest.next('ready');
    expect(await sockets[0].closed).toBe(CLOSE_TOO_MANY_SOCKETS);
    for (const s of sockets.slice(1)) expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});

describe('GET /api/users/:id/picture', () => {
  it('is 404 to a member who may not see its owner; their own always, a connected member and an admin too', async () => {
    const owner = await makeSignedIn(ctx);
    expect((await owner.api.post('/api/auth/upload-profile-picture', await picture())).statusCode).toBe(200);
    const stranger = await makeSignedIn(ctx);
    const friend = await makeSignedIn(ctx);
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    await makeConnection(ctx.db, { from: owner.user, to: friend.user, status: 'accepted' });
    const url = `/api/users/${owner.user.id}/picture?size=64`;
    expect((await stranger.api.get(url)).statusCode).toBe(200);
    await hide(owner);
    expectError(await stranger.api.get(url), 404, 'not_found');
    for (const who of [owner, friend, admin]) expect((await who.api.get(url)).statusCode).toBe(200);
  });

  it('is shown to a member sharing a chat channel with its owner', async () => {
    const owner = await makeSignedIn(ctx);
    expect((await owner.api.post('/api/auth/upload-profile-picture', await picture())).statusCode).toBe(200);
    await hide(owner);
    const colleague = await makeSignedIn(ctx);
    const url = `/api/users/${owner.user.id}/picture?size=64`;
    expectError(await colleague.api.get(url), 404, 'not_found');
    await makeGroupChannel(ctx.db, { owner: owner.user, members: [colleague.user] });
    expect((await colleague.api.get(url)).statusCode).toBe(200);
  });
});

describe('daily limits', () => {
  it('creates 10 channels a member a day, then 429 with Retry-After and a clear message', async () => {
    const member = await makeSignedIn(ctx);
    for (let i = 0; i < 10; i++) expect((await member.api.post('/api/chat/channels', { body: { name: `Channel ${i}`, isPrivate: false } })).statusCode).toBe(201);
    const refused = await member.api.post('/api/chat/channels', { body: { name: 'One too many', isPrivate: false } });
    const error = expectError(refused, 429, 'rate_limited');
    expect(error.message).toBe('You can create up to 10 channels a day. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends 50 connection requests a member a day, then 429 with Retry-After and a clear message', async () => {
    const member = await makeSignedIn(ctx);
    const others = await Promise.all(Array.from({ length: 51 }, async () => ({ user: await makeUser(ctx.db) })));
    for (const o of others.slice(0, 50)) expect((await member.api.post('/api/member-connections', { body: { receiverId: o.user.id } })).statusCode).toBe(201);
    const refused = await member.api.post('/api/member-connections', { body: { receiverId: others[50].user.id } });
    const error = expectError(refused, 429, 'rate_limited');
    expect(error.message).toBe('You can send up to 50 connection requests a day. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
