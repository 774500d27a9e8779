import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, registration, type TestContext } from '../helpers/app.ts';
import { plainBody, startInbox, type ReceivedMail } from '../helpers/smtp-inbox.ts';

/**
 * E-mail through the production mailer (server/plugins/mailer.ts): a real SMTP conversation with a local
 * smtp-server, the outbox table when no SMTP_URL is set, and a failing server that must not undo a decision.
 */

let inbox: Awaited<ReturnType<typeof startInbox>>;
let received: ReceivedMail[];

/** A header of a raw message, unfolded. */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
};

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

let withSmtp: TestContext;
let withOutbox: TestContext;
let withDeadSmtp: TestContext;
let withSilentSmtp: TestContext;
/** Accepts connections and never says a word: a hung mail server. */
const silentSockets = new Set<import('node:net').Socket>();
const silent = createServer((socket) => {
  silentSockets.add(socket);
  socket.on('error', () => {});
});
beforeAll(async () => {
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const silentPort = (silent.address() as AddressInfo).port;
  inbox = await startInbox();
  received = inbox.messages;
  const { port } = inbox;
  [withSmtp, withOutbox, withDeadSmtp, withSilentSmtp] = await Promise.all([
    createTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Membership <membership@chiefpartners.example>' } }),
    createTestApp({ realMailer: true, config: { smtpUrl: undefined } }),
    createTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` } }),
    createTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${silentPort}` } }),
  ]);
});
afterAll(async () => {
  await Promise.all([withSmtp?.close(), withOutbox?.close(), withDeadSmtp?.close(), withSilentSmtp?.close()]);
  await inbox?.close();
  for (const socket of silentSockets) socket.destroy();
  await new Promise((r) => silent.close(r));
});

async function applicantAndAdmin(ctx: TestContext) {
  const body = registration();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(res.statusCode).toBe(201);
  const admin = await makeUser(ctx.db, { role: 'admin' });
  const id = res.json().user.id as string;
  // the applicant confirmed their address, as approval needs
  await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { email: body.email, firstName: body.firstName, id, cookie: await openSession(ctx, admin.id) };
}

/** The outbox rows of one recipient, optionally only those whose subject matches (registration also mails a verification link). */
const outboxFor = async (ctx: TestContext, to: string, subject?: RegExp) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.to, to))).filter((r) => !subject || subject.test(r.subject));
const receivedBy = (to: string, subject: RegExp) => received.find((m) => m.to.includes(to) && subject.test(header(m.raw, 'Subject') ?? ''));
/**
 * A decision's e-mail is its notification's, sent once the decision has committed (on the live bus's announcement),
 * so it arrives after the answer: wait for the outbox to record it.
 */
async function outboxOnceSent(ctx: TestContext, to: string, subject: RegExp, timeout = 5_000) {
  await vi.waitFor(async () => expect(await outboxFor(ctx, to, subject)).not.toEqual([]), { timeout, interval: 50 });
  await ctx.app.ctx.notificationMail.idle();
  return outboxFor(ctx, to, subject);
}

describe('with SMTP_URL set', () => {
  it('registering sends the applicant a verification link through the SMTP server', async () => {
    const a = await applicantAndAdmin(withSmtp);
    const message = receivedBy(a.email, /confirm your e-mail address/);
    expect(message, 'no verification message reached the SMTP server').toBeDefined();
    // undo quoted-printable: soft line breaks, and the = of the query written as =3D
    const text = plainBody(message!.raw);
    expect(text).toMatch(/\/verify-email\?token=[\w-]{20,}\.[\w-]{20,}/);
    expect(await outboxFor(withSmtp, a.email, /confirm/)).toEqual([expect.objectContaining({ transport: 'smtp', status: 'sent' })]);
  });

  it('keeps no usable verification link in the outbox: admins read the mail with its token blanked', async () => {
    const a = await applicantAndAdmin(withSmtp);
    const delivered = plainBody(receivedBy(a.email, /confirm your e-mail address/)!.raw);
    const token = /token=([\w.-]+)/.exec(delivered)![1];
    const [kept] = await outboxFor(withSmtp, a.email, /confirm/);
    expect(kept.text).toContain('/verify-email?token=[redacted]');
    expect(kept.text).not.toContain(token);
    const listed = await withSmtp.app.inject({ method: 'GET', url: '/api/admin/outbox?pageSize=100', headers: { cookie: a.cookie } });
    expect(listed.body).not.toContain(token);
    // the delivered token still works for its recipient
    const confirmed = await withSmtp.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('approving an application sends the applicant an e-mail through the SMTP server, recorded as sent', async () => {
    const a = await applicantAndAdmin(withSmtp);
    expect(withSmtp.app.ctx.mailer.transport).toBe('smtp');
    const res = await withSmtp.app.inject({ method: 'POST', url: `/api/admin/approve-application/${a.id}`, headers: { cookie: a.cookie }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await outboxOnceSent(withSmtp, a.email, /approved/);
    const message = receivedBy(a.email, /approved/);
    expect(message, 'no message reached the SMTP server').toBeDefined();
    expect(message!.to).toEqual([a.email]);
    expect(message!.from).toBe('membership@chiefpartners.example');
    expect(header(message!.raw, 'Subject')).toBe(`Welcome to ${withSmtp.config.brandName}: your application is approved`);
    expect(message!.raw).toContain(`Dear ${a.firstName}`);
    expect(received.filter((m) => m.to.includes(a.email) && /approved/.test(header(m.raw, 'Subject') ?? ''))).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'smtp', status: 'sent', error: null });
  });

  it('rejecting sends the reason by e-mail', async () => {
    const a = await applicantAndAdmin(withSmtp);
    const res = await withSmtp.app.inject({
      method: 'POST',
      url: `/api/admin/reject-application/${a.id}`,
      headers: { cookie: a.cookie },
      payload: { reason: 'competitor' },
    });
    expect(res.statusCode).toBe(200);
    expect(await outboxOnceSent(withSmtp, a.email, /not approved/)).toHaveLength(1);
    const message = receivedBy(a.email, /not approved/);
    expect(header(message!.raw, 'Subject')).toBe(`Your ${withSmtp.config.brandName} application was not approved`);
    expect(message!.raw).toContain('Reason: Competitor');
  });
});

describe('links in e-mail without PUBLIC_URL', () => {
  it('point at this site only when the request named this machine; a foreign Host header gets no link mailed', async () => {
    expect(withOutbox.config.publicUrl).toBeUndefined();
    const forged = registration();
    const viaForgedHost = await withOutbox.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: 'partners.evil.example' }, payload: forged });
    expect(viaForgedHost.statusCode).toBe(201);
    expect(await outboxFor(withOutbox, forged.email, /confirm/)).toEqual([]);
    const local = registration();
    const viaLocalhost = await withOutbox.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: 'localhost:3000' }, payload: local });
    expect(viaLocalhost.statusCode).toBe(201);
    const [kept] = await outboxFor(withOutbox, local.email, /confirm/);
    expect(kept.text).toContain('http://localhost:3000/verify-email?token=[redacted]');
  });
});

describe('without SMTP_URL', () => {
  it('the e-mail lands in the outbox table as stored, and an admin reads it at /api/admin/outbox', async () => {
    const a = await applicantAndAdmin(withOutbox);
    expect(withOutbox.app.ctx.mailer.transport).toBe('outbox');
    const res = await withOutbox.app.inject({ method: 'POST', url: `/api/admin/approve-application/${a.id}`, headers: { cookie: a.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    const rows = await outboxOnceSent(withOutbox, a.email, /approved/);
    expect(received.some((m) => m.to.includes(a.email))).toBe(false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'outbox', status: 'stored' });
    const list = await withOutbox.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: a.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({
        to: a.email,
        status: 'stored',
        transport: 'outbox',
        subject: expect.stringMatching(/approved/),
        text: expect.stringContaining(a.firstName),
      }),
    );
  });

  it('the outbox pages in the one list envelope and refuses a page size over 100', async () => {
    const a = await applicantAndAdmin(withOutbox);
    const all = (await withOutbox.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: a.cookie } })).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const one = await withOutbox.app.inject({ method: 'GET', url: '/api/admin/outbox?page=2&pageSize=1', headers: { cookie: a.cookie } });
    expect(one.json()).toMatchObject({ total: all.total, page: 2, pageSize: 1, items: [all.items[1]] });
    const tooMany = await withOutbox.app.inject({ method: 'GET', url: '/api/admin/outbox?pageSize=1000', headers: { cookie: a.cookie } });
    expect(tooMany.statusCode).toBe(400);
  });

  it('a member who is not an admin cannot read the outbox', async () => {
    const partner = await makeUser(withOutbox.db);
    const res = await withOutbox.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: await openSession(withOutbox, partner.id) } });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('@');
  });
});

describe('when the SMTP server cannot be reached', () => {
  it('the decision stands and the outbox records the failure', async () => {
    const a = await applicantAndAdmin(withDeadSmtp);
    const res = await withDeadSmtp.app.inject({ method: 'POST', url: `/api/admin/approve-application/${a.id}`, headers: { cookie: a.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.accountStatus).toBe('approved');
    const rows = await outboxOnceSent(withDeadSmtp, a.email, /approved/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'smtp', status: 'failed' });
    expect(rows[0].error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('a mail server that never answers holds neither the decision nor its e-mail for more than seconds', async () => {
    const a = await applicantAndAdmin(withSilentSmtp);
    const started = Date.now();
    const res = await withSilentSmtp.app.inject({ method: 'POST', url: `/api/admin/approve-application/${a.id}`, headers: { cookie: a.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    const rows = await outboxOnceSent(withSilentSmtp, a.email, /approved/, 15_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(rows[0]).toMatchObject({ transport: 'smtp', status: 'failed' });
    expect(rows[0].error).toMatch(/timeout|greeting/i);
  }, 40_000);
});
