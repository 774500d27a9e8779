import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACEMENT_INVITATION_LIMIT, PLACEMENT_INVITATION_MESSAGES as IM, TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { placementInvitationResultSchema, type Placement } from '../../common/schemas/timesheets.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, notifications, users } from '../../server/db/schema/index.ts';
import { setNotificationPreferences } from '../../server/services/notification-preferences.ts';
import { TIMESHEET_CSV_HEADER, timesheetCsv } from '../../server/services/timesheet-export.ts';
import { sendTimesheetReminders } from '../../server/services/timesheet-reminders.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client, type Client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';
import { plainBody, startInbox, type ReceivedMail } from '../helpers/smtp-inbox.ts';

/**
 * The timesheet extras: the administrators' CSV export, Friday's reminders to contractors whose week is not
 * submitted (through the notification machinery, e-mailed over a real SMTP conversation), and inviting a lead's
 * client contact who is not a member yet.
 */

const SITE = 'https://partners.example';
let inbox: Awaited<ReturnType<typeof startInbox>>;
let ctx: TestContext;
let admin: Member;
let customer: Member;
let partner: Member;
let anon: Client;

type Member = Awaited<ReturnType<typeof member>>;
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

beforeAll(async () => {
  inbox = await startInbox();
  ctx = await createTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${inbox.port}`, publicUrl: SITE } });
  admin = await member({ role: 'admin' });
  customer = await member();
  partner = await member();
  anon = client(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.close();
});

const mailsTo = (email: string): ReceivedMail[] => inbox.messages.filter((m) => m.to.includes(email));
const subjectOf = (m: ReceivedMail) => /^Subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(m.raw.split(/\r?\n\r?\n/)[0])?.[1].replace(/\r?\n[ \t]+/g, ' ');
/**
 * Sends every immediate e-mail the notifications still owe (each claimed first, as the bus's delivery claims it, so
 * none goes twice) and waits for the mailer to finish: after this, every e-mail owed so far has been sent.
 */
async function settle() {
  const owed = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.emailPending, 'immediate'));
  await Promise.all(owed.map((n) => ctx.app.ctx.notificationMail.deliver(n.id)));
  await ctx.app.ctx.notificationMail.idle();
}

const placementFor = (contractor: Member, o: Partial<Parameters<typeof makePlacement>[1]> = {}) =>
  makePlacement(ctx.db, { by: admin.user, referrer: partner.user, contractor: contractor.user, client: customer.user, now: ctx.clock.now(), ...o });

/* ---------- the CSV export ---------- */

describe('GET /api/timesheets/export.csv', () => {
  let contractor: Member;
  let placement: Placement;
  const csv = (who: { api: Client }, query: Record<string, string> = {}) => who.api.get('/api/timesheets/export.csv', { query });
  const rowsOf = (text: string) => text.trimEnd().split('\r\n');

  beforeAll(async () => {
    contractor = await member({ firstName: 'Casey', lastName: 'Contractor' });
    // £100.05 charged, £70 paid per hour: half an hour is £15.025 of gross profit, £15.03 rounded half up
    placement = await placementFor(contractor, { chargeRate: '100.05', payRate: '70', unit: 'hour', startDate: '2026-03-02', endDate: '2026-03-29' });
    const base = { placement, contractor: contractor.user, now: ctx.clock.now() };
    await makeTimesheet(ctx.db, {
      ...base,
      weekStarting: '2026-03-02',
      units: [0.5],
      status: 'approved',
      decidedBy: admin.user,
      comments: '=HYPERLINK("http://evil.example","x")',
    });
    await makeTimesheet(ctx.db, {
      ...base,
      weekStarting: '2026-03-09',
      units: [8, 7.25],
      status: 'rejected',
      decidedBy: customer.user,
      comments: '@SUM(A1:A9), please split Monday',
    });
    await makeTimesheet(ctx.db, { ...base, weekStarting: '2026-03-16', units: [1], status: 'pending' });
    await makeTimesheet(ctx.db, { ...base, weekStarting: '2026-03-23' });
  });

  it('answers the administrator a dated attachment, one row per sheet with the rates, gross profit and who approved', async () => {
    const res = await csv(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="timesheets-2026-06-15.csv"');
    const rows = rowsOf(res.body);
    expect(rows[0]).toBe(TIMESHEET_CSV_HEADER.join(','));
    const mine = rows.filter((r) => r.includes('Casey Contractor'));
    expect(mine).toHaveLength(4);
    const name = `${customer.user.firstName} ${customer.user.lastName}`;
    const adminName = `${admin.user.firstName} ${admin.user.lastName}`;
    const approved = mine.find((r) => r.startsWith('2026-03-02,'))!;
    expect(approved).toMatch(
      new RegExp(
        `^2026-03-02,2026-03-08,${placement.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},Casey Contractor,${name},hour,0\\.50,100\\.05,70\\.00,15\\.03,Approved,` +
          `\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,${adminName},`,
      ),
    );
    // newest week first
    expect(mine.map((r) => r.slice(0, 10))).toEqual(['2026-03-23', '2026-03-16', '2026-03-09', '2026-03-02']);
    // 15.25 hours at £30.05 of profit each: £458.2625, £458.26
    expect(mine[2]).toContain(',hour,15.25,100.05,70.00,458.26,Rejected,');
    expect(mine[0]).toContain(',hour,0.00,100.05,70.00,0.00,Draft,,,,');
    // the status in the words the screens use
    expect(mine[1]).toContain(',Awaiting approval,');
  });

  it('neutralises a comment a spreadsheet would run as a formula, and quotes what needs it', async () => {
    const rows = rowsOf((await csv(admin)).body);
    const approved = rows.find((r) => r.startsWith('2026-03-02,'))!;
    expect(approved.endsWith(`,"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
    const rejected = rows.find((r) => r.startsWith('2026-03-09,'))!;
    expect(rejected.endsWith(`,"'@SUM(A1:A9), please split Monday"`)).toBe(true);
    // no cell begins with a formula character
    for (const r of rows) expect(r).not.toMatch(/(^|,)"?[=+@]/);
  });

  it('neutralises and quotes a member-chosen name built to split into a formula cell where the separator is a semicolon', async () => {
    const sly = await member({ firstName: 'Priya;=HYPERLINK(A1)', lastName: 'Raman' });
    const p = await placementFor(sly, { startDate: '2026-03-02', endDate: '2026-03-29' });
    await makeTimesheet(ctx.db, { placement: p, contractor: sly.user, weekStarting: '2026-03-02', units: [1], now: ctx.clock.now() });
    const row = rowsOf((await csv(admin)).body).find((r) => r.includes('Raman'))!;
    expect(row).toContain(`,"Priya;'=HYPERLINK(A1) Raman",`);
    expect(row).not.toContain(';=');
  });

  it('filters by status, and narrows by role as the list does', async () => {
    const approved = await csv(admin, { status: 'approved' });
    expect(approved.headers['content-disposition']).toBe('attachment; filename="timesheets-2026-06-15-approved.csv"');
    const rows = rowsOf(approved.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split(',').includes('Approved'))).toBe(true);
    expect(rows.filter((r) => r.includes('Casey Contractor')).map((r) => r.slice(0, 10))).toEqual(['2026-03-02']);
    expect(rowsOf((await csv(admin, { status: 'pending' })).body).filter((r) => r.includes('Casey Contractor'))).toHaveLength(1);
    // the administrator works on no placement themselves: as contractor, nothing but the header
    expect(rowsOf((await csv(admin, { role: 'contractor' })).body)).toEqual([TIMESHEET_CSV_HEADER.join(',')]);
    expectError(await csv(admin, { status: 'paid' }), 400, 'validation_failed');
    expectError(await csv(admin, { format: 'xlsx' }), 400, 'validation_failed');
  });

  it('reads page after page without losing or repeating a row', async () => {
    const actor = { id: admin.user.id, role: admin.user.role, accountStatus: 'approved', isActive: true } as Parameters<typeof timesheetCsv>[1];
    const join = async (size?: number) => {
      let text = '';
      for await (const chunk of await timesheetCsv(ctx.db, actor, { role: 'all' }, size)) text += chunk;
      return text;
    };
    const whole = await join();
    expect(rowsOf(whole).length).toBeGreaterThan(4);
    expect(await join(1)).toBe(whole);
    expect(await join(3)).toBe(whole);
    expect(whole).toBe((await csv(admin)).body);
  });

  it('is for administrators only: a member (even the contractor) gets 403, a pending applicant 403, signed out 401', async () => {
    expectError(await csv(contractor), 403, 'forbidden');
    expectError(await csv(customer), 403, 'forbidden');
    const pending = await member({ accountStatus: 'pending' });
    expectError(await csv(pending), 403, 'forbidden');
    expectError(await csv({ api: anon }), 401, 'unauthorized');
  });
});

/* ---------- Friday reminders ---------- */

describe('Friday timesheet reminders', () => {
  // Friday 19 June 2026, 09:30 in London (08:30 UTC, summer time): the week of Monday 15 June
  const FRIDAY = new Date('2026-06-19T08:30:00Z');
  const WEEK = '2026-06-15';
  const SUBJECT = 'Your timesheet for the week starting 15 June 2026 is not submitted yet';
  const remindersOf = (userId: string) =>
    ctx.db
      .select({ title: notifications.title, message: notifications.message, entityId: notifications.entityId, actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'timesheet_reminder')));
  const reminderMails = (m: Member) => mailsTo(m.user.email).filter((x) => subjectOf(x)?.includes('is not submitted yet'));

  let none: Member, draft: Member, rejected: Member, pending: Member, approved: Member, ended: Member, later: Member, gone: Member, quiet: Member;
  const placed: Record<string, Placement> = {};

  beforeAll(async () => {
    [none, draft, rejected, pending, approved, ended, later, gone, quiet] = await Promise.all(Array.from({ length: 9 }, () => member()));
    const at = { now: new Date('2026-06-01T09:00:00Z') };
    for (const [key, m] of Object.entries({ none, draft, rejected, pending, approved, gone, quiet })) placed[key] = await placementFor(m, at);
    placed.ended = await placementFor(ended, { ...at, startDate: '2026-05-04', endDate: '2026-06-14' });
    placed.later = await placementFor(later, { ...at, startDate: '2026-06-22', endDate: '2026-08-30' });
    const sheet = (m: Member, status: 'draft' | 'rejected' | 'pending' | 'approved') =>
      makeTimesheet(ctx.db, {
        placement: placed[Object.entries({ draft, rejected, pending, approved }).find(([, v]) => v === m)![0]],
        contractor: m.user,
        weekStarting: WEEK,
        units: [8],
        status,
        decidedBy: customer.user,
        now: new Date('2026-06-18T16:00:00Z'),
      });
    await sheet(draft, 'draft');
    await sheet(rejected, 'rejected');
    await sheet(pending, 'pending');
    await sheet(approved, 'approved');
    // deactivated after being placed
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    // chose no timesheet e-mails
    await setNotificationPreferences(ctx.db, quiet.user, { emailTypes: ['lead_updates'], emailFrequency: 'immediate' }, ctx.clock.now());
    await settle();
  });

  it('on Friday from 09:00 London, reminds each contractor whose week is missing, a draft or rejected, once, by e-mail with a link', async () => {
    // two instances at the same moment: the week's lock makes the second see what the first wrote
    const [a, b] = await Promise.all([sendTimesheetReminders(ctx.db, FRIDAY), sendTimesheetReminders(ctx.db, FRIDAY)]);
    expect(a + b).toBeGreaterThanOrEqual(4);
    for (const m of [none, draft, rejected, quiet]) {
      const [only, ...more] = await remindersOf(m.user.id);
      expect(more).toEqual([]);
      expect(only).toMatchObject({
        title: SUBJECT,
        actionUrl: '/timesheets',
        entityId: `${placed[Object.entries({ none, draft, rejected, quiet }).find(([, v]) => v === m)![0]].id}/${WEEK}`,
      });
    }
    expect((await remindersOf(draft.user.id))[0].message).toContain('is still a draft');
    expect((await remindersOf(rejected.user.id))[0].message).toContain('was rejected');
    for (const m of [none, draft, rejected]) {
      await vi.waitFor(() => expect(reminderMails(m)).toHaveLength(1), { timeout: 5_000, interval: 25 });
      const [mail] = reminderMails(m);
      expect(subjectOf(mail)).toBe(SUBJECT);
      const body = plainBody(mail.raw);
      expect(body).toContain(`${SITE}/timesheets`);
      expect(body).toContain(`Dear ${m.user.firstName}`);
    }
  });

  it('reminds nobody whose week is submitted or approved, whose placement is not on this week, who is deactivated; the member who chose no timesheet e-mail only in the app', async () => {
    await settle();
    for (const m of [pending, approved, ended, later, gone]) {
      expect(await remindersOf(m.user.id)).toEqual([]);
      expect(reminderMails(m)).toEqual([]);
    }
    expect(await remindersOf(quiet.user.id)).toHaveLength(1);
    expect(reminderMails(quiet)).toEqual([]);
  });

  it('running again that Friday, or after a restart, sends nothing more', async () => {
    expect(await sendTimesheetReminders(ctx.db, new Date(FRIDAY.getTime() + 3_600_000))).toBe(0);
    expect(await ctx.app.ctx.timesheetReminders.run(new Date('2026-06-19T22:30:00Z'))).toBe(0);
    await settle();
    for (const m of [none, draft, rejected]) {
      expect(await remindersOf(m.user.id)).toHaveLength(1);
      expect(reminderMails(m)).toHaveLength(1);
    }
  });

  it('sends nothing on Thursday, before 09:00 on Friday or on Saturday; the next Friday is a new week', async () => {
    const before = (await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.type, 'timesheet_reminder'))).length;
    for (const at of ['2026-06-25T16:00:00Z', '2026-06-26T07:59:00Z', '2026-06-27T09:00:00Z']) expect(await sendTimesheetReminders(ctx.db, new Date(at)), at).toBe(0);
    expect((await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.type, 'timesheet_reminder'))).length).toBe(before);
    // Friday 26 June, 09:00 London: the week of 22 June, which `later`'s placement has now started
    expect(await sendTimesheetReminders(ctx.db, new Date('2026-06-26T08:00:00Z'))).toBeGreaterThan(0);
    const week2 = (await remindersOf(later.user.id)).map((r) => r.title);
    expect(week2).toEqual(['Your timesheet for the week starting 22 June 2026 is not submitted yet']);
    expect((await remindersOf(approved.user.id)).map((r) => r.entityId)).toEqual([`${placed.approved.id}/2026-06-22`]);
  });
});

/* ---------- inviting a client who is not a member ---------- */

describe('POST /api/placements/invitations', () => {
  const invite = (who: { api: Client }, body: object) => who.api.post('/api/placements/invitations', { body });
  const lead = (leadType: 'interim' | 'recruitment' | 'advisory' = 'recruitment', status: 'closed-won' | 'qualified' = 'closed-won') =>
    makeLead(ctx.db, {
      submitter: partner.user,
      by: admin.user,
      leadType,
      status,
      companyName: `Northwind ${leadType} ${status}`,
      now: new Date('2026-05-01T09:00:00Z'),
    });
  const body = (leadId: string, o: Record<string, unknown> = {}) => ({ leadId, email: 'dana.reed@northwind.example', firstName: 'Dana', lastName: 'Reed', ...o });

  it('e-mails the invitee a link to the application page, answers 202 and records who invited whom', async () => {
    const won = await lead();
    const res = await invite(admin, body(won.id, { email: 'Dana.Reed@Northwind.example' }));
    expect(res.statusCode, res.body).toBe(202);
    expect(placementInvitationResultSchema.parse(res.json())).toEqual({ invited: true });
    await vi.waitFor(() => expect(mailsTo('dana.reed@northwind.example')).toHaveLength(1), { timeout: 5_000, interval: 25 });
    const [mail] = mailsTo('dana.reed@northwind.example');
    expect(subjectOf(mail)).toContain('client contact for Northwind recruitment closed-won');
    const text = plainBody(mail.raw).replace(/\r?\n/g, ' ');
    expect(text).toContain('Dear Dana');
    expect(text).toContain(
      `${admin.user.firstName} ${admin.user.lastName} of Chief Partners invites you to apply for membership as the client contact for Northwind recruitment closed-won`,
    );
    expect(text).toContain(`${SITE}/register`);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'placement.invite_client'), eq(auditLog.entityId, won.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, entityType: 'lead', after: { email: 'dana.reed@northwind.example', firstName: 'Dana', lastName: 'Reed' } });
  });

  it('refuses an address that already belongs to a member (409, saying to choose them), whatever its case', async () => {
    const won = await lead('interim');
    const existing = await makeUser(ctx.db, { firstName: 'Morgan', lastName: 'Hale' });
    const res = await invite(admin, body(won.id, { email: existing.email.toUpperCase() }));
    expect(expectError(res, 409, 'conflict').message).toBe('Morgan Hale is already a member: choose them as the client.');
    expect(IM.alreadyMember('Morgan Hale')).toBe('Morgan Hale is already a member: choose them as the client.');
    const applicant = await makeUser(ctx.db, { firstName: 'Avery', lastName: 'Stone', accountStatus: 'pending' });
    expect(expectError(await invite(admin, body(won.id, { email: applicant.email })), 409, 'conflict').message).toBe(IM.alreadyApplied('Avery Stone'));
    expect(mailsTo(existing.email)).toEqual([]);
    expect(mailsTo(applicant.email)).toEqual([]);
  });

  it('needs a closed-won interim or recruitment lead: 404 for none, 409 otherwise', async () => {
    expect(expectError(await invite(admin, body(NO_SUCH_ID)), 404, 'not_found').message).toBe(M.leadNotFound);
    expect(expectError(await invite(admin, body((await lead('advisory')).id)), 409, 'conflict').message).toBe(M.leadWrongType);
    expect(expectError(await invite(admin, body((await lead('interim', 'qualified')).id)), 409, 'conflict').message).toBe(M.leadNotWon);
    expectError(await invite(admin, body(NO_SUCH_ID, { email: 'not-an-address' })), 400, 'validation_failed');
    expectError(await invite(admin, { ...body(NO_SUCH_ID), role: 'admin' }), 400, 'validation_failed');
  });

  it('is for administrators only: a member 403, signed out 401, and nothing is sent', async () => {
    const won = await lead();
    const to = { email: 'not.sent@northwind.example' };
    expectError(await invite(customer, body(won.id, to)), 403, 'forbidden');
    expectError(await invite(partner, body(won.id, to)), 403, 'forbidden');
    expectError(await invite({ api: anon }, body(won.id, to)), 401, 'unauthorized');
    // an invitation the mailer sent after those refusals has arrived, so any they had sent would have too
    const sentAfter = { email: 'sent.after@northwind.example' };
    expect((await invite(admin, body((await lead()).id, sentAfter))).statusCode).toBe(202);
    await vi.waitFor(() => expect(mailsTo(sentAfter.email)).toHaveLength(1), { timeout: 5_000, interval: 25 });
    expect(mailsTo(to.email)).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'placement.invite_client'), eq(auditLog.entityId, won.id))),
    ).toEqual([]);
  });

  it(`allows an administrator ${PLACEMENT_INVITATION_LIMIT.max} invitations an hour, then 429 with Retry-After; another administrator is not held up`, async () => {
    const busy = await member({ role: 'admin' });
    const won = await lead('interim');
    for (let i = 0; i < PLACEMENT_INVITATION_LIMIT.max; i++) expect((await invite(busy, body(won.id, { email: `contact${i}@busy.example` }))).statusCode).toBe(202);
    const refused = await invite(busy, body(won.id, { email: 'one.more@busy.example' }));
    expect(expectError(refused, 429, 'rate_limited').message).toBe(IM.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await invite(admin, body(won.id, { email: 'other.admin@busy.example' }))).statusCode).toBe(202);
    ctx.clock.advance(PLACEMENT_INVITATION_LIMIT.windowMs + 1000);
    expect((await invite(busy, body(won.id, { email: 'next.hour@busy.example' }))).statusCode).toBe(202);
  });
});

describe('POST /api/placements/invitations when the e-mail cannot be sent', () => {
  let broken: TestContext;
  afterAll(async () => {
    await broken?.close();
  });

  it('answers 503 and records nothing in the audit log', async () => {
    broken = await createTestApp({ mailer: { transport: 'smtp', send: async () => ({ ok: false }) } });
    const boss = await makeUser(broken.db, { role: 'admin' });
    const referrer = await makeUser(broken.db);
    const won = await makeLead(broken.db, { submitter: referrer, by: boss, leadType: 'interim', status: 'closed-won', now: new Date('2026-05-01T09:00:00Z') });
    const api = client(broken.app, await openSession(broken, boss.id));
    const res = await api.post('/api/placements/invitations', { body: { leadId: won.id, email: 'lost@northwind.example', firstName: 'Lee', lastName: 'Lost' } });
    expect(expectError(res, 503, 'unavailable').message).toBe(IM.notSent);
    expect(await broken.db.select().from(auditLog).where(eq(auditLog.action, 'placement.invite_client'))).toEqual([]);
  });
});
