import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationKind } from '../../common/constants/notifications.ts';
import { notificationPreferencesSchema } from '../../common/schemas/account.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { unsubscribeInfoSchema } from '../../common/schemas/notifications.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { commissions, notificationPreferences, notifications, outbox, users } from '../../server/db/schema/index.ts';
import { signToken } from '../../server/lib/signed-token.ts';
import { createNotificationMailSender } from '../../server/services/notification-mail.ts';
import { notify } from '../../server/services/notify.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { busDrained } from '../helpers/live-bus.ts';
import { startInbox, type ReceivedMail } from '../helpers/smtp-inbox.ts';

/**
 * Notification e-mails through the real SMTP mailer: what each member's preferences send at once, in the daily
 * digest or not at all; the claim that sends each once; the one-click unsubscribe of the List-Unsubscribe header
 * and of the unsubscribe page.
 */

const SITE = 'https://partners.example';
let inbox: Awaited<ReturnType<typeof startInbox>>;
let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  inbox = await startInbox();
  ctx = await createTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${inbox.port}`, publicUrl: SITE } });
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.close();
});

const sender = () => ctx.app.ctx.notificationMail;
/** A header of a raw message, unfolded. */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
};
/** A message's body as written: quoted-printable soft breaks joined and its =XX bytes decoded as UTF-8. */
const plainBody = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const mailsTo = (email: string): ReceivedMail[] => inbox.messages.filter((m) => m.to.includes(email));
/** The Subject as written: encoded words (RFC 2047, as a subject with '£' is sent) decoded. */
const subjectOf = (m: ReceivedMail) =>
  header(m.raw, 'Subject')
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
/** Waits until the bus has announced what has committed and the sender has finished whatever it started. */
const settle = () => busDrained(ctx);
/** Waits for the member's n-th e-mail to arrive (sent on the bus's announcement, after the request answered). */
async function mailNumber(email: string, n: number): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 25 });
  return mailsTo(email)[n - 1];
}

let seq = 0;
async function tell(userId: string, kind: NotificationKind, title = `${kind} ${++seq}`, at = ctx.clock.now()) {
  await notify(ctx.db, userId, kind, { type: 'test', id: `t${seq}` }, { title, message: `About ${title}.`, actionUrl: '/leads', at });
}
const owed = async (userId: string) =>
  await ctx.db
    .select({ title: notifications.title, emailPending: notifications.emailPending, emailedAt: notifications.emailedAt })
    .from(notifications)
    .where(eq(notifications.userId, userId));
const prefsOf = (m: SignedIn) => m.api.getOk(notificationPreferencesSchema, '/api/notification-preferences');
const choose = (m: SignedIn, emailTypes: string[], emailFrequency: 'immediate' | 'daily') =>
  m.api.request('PUT', '/api/notification-preferences', { body: { emailTypes, emailFrequency } });
const unsubscribeUrl = (m: ReceivedMail) => /^<(.+)>$/.exec(header(m.raw, 'List-Unsubscribe') ?? '')?.[1];
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('with the default preferences', () => {
  it('a lead update is e-mailed at once: the title as subject, the message, a link, the unsubscribe footer and one-click headers', async () => {
    const m = await makeSignedIn(ctx);
    const lead = await m.api.create(leadSchema, '/api/leads', {
      body: {
        leadType: 'advisory',
        estimatedValue: '25000',
        companyName: 'Harbour Logistics',
        industry: 'Technology',
        contactName: 'Dana Reed',
        contactEmail: 'dana@harbour.example',
        projectDescription: 'An interim CFO for a carve-out.',
        urgency: 'medium',
        relationshipStrength: 'strong',
      },
    });
    const res = await admin.api.request('PATCH', `/api/leads/${lead.id}`, { body: { status: 'qualified' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailNumber(m.user.email, 1);
    expect(subjectOf(mail)).toBe('Lead qualified');
    const body = plainBody(mail.raw);
    expect(body).toContain(`Dear ${m.user.firstName}`);
    expect(body).toContain('Harbour Logistics moved from Submitted to Qualified.');
    expect(body).toContain(`${SITE}/leads`);
    expect(body).toMatch(new RegExp(`${SITE}/unsubscribe\\?token=[\\w-]+\\.[\\w-]+`));
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(mail)).toMatch(new RegExp(`^${SITE}/api/notifications/unsubscribe\\?token=[\\w-]+\\.[\\w-]+$`));
    // the outbox keeps the e-mail with its unsubscribe token blanked (written once the SMTP server has answered,
    // which may be just after the message reached it)
    const kept = await vi.waitFor(
      async () => {
        const [row] = await ctx.db.select().from(outbox).where(eq(outbox.to, m.user.email));
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 5_000, interval: 25 },
    );
    expect(kept.text).toContain('/unsubscribe?token=[redacted]');
    expect(kept.text).not.toContain(tokenOf(unsubscribeUrl(mail)!));
    await settle();
    expect(mailsTo(m.user.email)).toHaveLength(1);
    expect(await owed(m.user.id)).toContainEqual({ title: 'Lead qualified', emailPending: null, emailedAt: expect.any(Date) });
  });

  it('a group the member did not choose sends nothing (connections are off by default)', async () => {
    const m = await makeSignedIn(ctx);
    await tell(m.user.id, 'connection_request');
    await tell(m.user.id, 'endorsement');
    expect((await owed(m.user.id)).map((r) => r.emailPending)).toEqual([null, null]);
    await settle();
    await sender().sweep(new Date(ctx.clock.now().getTime() + 10 * 60_000));
    expect(mailsTo(m.user.email)).toEqual([]);
  });

  it('the account group is always sent, without an unsubscribe link, even when the member chose no e-mail at all', async () => {
    const m = await makeSignedIn(ctx);
    expect((await choose(m, [], 'daily')).statusCode).toBe(200);
    await tell(m.user.id, 'data_export_ready', 'Your data export is ready');
    const mail = await mailNumber(m.user.email, 1);
    expect(subjectOf(mail)).toBe('Your data export is ready');
    expect(header(mail.raw, 'List-Unsubscribe')).toBeUndefined();
    expect(plainBody(mail.raw)).not.toContain('/unsubscribe?token=');
    expect(plainBody(mail.raw)).toContain('always sent');
  });
});

describe('commissions', () => {
  it('a commission earned on a won lead and its payout are each e-mailed once (commissions are on by default)', async () => {
    const m = await makeSignedIn(ctx);
    const lead = await makeLead(ctx.db, { submitter: m.user, estimatedValue: '40000', companyName: 'Northgate Energy' });
    expect((await admin.api.request('PATCH', `/api/leads/${lead.id}`, { body: { status: 'closed-won' } })).statusCode).toBe(200);
    await mailNumber(m.user.email, 2);
    await settle();
    const [commission] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    const earned = mailsTo(m.user.email).find((x) => /^Commission earned/.test(subjectOf(x) ?? ''));
    expect(subjectOf(earned!)).toBe(`Commission earned: £${Number(commission.amount).toLocaleString('en-GB', { maximumFractionDigits: 2 })}`);
    expect(plainBody(earned!.raw)).toContain('Northgate Energy closed won');
    expect(plainBody(earned!.raw)).toContain(`${SITE}/commissions`);
    expect(mailsTo(m.user.email).map(subjectOf)).toContain('Lead closed won');
    const paid = await admin.api.request('POST', `/api/admin/commissions/${commission.id}/pay`, { body: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const payout = await mailNumber(m.user.email, 3);
    expect(subjectOf(payout)).toMatch(/^Commission paid: £/);
    expect(plainBody(payout.raw)).toContain('for Northgate Energy has been paid');
    await settle();
    expect(mailsTo(m.user.email).filter((x) => /^Commission/.test(subjectOf(x) ?? ''))).toHaveLength(2);
  });
});

describe('the claim', () => {
  it('sends once when deliver runs twice at once, on one instance and on another, beside the bus', async () => {
    const m = await makeSignedIn(ctx);
    const other = createNotificationMailSender({ db: ctx.db, mailer: ctx.app.ctx.mailer, config: ctx.config, now: ctx.clock.now, log: ctx.app.log });
    await tell(m.user.id, 'mentorship_request', 'A mentorship request');
    const [{ id }] = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, m.user.id));
    const sent = await Promise.all([sender().deliver(id), sender().deliver(id), other.deliver(id), other.deliver(id)]);
    await settle();
    expect(sent.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(mailsTo(m.user.email)).toHaveLength(1);
    expect(await sender().deliver(id)).toBe(false);
  });

  it('the sweep sends what the bus missed once it is a minute old, and only once', async () => {
    const m = await makeSignedIn(ctx);
    await tell(m.user.id, 'endorsement', 'Missed by the bus');
    await settle();
    // owed at once, but no announcement reached a sender (as if every instance were down when it committed)
    await ctx.db.update(notifications).set({ emailPending: 'immediate' }).where(eq(notifications.userId, m.user.id));
    const at = ctx.clock.now().getTime();
    expect(await sender().sweep(new Date(at + 30_000))).toBe(0);
    expect(mailsTo(m.user.email)).toEqual([]);
    expect(await sender().sweep(new Date(at + 90_000))).toBe(1);
    expect(await sender().sweep(new Date(at + 150_000))).toBe(0);
    expect(mailsTo(m.user.email).map(subjectOf)).toEqual(['Missed by the bus']);
  });
});

describe('the daily digest', () => {
  it('holds daily e-mails until 08:00 London, then sends one digest with all of them, grouped, and nothing again', async () => {
    const m = await makeSignedIn(ctx);
    expect((await choose(m, ['lead_updates', 'mentorship'], 'daily')).statusCode).toBe(200);
    const at = ctx.clock.now(); // 2026-06-15 10:00 UTC, 11:00 in London
    for (let i = 1; i <= 7; i++) await tell(m.user.id, 'lead_status', `Lead update ${i}`, new Date(at.getTime() + i * 1000));
    await tell(m.user.id, 'mentorship_answered', 'Your mentor said yes');
    await tell(m.user.id, 'connection_request', 'Not chosen');
    await settle();
    expect(mailsTo(m.user.email)).toEqual([]);
    expect((await owed(m.user.id)).filter((r) => r.emailPending === 'daily')).toHaveLength(8);
    // not the same evening, nor a minute before eight the next morning (British Summer Time: 07:00 UTC)
    expect(await sender().sendDigests(new Date('2026-06-15T23:00:00Z'))).toBe(0);
    expect(await sender().sendDigests(new Date('2026-06-16T06:59:00Z'))).toBe(0);
    expect(mailsTo(m.user.email)).toEqual([]);
    const sent = await sender().sendDigests(new Date('2026-06-16T07:00:00Z'));
    expect(sent).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = mailsTo(m.user.email);
    expect(more).toEqual([]);
    expect(subjectOf(digest)).toBe(`Your ${ctx.config.brandName} daily digest: 8 updates`);
    const body = plainBody(digest.raw);
    expect(body).toMatch(/Lead updates \(7\)[\s\S]*Lead update 7[\s\S]*Lead update 3[\s\S]*…and 2 more[\s\S]*Mentorship \(1\)[\s\S]*Your mentor said yes/);
    expect(body).not.toContain('Lead update 2');
    expect(body).not.toContain('Lead update 1');
    expect(body).not.toContain('Not chosen');
    expect(body).toContain(`${SITE}/notifications`);
    // one-click unsubscribe from a digest stops the groups it carried
    expect(header(digest.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const info = await client(ctx.app).getOk(unsubscribeInfoSchema, `/api/notifications/unsubscribe?token=${tokenOf(unsubscribeUrl(digest)!)}`);
    expect(info.groups.map((g) => g.id)).toEqual(['lead_updates', 'mentorship']);
    expect(await sender().sendDigests(new Date('2026-06-16T07:30:00Z'))).toBe(0);
    expect(await sender().sendDigests(new Date('2026-06-17T07:00:00Z'))).toBe(0);
    expect(mailsTo(m.user.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  async function memberWithMail() {
    const m = await makeSignedIn(ctx);
    await tell(m.user.id, 'lead_status', 'Lead qualified');
    return { m, mail: await mailNumber(m.user.email, 1) };
  }

  it('a mail provider posting List-Unsubscribe=One-Click to the header URL from its own site stops that group only', async () => {
    const { m, mail } = await memberWithMail();
    const url = new URL(unsubscribeUrl(mail)!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ groups: [expect.objectContaining({ id: 'lead_updates', label: 'Lead updates' })], unsubscribed: true });
    const prefs = await prefsOf(m);
    expect(prefs.isDefault).toBe(false);
    expect(prefs.emailTypes).toEqual(['commissions', 'application_decisions', 'mentorship', 'timesheets', 'account']);
    await tell(m.user.id, 'lead_status', 'Lead won');
    await tell(m.user.id, 'commission_earned', 'Commission earned');
    await mailNumber(m.user.email, 2);
    await settle();
    expect(mailsTo(m.user.email).map(subjectOf)).toEqual(['Lead qualified', 'Commission earned']);
  });

  it('the unsubscribe page reads what the link stops without changing anything, and its button unsubscribes', async () => {
    const { m, mail } = await memberWithMail();
    const token = tokenOf(unsubscribeUrl(mail)!);
    // the footer's page link carries the same token
    expect(plainBody(mail.raw)).toContain(`${SITE}/unsubscribe?token=${token}`);
    const anon = client(ctx.app);
    const before = await anon.getOk(unsubscribeInfoSchema, '/api/notifications/unsubscribe', { query: { token } });
    expect(before).toEqual({ groups: [expect.objectContaining({ id: 'lead_updates' })], unsubscribed: false });
    expect((await prefsOf(m)).isDefault).toBe(true);
    const res = await anon.request('POST', `/api/notifications/unsubscribe?token=${token}`, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect((await prefsOf(m)).emailTypes).not.toContain('lead_updates');
    expect((await prefsOf(m)).emailTypes).toContain('mentorship');
    // again: nothing more to do, the same answer
    expect((await anon.request('POST', `/api/notifications/unsubscribe?token=${token}`, { body: {} })).statusCode).toBe(200);
    expect(await anon.getOk(unsubscribeInfoSchema, '/api/notifications/unsubscribe', { query: { token } })).toMatchObject({ unsubscribed: true });
  });

  it('drops the digest e-mails of that group still owed', async () => {
    const m = await makeSignedIn(ctx);
    expect((await choose(m, ['lead_updates', 'mentorship'], 'daily')).statusCode).toBe(200);
    await tell(m.user.id, 'lead_status', 'Owed lead update');
    await tell(m.user.id, 'mentorship_request', 'Owed mentorship');
    const token = signToken(ctx.config.sessionSecret, 'unsubscribe', { u: m.user.id, g: ['lead_updates'], t: Math.floor(ctx.clock.now().getTime() / 1000) });
    expect((await client(ctx.app).request('POST', `/api/notifications/unsubscribe?token=${token}`, { body: {} })).statusCode).toBe(200);
    expect((await owed(m.user.id)).map((r) => [r.title, r.emailPending])).toEqual(
      expect.arrayContaining([
        ['Owed lead update', null],
        ['Owed mentorship', 'daily'],
      ]),
    );
  });

  it('refuses a tampered, foreign or missing token with 400 and changes nothing', async () => {
    const { m, mail } = await memberWithMail();
    const token = tokenOf(unsubscribeUrl(mail)!);
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherGroup = `${Buffer.from(JSON.stringify({ ...payload, g: ['commissions'] })).toString('base64url')}.${mac}`;
    const flipped = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const verification = signToken(ctx.config.sessionSecret, 'verify-email', payload);
    const locked = signToken(ctx.config.sessionSecret, 'unsubscribe', { ...payload, g: ['account'] });
    const anon = client(ctx.app);
    for (const bad of [otherGroup, flipped, verification, locked, 'not-a-token']) {
      expect((await anon.request('GET', `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`)).statusCode, bad).toBe(400);
      const res = await anon.request('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, { body: {} });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
    expect((await anon.request('POST', '/api/notifications/unsubscribe', { body: {} })).statusCode).toBe(400);
    expect((await anon.request('POST', `/api/notifications/unsubscribe?token=${token}`, { body: { unexpected: 1 } })).statusCode).toBe(400);
    expect(await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, m.user.id))).toEqual([]);
  });

  it('a form body is accepted on this route alone; other routes still refuse it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin.cookie },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('members who may not receive mail', () => {
  it('a deactivated member gets nothing, at once or in the digest, and their debt is cleared unsent', async () => {
    const m = await makeUser(ctx.db);
    const daily = await makeUser(ctx.db);
    await ctx.db.insert(notificationPreferences).values({ userId: daily.id, emailTypes: ['lead_updates'], emailFrequency: 'daily' });
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, m.id));
    await tell(m.id, 'lead_status', 'To a deactivated member');
    await tell(daily.id, 'lead_status', 'To a deactivated member, daily');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, daily.id));
    await settle();
    await sender().sweep(new Date(ctx.clock.now().getTime() + 5 * 60_000));
    await sender().sendDigests(new Date('2026-06-16T07:00:00Z'));
    expect(mailsTo(m.email)).toEqual([]);
    expect(mailsTo(daily.email)).toEqual([]);
    expect(await owed(m.id)).toEqual([expect.objectContaining({ emailPending: null, emailedAt: null })]);
    expect(await owed(daily.id)).toEqual([expect.objectContaining({ emailPending: null, emailedAt: null })]);
  });
});
