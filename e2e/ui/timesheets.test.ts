import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionOnTotal } from '../../common/rules/commission-tiers.ts';
import { addDays } from '../../common/schemas/timesheets.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { expectAccessible, expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { startServer, type RunningServer, type SeedContext } from '../helpers/server.ts';

/**
 * Timesheets as their three parties use them: the contractor fills in last week on the "My time" grid (after a
 * wrong entry is refused) and submits it after confirming; the client finds it under "To approve", approves it,
 * and rejects an older sheet with comments (which are required), which the contractor then reads; the partner who
 * referred the placement's lead sees the commission the approved time earns in the Commission Tracker; and an
 * administrator finds the placement and the New placement form under their own tabs.
 */
let server: RunningServer;
let contractorBrowser: BrowserContext;
let clientBrowser: BrowserContext;
let otherBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const pw = 'Partner-Pass-123';
const admin = { username: 'ts.admin', email: 'ts.admin@example.com', password: 'Admin-Pass-123', firstName: 'Ada', lastName: 'Admin' };
const contractor = { username: 'carl.contractor', email: 'carl@example.com', password: pw, firstName: 'Carl', lastName: 'Contractor' };
const customer = { username: 'cleo.client', email: 'cleo@example.com', password: pw, firstName: 'Cleo', lastName: 'Client' };
const referrer = { username: 'pia.partner', email: 'pia@example.com', password: pw, firstName: 'Pia', lastName: 'Partner' };
const company = 'Quayside Robotics';
const DAY = 86_400_000;

/** The Monday of the week a date is in, by the calendar day (as the screens count weeks). */
function mondayOf(d: Date): string {
  const date = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return addDays(iso, -((date.getDay() + 6) % 7));
}
const thisMonday = mondayOf(new Date());
const lastMonday = addDays(thisMonday, -7);
const olderMonday = addDays(thisMonday, -14);
/** 7.5 + 8 + 6.5 hours at £100 charged and £70 paid: £660 of gross profit. */
const HOURS = ['7.5', '8', '', '6.5', '', '', ''];
const GROSS_PROFIT_PENCE = 22 * 3_000;

/** Pia referred a won interim lead; Carl is placed on it with Cleo as the client; an older week of his is waiting. */
async function seed({ db, account: actor }: SeedContext) {
  const [by, carl, cleo, pia] = [await actor(admin.username), await actor(contractor.username), await actor(customer.username), await actor(referrer.username)];
  const now = Date.now();
  const lead = await makeLead(db, {
    submitter: pia,
    by,
    companyName: company,
    leadType: 'interim',
    estimatedValue: '9000',
    status: 'closed-won',
    now: new Date(now - 40 * DAY),
    statusAt: new Date(now - 38 * DAY),
  });
  const placement = await makePlacement(db, {
    by,
    lead,
    contractor: carl,
    client: cleo,
    unit: 'hour',
    chargeRate: '100',
    payRate: '70',
    startDate: addDays(thisMonday, -35),
    endDate: addDays(thisMonday, 56),
    now: new Date(now - 36 * DAY),
  });
  await makeTimesheet(db, {
    placement,
    contractor: carl,
    weekStarting: olderMonday,
    units: [8, 8, 8, 8, 8, 0, 0],
    status: 'pending',
    now: new Date(now - 9 * DAY),
  });
}

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [contractor, customer, referrer], seed });
  [contractorBrowser, clientBrowser, otherBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([contractorBrowser?.close(), clientBrowser?.close(), otherBrowser?.close(), adminBrowser?.close()]);
  await server?.stop();
});

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  const status = await page.evaluate(
    async () =>
      (await fetch('/api/onboarding', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hasCompletedWizard: true }) })).status,
  );
  expect(status).toBe(200);
}

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
const accessibleWhenSettled = async (page: Page, name: string) => {
  await expect.poll(() => page.locator('[data-swipe-direction]').count(), { timeout: 15_000 }).toBe(0);
  await settled(page);
  await expectAccessible(page, name);
};
const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).count();
const sheets = (page: Page, query: string) =>
  page.evaluate(async (q) => ((await (await fetch(`/api/timesheets?${q}`)).json()) as { items: Array<Record<string, unknown>> }).items, query);
const weekdayLabel = (i: number) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${addDays(lastMonday, i)}T00:00:00Z`));

let c: Page;
let k: Page;
let contractorProblems: string[] = [];
let clientProblems: string[] = [];

describe('timesheets', () => {
  it('the contractor fills in last week on the day grid and submits it after confirming', async () => {
    c = await contractorBrowser.newPage();
    contractorProblems = watchPage(c);
    await signIn(c, contractor);
    await c.getByRole('navigation').getByRole('link', { name: 'Timesheets' }).first().click();
    await expect.poll(() => new URL(c.url()).pathname).toBe('/timesheets');
    await expect.poll(() => visible(c, company), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await visible(c, '£70.00 per hour')).toBe(1);
    // the client's rate is not the contractor's to see
    expect(await visible(c, '£100.00')).toBe(0);
    await accessibleWhenSettled(c, 'my time');

    await c.getByRole('button', { name: 'Previous week' }).click();
    const grid = c.getByRole('list', { name: /^Days of the week of/ });
    await expect.poll(() => grid.getByRole('textbox').count()).toBe(14);
    const hours = (i: number) => c.getByRole('textbox', { name: new RegExp(`^Hours on ${weekdayLabel(i)}`) });
    const work = (i: number) => c.getByRole('textbox', { name: new RegExp(`^What you worked on on ${weekdayLabel(i)}`) });

    // a day holds at most 24 hours: refused on the page, before anything is sent
    await fillChecked(hours(0), '25');
    await c.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => visible(c, 'At most 24 hours')).toBe(1);
    expect(await hours(0).getAttribute('aria-invalid')).toBe('true');
    expect((await sheets(c, 'role=contractor')).filter((s) => s.weekStarting === lastMonday)).toEqual([]);

    for (const [i, h] of HOURS.entries()) if (h) await fillChecked(hours(i), h);
    await fillChecked(work(0), 'Robot cell commissioning');
    await fillChecked(work(1), 'Supplier acceptance tests');
    await fillChecked(work(3), 'Handover to operations');
    await expect.poll(() => grid.locator('..').getByText('22 hours').count()).toBe(1);
    await c.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(c, 'Draft saved');
    await expect.poll(async () => (await sheets(c, 'role=contractor&status=draft')).map((s) => [s.weekStarting, s.totalUnits])).toEqual([[lastMonday, 22]]);

    await c.getByRole('button', { name: 'Submit for approval' }).click();
    const confirm = c.getByRole('alertdialog', { name: 'Submit this timesheet?' });
    await expect.poll(() => confirm.getByText(/22 hours for the week of/).count()).toBe(1);
    await accessibleWhenSettled(c, 'confirm submit');
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expectToast(c, 'Timesheet submitted');
    await expect.poll(async () => (await sheets(c, 'role=contractor&status=pending')).map((s) => s.weekStarting)).toContain(lastMonday);
    // a submitted sheet waits: no more editing
    await expect.poll(() => grid.getByRole('textbox').count()).toBe(0);
    expect(await c.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
  });

  it('the client finds it waiting, approves it, and rejects an older sheet with comments', async () => {
    k = await clientBrowser.newPage();
    clientProblems = watchPage(k);
    await signIn(k, customer);
    await k.goto(`${server.baseUrl}/timesheets`);
    // a client who is no contractor has only the one tab, so it shows without tabs
    const waiting = k.getByRole('table', { name: 'Waiting for you' });
    await expect.poll(() => waiting.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    expect(await visible(k, 'My time')).toBe(0);
    await accessibleWhenSettled(k, 'to approve');

    const weekLinks = waiting.getByRole('link');
    const lastWeekLink = weekLinks.filter({ hasText: new RegExp(`^${new Date(`${lastMonday}T00:00:00Z`).getUTCDate()} `) });
    await lastWeekLink.click();
    await expect.poll(() => new URL(k.url()).pathname).toMatch(/^\/timesheets\/[0-9a-f-]{36}$/);
    await expect.poll(() => visible(k, 'Robot cell commissioning')).toBe(1);
    expect(await k.getByRole('textbox').count()).toBe(0);
    await k.getByRole('button', { name: 'Approve' }).click();
    const approve = k.getByRole('dialog', { name: 'Approve this timesheet?' });
    await fillChecked(approve.getByLabel(/Comments/), 'All as agreed, thank you.');
    await accessibleWhenSettled(k, 'approve dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectToast(k, 'Timesheet approved');
    await expect.poll(() => visible(k, /Approved by Cleo Client/)).toBe(1);
    expect(await k.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // the older week: rejecting needs a reason
    await k.getByRole('link', { name: 'All your timesheets' }).click();
    await expect.poll(() => waiting.getByRole('row').count()).toBe(2);
    await waiting.getByRole('link').first().click();
    await k.getByRole('button', { name: 'Reject' }).click();
    const reject = k.getByRole('dialog', { name: 'Reject this timesheet' });
    await reject.getByRole('button', { name: 'Reject timesheet' }).click();
    await expect.poll(() => reject.getByText('Say why the timesheet is rejected.').count()).toBe(1);
    await fillChecked(reject.getByLabel(/Comments/), 'Friday was a bank holiday for us, please check.');
    await reject.getByRole('button', { name: 'Reject timesheet' }).click();
    await expectToast(k, 'Timesheet rejected');
    await expect
      .poll(async () => (await sheets(k, 'role=client')).map((s) => [s.weekStarting, s.status]))
      .toEqual([
        [lastMonday, 'approved'],
        [olderMonday, 'rejected'],
      ]);
    expect(clientProblems).toEqual([]);
  });

  it('the contractor reads the rejection and can correct the sheet', async () => {
    await c.goto(`${server.baseUrl}/timesheets`);
    const history = c.getByRole('table', { name: 'Your timesheets' });
    await expect.poll(() => history.getByRole('row').filter({ hasText: 'Rejected' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await history.getByRole('row').filter({ hasText: 'Approved' }).count()).toBe(1);
    await history.getByRole('row').filter({ hasText: 'Rejected' }).getByRole('link').click();
    await expect.poll(() => visible(c, /Friday was a bank holiday for us/)).toBe(1);
    expect(await c.getByRole('button', { name: 'Submit again' }).count()).toBe(1);
    await accessibleWhenSettled(c, 'rejected sheet');
    expect(contractorProblems).toEqual([]);
  });

  it('the referring partner sees the commission the approved time earns', async () => {
    const p = await otherBrowser.newPage();
    const problems = watchPage(p);
    await signIn(p, referrer);
    // a partner with no placement of their own is told what timesheets are for
    await p.goto(`${server.baseUrl}/timesheets`);
    await expect.poll(() => visible(p, 'No timesheets for you yet'), { timeout: 15_000 }).toBe(1);
    await accessibleWhenSettled(p, 'no timesheets');

    await p.goto(`${server.baseUrl}/commissions`);
    const history = p.getByRole('table', { name: 'Commission history' });
    const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(commissionOnTotal(GROSS_PROFIT_PENCE) / 100);
    const row = history.getByRole('row').filter({ hasText: company }).filter({ hasText: amount });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByText('Pending').count()).toBe(1);
    expect(problems).toEqual([]);
    await p.close();
  });

  it('an administrator sees every sheet and the placement, and the New placement form checks its fields', async () => {
    const a = await adminBrowser.newPage();
    const problems = watchPage(a);
    await signIn(a, admin);
    await a.goto(`${server.baseUrl}/timesheets`);
    const all = a.getByRole('table', { name: 'All sheets' });
    await expect.poll(() => all.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    expect(await a.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/timesheets/export.csv');
    await a.getByRole('combobox', { name: 'Status' }).click();
    await a.getByRole('option', { name: 'Approved' }).click();
    await expect.poll(() => all.getByRole('row').count()).toBe(2);
    expect(await a.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/timesheets/export.csv?status=approved');
    await accessibleWhenSettled(a, 'all sheets');

    await a.getByRole('tab', { name: 'Placements' }).click();
    const placements = a.getByRole('table', { name: 'Placements' });
    await expect.poll(() => placements.getByRole('row').filter({ hasText: company }).count()).toBe(1);
    expect(await placements.getByRole('row').filter({ hasText: company }).getByText('£100.00').count()).toBe(1);
    await a.getByRole('button', { name: 'New placement' }).click();
    const dialog = a.getByRole('dialog', { name: 'New placement' });
    await dialog.getByRole('button', { name: 'Create placement' }).click();
    await expect.poll(() => dialog.getByText('Choose the lead').count()).toBe(1);
    // the won interim lead is offered, and can be chosen
    await fillChecked(dialog.getByRole('searchbox', { name: 'Lead' }), 'Quayside');
    await dialog.getByRole('button', { name: new RegExp(company) }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Change the lead' }).count()).toBe(1);
    await accessibleWhenSettled(a, 'new placement');
    expect(problems).toEqual([]);
  });

  it('an administrator corrects approved time with a reason, and the partner sees the commission corrected', async () => {
    const a = await adminBrowser.newPage();
    const problems = watchPage(a);
    await a.goto(`${server.baseUrl}/timesheets`);
    const [approved] = await sheets(a, 'status=approved');
    await a.goto(`${server.baseUrl}/timesheets/${approved.id as string}`);
    await a.getByRole('button', { name: 'Correct time' }).click();
    // Monday was 9.5 hours, not 7.5: £60 more profit
    await fillChecked(a.getByRole('textbox', { name: new RegExp(`^Hours on ${weekdayLabel(0)}`) }), '9.5');
    await a.getByRole('button', { name: 'Save correction' }).click();
    await expect.poll(() => a.getByText('Say why the time is corrected.').count()).toBe(1);
    await fillChecked(a.getByLabel('Reason for the correction'), 'Monday’s steering group ran late, agreed with the client.');
    await a.getByRole('button', { name: 'Save correction' }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Correct this approved timesheet?' });
    await accessibleWhenSettled(a, 'correct approved time');
    await confirm.getByRole('button', { name: 'Save correction' }).click();
    await expectToast(a, 'Time corrected');
    await expect.poll(() => visible(a, '24 hours')).toBeGreaterThan(0);
    expect(problems).toEqual([]);

    const p = await otherBrowser.newPage();
    await p.goto(`${server.baseUrl}/commissions`);
    const history = p.getByRole('table', { name: 'Commission history' });
    const extra = commissionOnTotal(GROSS_PROFIT_PENCE + 2 * 3_000) - commissionOnTotal(GROSS_PROFIT_PENCE);
    const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(extra / 100);
    const row = history.getByRole('row').filter({ hasText: 'Time correction' }).filter({ hasText: amount });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await a.close();
    await p.close();
  });
});
