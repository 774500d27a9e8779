import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_LIMITS } from '../../common/constants/community.ts';
import { ceoMessagePageSchema, ceoMessageSchema } from '../../common/schemas/community.ts';
import { makeCeoMessage } from '../../server/db/factories/ceo-messages.ts';
import { ceoMessages, notificationPreferences, notifications, outbox, users } from '../../server/db/schema/index.ts';
import { CEO_DAILY_LIMIT_MESSAGE } from '../../server/services/ceo-messages.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { busDrained } from '../helpers/live-bus.ts';
import { plainBody, startInbox } from '../helpers/smtp-inbox.ts';

const DAY = 86_400_000;
let ctx: TestContext;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let member: SignedIn;
let admin: SignedIn;
let master: SignedIn;

const body = (o: Record<string, unknown> = {}) => ({ subject: 'A breakfast for members', message: 'Could we hold a quarterly breakfast for partners in London?', ...o });

beforeAll(async () => {
  inbox = await startInbox();
  // a real SMTP conversation: each admin's e-mail is received by the test inbox and recorded in the outbox
  ctx = await createTestApp({
    realMailer: true,
    config: {
      smtpUrl: `smtp://127.0.0.1:${inbox.port}`,
      mailFrom: 'Chief Partners <hello@chiefpartners.example>',
      session: { idleMs: 30 * DAY, absoluteMs: 30 * DAY, cacheMs: 0 },
    },
  });
  member = await makeSignedIn(ctx, { firstName: 'Mina', email: 'mina@members.example' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Arthur' });
  master = await makeSignedIn(ctx, { role: 'master-admin', firstName: 'Martha' });
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.close();
});

describe('POST /api/ceo-messages', () => {
  it('stores the message and tells every active admin and master-admin, by notification, and by e-mail those who chose it', async () => {
    const inactiveAdmin = await makeUser(ctx.db, { role: 'admin', isActive: false });
    // CEO Contact e-mails are off by default: the master-admin and the inactive admin turn them on, the admin does not
    await ctx.db
      .insert(notificationPreferences)
      .values([master.user.id, inactiveAdmin.id].map((userId) => ({ userId, emailTypes: ['ceo_contact'], emailFrequency: 'immediate' })));
    const otherPartner = await makeUser(ctx.db);
    const sent = await member.api.create(ceoMessageSchema, '/api/ceo-messages', { body: body({ subject: '  Breakfast\r\nBcc: evil@example.com ' }) });
    expect(sent).toMatchObject({ subject: 'Breakfast\r\nBcc: evil@example.com', message: body().message });
    const [row] = await ctx.db.select().from(ceoMessages).where(eq(ceoMessages.id, sent.id));
    expect(row.senderId).toBe(member.user.id);

    const activeAdmins = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'master-admin']), eq(users.isActive, true), eq(users.accountStatus, 'approved')));
    expect(activeAdmins.map((a) => a.id)).toEqual(expect.arrayContaining([admin.user.id, master.user.id]));

    const told = await ctx.db.select().from(notifications).where(eq(notifications.entityId, sent.id));
    expect(told.map((n) => n.userId).sort()).toEqual(activeAdmins.map((a) => a.id).sort());
    expect(told.map((n) => n.userId)).not.toContain(inactiveAdmin.id);
    expect(told.map((n) => n.userId)).not.toContain(otherPartner.id);
    expect(told.map((n) => n.userId)).not.toContain(member.user.id);
    expect(told[0]).toMatchObject({ type: 'ceo_contact', entityType: 'ceo_message', title: 'CEO Contact: Breakfast Bcc: evil@example.com' });
    expect(told[0].message).toContain(`Mina ${member.user.lastName} (mina@members.example) wrote:`);

    const subject = 'CEO Contact: Breakfast Bcc: evil@example.com';
    await vi.waitFor(() => expect(inbox.messages.some((m) => m.raw.includes(subject))).toBe(true), { timeout: 5_000, interval: 25 });
    await busDrained(ctx);
    const mails = inbox.messages.filter((m) => m.raw.includes(subject));
    expect(mails.flatMap((m) => m.to)).toEqual([master.user.email]);
    for (const mail of mails) {
      const text = plainBody(mail.raw);
      expect(text).toContain(body().message);
      expect(text).toContain('mina@members.example');
      // the line break the member typed in the subject did not become a header of its own
      expect(text).not.toMatch(/^Bcc:/im);
    }
    const kept = await ctx.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [admin.user.email, master.user.email]));
    expect(kept.filter((k) => k.subject === subject)).toEqual([expect.objectContaining({ to: master.user.email, transport: 'smtp', status: 'sent' })]);
  });

  it('validates the subject and message with clear messages and refuses extra fields', async () => {
    const res = await member.api.post('/api/ceo-messages', { body: { subject: '', message: 'too short' } });
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(res.json().error.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({ subject: 'Subject is required', message: 'Message must be at least 10 characters' });
    const long = await member.api.post('/api/ceo-messages', { body: body({ message: 'x'.repeat(2001) }) });
    expect(long.json().error.issues[0].message).toBe('Message must be at most 2,000 characters');
    const extra = await member.api.post('/api/ceo-messages', { body: body({ senderId: admin.user.id }) });
    expect(extra.statusCode).toBe(400);
  });

  it('allows five messages a London day, then answers 429 until the next London day', async () => {
    const writer = await makeSignedIn(ctx);
    // 23:10 London (BST) on 20 June is 22:10 UTC
    ctx.clock.current = new Date('2026-06-20T22:10:00Z');
    for (let i = 0; i < COMMUNITY_LIMITS.ceoMessagesPerDay; i++) {
      await writer.api.create(ceoMessageSchema, '/api/ceo-messages', { body: body({ subject: `Idea ${i}` }) });
      ctx.clock.advance(60_000);
    }
    const refused = await writer.api.post('/api/ceo-messages', { body: body({ subject: 'One too many' }) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: CEO_DAILY_LIMIT_MESSAGE });
    expect(await ctx.db.select().from(ceoMessages).where(eq(ceoMessages.senderId, writer.user.id))).toHaveLength(5);
    expect((await writer.api.getOk(ceoMessagePageSchema, '/api/ceo-messages')).remainingToday).toBe(0);

    // 23:00 UTC is midnight in London: a new day
    ctx.clock.current = new Date('2026-06-20T23:00:00Z');
    expect((await writer.api.getOk(ceoMessagePageSchema, '/api/ceo-messages')).remainingToday).toBe(5);
    await writer.api.create(ceoMessageSchema, '/api/ceo-messages', { body: body({ subject: 'Next day' }) });
  });

  it('holds the daily limit when messages arrive at the same moment', async () => {
    const racer = await makeSignedIn(ctx);
    ctx.clock.current = new Date('2026-06-22T09:00:00Z');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => racer.api.post('/api/ceo-messages', { body: body({ subject: `Race ${i}` }) })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('refuses callers without a session, pending and deactivated accounts', async () => {
    expect((await client(ctx.app).post('/api/ceo-messages', { body: body() })).statusCode).toBe(401);
    expect((await client(ctx.app).get('/api/ceo-messages')).statusCode).toBe(401);
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const pendingCookie = await openSession(ctx, pending.id);
    expect((await client(ctx.app, pendingCookie).post('/api/ceo-messages', { body: body() })).statusCode).toBe(403);
    expect((await client(ctx.app, pendingCookie).get('/api/ceo-messages')).statusCode).toBe(403);
    const inactive = await makeUser(ctx.db, { isActive: false });
    expect((await client(ctx.app, await openSession(ctx, inactive.id)).post('/api/ceo-messages', { body: body() })).statusCode).toBe(401);
    expect(
      await ctx.db
        .select()
        .from(ceoMessages)
        .where(inArray(ceoMessages.senderId, [pending.id, inactive.id])),
    ).toEqual([]);
  });
});

describe('GET /api/ceo-messages', () => {
  it("lists only the member's own messages, newest first, a page at a time, with what is left today", async () => {
    const mine = await makeSignedIn(ctx);
    const someoneElse = await makeSignedIn(ctx);
    const start = new Date('2026-06-25T08:00:00Z');
    ctx.clock.current = new Date('2026-06-25T12:00:00Z');
    for (let i = 0; i < 3; i++) await makeCeoMessage(ctx.db, { sender: mine.user, subject: `Mine ${i}`, now: new Date(start.getTime() + i * 60_000) });
    await makeCeoMessage(ctx.db, { sender: someoneElse.user, subject: 'Not yours', now: start });

    const page = await mine.api.getOk(ceoMessagePageSchema, '/api/ceo-messages');
    expect(page).toMatchObject({ total: 3, page: 1, remainingToday: 2 });
    expect(page.items.map((m) => m.subject)).toEqual(['Mine 2', 'Mine 1', 'Mine 0']);
    const second = await mine.api.getOk(ceoMessagePageSchema, '/api/ceo-messages', { query: { pageSize: 2, page: 2 } });
    expect(second.items.map((m) => m.subject)).toEqual(['Mine 0']);

    const theirs = await someoneElse.api.getOk(ceoMessagePageSchema, '/api/ceo-messages');
    expect(theirs.items.map((m) => m.subject)).toEqual(['Not yours']);
    expect(theirs.remainingToday).toBe(4);
    // an admin lists their own (none) here, not the members'
    expect((await admin.api.getOk(ceoMessagePageSchema, '/api/ceo-messages')).items.every((m) => !m.subject.startsWith('Mine'))).toBe(true);
  });
});
