import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatChannelSchema, chatMessageSchema } from '../../common/schemas/chat.ts';
import { presenceListSchema } from '../../common/schemas/live.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { presenceSockets, sessions } from '../../server/db/schema/index.ts';
import { setSecuritySettings } from '../../server/services/app-settings.ts';
import { notify } from '../../server/services/notify.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError, rawHttp } from '../helpers/http.ts';
import { connect, openSocket, type TestSocket } from '../helpers/live-socket.ts';

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

/** Tells a member something, as any workflow does, and answers the notification's title. */
async function tell(who: SignedIn, title: string) {
  await notify(ctx.db, who.user.id, 'lead_status', { type: 'lead', id: title }, { title, message: 'Details.', actionUrl: '/leads', at: ctx.clock.now() });
  return title;
}

describe('the handshake', () => {
  it('refuses a visitor who is not signed in (401) and an account still pending review (403)', async () => {
    expect(await openSocket(base, undefined)).toEqual({ ok: false, status: 401 });
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expect(await openSocket(base, await openSession(ctx, pending.id))).toEqual({ ok: false, status: 403 });
  });

  it('ends the connection of a refused handshake (a refused client cannot hold sockets open)', async () => {
    const port = Number(new URL(base).port);
    const upgrade = (headers: string) =>
      rawHttp(
        port,
        `GET /api/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n`,
      );
    // rawHttp resolves only once the server ends the connection
    expect((await upgrade(`Origin: ${base}\r\n`)).status).toBe(401);
    const member = await makeSignedIn(ctx);
    expect((await upgrade(`Origin: https://evil.example\r\nCookie: ${member.cookie}\r\n`)).status).toBe(403);
  });

  it('refuses a page of another site, and a handshake without an Origin, even with a valid session cookie', async () => {
    const member = await makeSignedIn(ctx);
    expect(await openSocket(base, member.cookie, 'https://evil.example')).toEqual({ ok: false, status: 403 });
    expect(await openSocket(base, member.cookie, base.replace('127.0.0.1', 'localhost'))).toEqual({ ok: false, status: 403 });
    expect(await openSocket(base, member.cookie, null)).toEqual({ ok: false, status: 403 });
    const accepted = await openSocket(base, member.cookie);
    expect(accepted.ok).toBe(true);
    if (accepted.ok) {
      open.push(accepted.socket);
      expect(await accepted.socket.next('ready')).toEqual({ type: 'ready', userId: member.user.id });
    }
  });

  it('accepts the configured public address as an origin', async () => {
    const other = await createTestApp({ config: { publicUrl: 'https://partners.example' } });
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const member = await makeSignedIn(other);
      const result = await openSocket(url, member.cookie, 'https://partners.example');
      expect(result.ok).toBe(true);
      if (result.ok) await result.socket.close();
      expect(await openSocket(url, member.cookie, 'https://partners.example.evil.test')).toEqual({ ok: false, status: 403 });
    } finally {
      await other.close();
    }
  });

  it('closes a socket that sends anything but a presence change', async () => {
    const member = await makeSignedIn(ctx);
    const s = await socketOf(member);
    s.send({ type: 'subscribe', channel: 'everything' });
    expect(await s.closed).toBe(1008);
  });
});

describe('notifications', () => {
  it('reach only their owner, at once, with the unread count; reading them elsewhere updates the count', async () => {
    const [ann, ben] = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx)]);
    const [annSocket, annSecondTab, benSocket] = [await socketOf(ann), await socketOf(ann), await socketOf(ben)];
    const title = await tell(ann, 'Your lead moved to Proposal');
    for (const s of [annSocket, annSecondTab]) {
      const event = await s.next('notification');
      expect(event.notification.title).toBe(title);
      expect(event.unreadCount).toBe(1);
    }
    // Ben's socket gets his own notification first: nothing of Ann's came before it
    await tell(ben, 'For Ben');
    await benSocket.next('notification');
    expect(benSocket.events.filter((e) => e.type === 'notification').map((e) => e.type === 'notification' && e.notification.title)).toEqual(['For Ben']);

    await ann.api.postOk(z.object({ updated: z.number() }), '/api/notifications/read-all');
    expect((await annSecondTab.next('notification.read')).unreadCount).toBe(0);
  });

  it('are not sent for an act that was rolled back', async () => {
    const member = await makeSignedIn(ctx);
    const s = await socketOf(member);
    await ctx.db
      .transaction(async (tx) => {
        await notify(tx, member.user.id, 'lead_status', { type: 'lead', id: 'x' }, { title: 'Never', message: '.', actionUrl: '/leads', at: ctx.clock.now() });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await tell(member, 'Kept');
    await s.next('notification');
    expect(s.events.flatMap((e) => (e.type === 'notification' ? [e.notification.title] : []))).toEqual(['Kept']);
  });
});

describe('chat', () => {
  it('delivers a direct message to both members as each may act on it, edits too, and nothing to anyone else', async () => {
    const [ann, ben, eve] = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx), makeSignedIn(ctx)]);
    await makeConnection(ctx.db, { from: ann.user, to: ben.user, status: 'accepted' });
    const channel = await ann.api.create(chatChannelSchema, '/api/chat/direct', { body: { userId: ben.user.id } });
    const [annSocket, benSocket, eveSocket] = [await socketOf(ann), await socketOf(ben), await socketOf(eve)];

    const sent = await ann.api.create(chatMessageSchema, `/api/chat/channels/${channel.id}/messages`, { body: { content: 'Lunch on Thursday?' } });
    const atBen = await benSocket.next('chat.message');
    expect(atBen).toMatchObject({ channelId: channel.id, message: { id: sent.id, content: 'Lunch on Thursday?', can: { edit: false, delete: false } } });
    expect((await annSocket.next('chat.message')).message.can).toEqual({ edit: true, delete: true });

    await ann.api.patchOk(chatMessageSchema, `/api/chat/messages/${sent.id}`, { body: { content: 'Lunch on Friday?' } });
    expect((await benSocket.next('chat.message.updated')).message).toMatchObject({ id: sent.id, content: 'Lunch on Friday?', isEdited: true });

    await ben.api.postOk(z.object({ lastReadAt: z.string() }), `/api/chat/channels/${channel.id}/read`);
    expect(await benSocket.next('chat.read')).toEqual({ type: 'chat.read', channelId: channel.id });

    // Eve is in no conversation with them: her socket hears her own notification and nothing of theirs
    await tell(eve, 'For Eve');
    await eveSocket.next('notification');
    expect(eveSocket.events.filter((e) => e.type.startsWith('chat.'))).toEqual([]);
  });

  it('sends nothing of a private channel to a member outside it, nor to a member who left a channel', async () => {
    const [owner, outsider, leaver] = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx), makeSignedIn(ctx)]);
    const secret = await owner.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Board only', isPrivate: true } });
    const open = await owner.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Open floor', isPrivate: false } });
    await leaver.api.postOk(chatChannelSchema, `/api/chat/channels/${open.id}/join`);
    const [outsiderSocket, leaverSocket] = [await socketOf(outsider), await socketOf(leaver)];
    await leaver.api.post(`/api/chat/channels/${open.id}/leave`, { body: {} });
    await leaverSocket.next('chat.membership');
    await owner.api.create(chatMessageSchema, `/api/chat/channels/${secret.id}/messages`, { body: { content: 'Confidential: the Q3 numbers' } });
    await owner.api.create(chatMessageSchema, `/api/chat/channels/${open.id}/messages`, { body: { content: 'After you left' } });
    for (const [who, s] of [
      [outsider, outsiderSocket],
      [leaver, leaverSocket],
    ] as const) {
      await tell(who, 'Marker');
      await s.next('notification');
      expect(s.events.filter((e) => e.type === 'chat.message')).toEqual([]);
    }
  });

  it('tells a member who joins a channel, so their list refreshes', async () => {
    const [owner, joiner] = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx)]);
    const channel = await owner.api.create(chatChannelSchema, '/api/chat/channels', { body: { name: 'Deal flow', isPrivate: false } });
    const s = await socketOf(joiner);
    await joiner.api.postOk(chatChannelSchema, `/api/chat/channels/${channel.id}/join`);
    expect(await s.next('chat.membership')).toEqual({ type: 'chat.membership', channelId: channel.id });
  });
});

describe('presence', () => {
  it('is online with a socket, away when every tab is idle or hidden, offline with a last-seen time when the last socket closes', async () => {
    const [watcher, ann] = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx)]);
    const w = await socketOf(watcher);
    w.send({ type: 'watch', userIds: [ann.user.id] });
    // watching answers the member's presence at once
    expect((await w.next('presence')).presence).toEqual({ userId: ann.user.id, status: 'offline', lastSeen: null });
    // a socket that shows nobody hears of nobody's presence
    const bystander = await socketOf(await makeSignedIn(ctx));
    const presenceOf = async () => (await watcher.api.getOk(presenceListSchema, '/api/presence', { query: { ids: ann.user.id } })).items[0];
    expect(await presenceOf()).toEqual({ userId: ann.user.id, status: 'offline', lastSeen: null });

    const tab1 = await connect(base, ann.cookie);
    const tab2 = await connect(base, ann.cookie);
    await w.next('presence', (e) => e.presence.userId === ann.user.id && e.presence.status === 'online');
    expect((await presenceOf()).status).toBe('online');

    tab1.send({ type: 'presence', status: 'away' });
    // one tab still in use: still online, once the away tab is recorded
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .select()
              .from(presenceSockets)
              .where(and(eq(presenceSockets.userId, ann.user.id), eq(presenceSockets.status, 'away')))
          ).length,
      )
      .toBe(1);
    expect((await presenceOf()).status).toBe('online');
    expect(w.events.some((e) => e.type === 'presence' && e.presence.userId === ann.user.id && e.presence.status === 'away')).toBe(false);
    tab2.send({ type: 'presence', status: 'away' });
    await w.next('presence', (e) => e.presence.userId === ann.user.id && e.presence.status === 'away');
    tab2.send({ type: 'presence', status: 'online' });
    await w.next(
      'presence',
      (e) => e.presence.userId === ann.user.id && e.presence.status === 'online' && w.events.some((x) => x.type === 'presence' && x.presence.status === 'away'),
    );

    await tab1.close();
    await tab2.close();
    const offline = await w.next('presence', (e) => e.presence.userId === ann.user.id && e.presence.status === 'offline' && e.presence.lastSeen !== null);
    expect(offline.presence.lastSeen).not.toBeNull();
    expect(await presenceOf()).toMatchObject({ status: 'offline', lastSeen: offline.presence.lastSeen });
    expect(bystander.events.filter((e) => e.type === 'presence')).toEqual([]);
  });

  it('closes a socket that asks to watch more members than a screen shows', async () => {
    const s = await socketOf(await makeSignedIn(ctx));
    s.send({ type: 'watch', userIds: Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) });
    expect(await s.closed).toBe(1008);
  });

  it('answers 400 for a bad list and 401 signed out', async () => {
    const member = await makeSignedIn(ctx);
    expectError(await member.api.get('/api/presence', { query: { ids: 'not-an-id' } }), 400, 'validation_failed');
    expectError(await member.api.get('/api/presence'), 400, 'validation_failed');
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expectError(await member.api.get('/api/presence', { query: { ids: many } }), 400, 'validation_failed');
    const { client } = await import('../helpers/client.ts');
    expectError(await client(ctx.app).get('/api/presence', { query: { ids: member.user.id } }), 401, 'unauthorized');
  });
});

describe('ending sockets', () => {
  it('closes the socket of a session that signs out, and leaves the member’s other sessions open', async () => {
    const member = await makeSignedIn(ctx);
    const otherSession = await openSession(ctx, member.user.id);
    const [signingOut, staying] = [await socketOf(member), await connect(base, otherSession)];
    open.push(staying);
    await member.api.post('/api/auth/logout', { body: {} });
    expect(await signingOut.closed).toBe(4401);
    await tell(member, 'Still here');
    expect((await staying.next('notification')).notification.title).toBe('Still here');
  });

  it('closes every socket of a member an administrator deactivates', async () => {
    const [admin, member] = await Promise.all([makeSignedIn(ctx, { role: 'admin' }), makeSignedIn(ctx)]);
    const [a, b] = [await socketOf(member), await socketOf(member)];
    const res = await admin.api.patch(`/api/users/${member.user.id}/status`, { body: { isActive: false } });
    expect(res.statusCode).toBe(200);
    expect(await a.closed).toBe(4401);
    expect(await b.closed).toBe(4401);
    expect(await openSocket(base, member.cookie)).toEqual({ ok: false, status: 401 });
  });

  it('closes a socket whose session has gone idle, at the next heartbeat, and pings the others', async () => {
    const [idle, busy] = [await makeSignedIn(ctx), await makeSignedIn(ctx)];
    const [idleSocket, busySocket] = [await socketOf(idle), await socketOf(busy)];
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(ctx.clock.now().getTime() - ctx.config.session.idleMs - 60_000) })
      .where(eq(sessions.userId, idle.user.id));
    await ctx.app.ctx.live!.heartbeat();
    expect(await idleSocket.closed).toBe(4401);
    await busySocket.next('ping');
    expect(busySocket.ws.readyState).toBe(busySocket.ws.OPEN);
  });

  it('closes an administrator’s socket when two-factor sign-in becomes required and they have not set it up', async () => {
    const [admin, member] = await Promise.all([makeSignedIn(ctx, { role: 'admin' }), makeSignedIn(ctx)]);
    const [adminSocket, memberSocket] = [await socketOf(admin), await socketOf(member)];
    // the setting is the master-admins' to change
    const owner = await makeUser(ctx.db, { role: 'master-admin' });
    const settingsDeps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.clock.now };
    try {
      await setSecuritySettings(settingsDeps, owner, { requireAdmin2fa: true });
      expect(await adminSocket.closed).toBe(4401);
      await tell(member, 'Members carry on');
      await memberSocket.next('notification');
    } finally {
      await setSecuritySettings(settingsDeps, owner, { requireAdmin2fa: false });
    }
  });
});
