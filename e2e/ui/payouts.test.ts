import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { payoutDetails } from '../../server/db/schema/index.ts';
import { maskPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../../server/lib/payout-account.ts';
import { expectToast, fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, settled, visible } from '../helpers/page.ts';
import { startServer, type RunningServer, type SeedContext } from '../helpers/server.ts';
import { signIn } from '../helpers/session.ts';

/**
 * A monthly payout run from end to end: a partner enters her bank account in Profile Settings (a sort code and
 * account number that fail the bank's check are refused first); one administrator drafts the run for last month,
 * where a partner without payout details is held with the reason; a second administrator approves it, downloads
 * the bank transfer file and the PayPal file and marks the run paid; the partner then finds the payout paid under
 * Commission Tracker → Payouts and opens its statement.
 */
let server: RunningServer;
let partnerBrowser: BrowserContext;
let draftBrowser: BrowserContext;
let approveBrowser: BrowserContext;
const PAYOUT_KEY = 'payout-journey-key-0123456789abcdef0123456789';
const ada = { username: 'ada.admin', email: 'ada.admin@example.com', password: 'Admin-Pass-123', firstName: 'Ada', lastName: 'Drafter' };
const ben = { username: 'ben.admin', email: 'ben.admin@example.com', password: 'Admin-Pass-123', firstName: 'Ben', lastName: 'Second' };
const pia = { username: 'pia.partner', email: 'pia@example.com', password: 'Partner-Pass-123', firstName: 'Pia', lastName: 'Banks' };
const paul = { username: 'paul.partner', email: 'paul@example.com', password: 'Partner-Pass-123', firstName: 'Paul', lastName: 'Pal' };
const hal = { username: 'hal.partner', email: 'hal@example.com', password: 'Partner-Pass-123', firstName: 'Hal', lastName: 'Heldon' };
const PAUL_PAYPAL: PayoutAccount = { method: 'paypal', paypalEmail: 'paul.pal@example.com' };
/** A sort code and account number from the bank's worked examples: one that passes its check, and one digit off. */
const GOOD = { sortCode: '08-99-99', accountNumber: '66374958' };
const BAD = { sortCode: '08-99-99', accountNumber: '66374959' };
const shots = join(tmpdir(), 'cp-payout-screens');

/** Noon on the 10th of last month: commission earned then is in the run for last month. */
function lastMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
}

/** Pia, Paul and Hal each won a lead last month; Paul is paid by PayPal, Hal has no payout details. */
async function seed({ db, account: actor }: SeedContext) {
  const by = await actor(ada.username);
  const closedAt = lastMonth();
  for (const [who, company] of [
    [pia, 'Banks Holdings'],
    [paul, 'Pal Logistics'],
    [hal, 'Heldon Foods'],
  ] as const) {
    await makeCommission(db, { partner: await actor(who.username), by, companyName: company, estimatedValue: '20000', closedAt });
  }
  const paulId = (await actor(paul.username)).id;
  await db.insert(payoutDetails).values({
    userId: paulId,
    method: 'paypal',
    sealed: sealPayoutAccount(PAYOUT_KEY, PAUL_PAYPAL),
    masked: maskPayoutAccount(PAUL_PAYPAL),
    createdAt: new Date(closedAt.getTime()),
    updatedAt: new Date(closedAt.getTime()),
  });
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({
    admins: [ada, ben],
    partners: [pia, paul, hal],
    seed,
    env: { PAYOUT_KEY, PAYOUT_DEBTOR_NAME: 'Chief Partners Ltd', PAYOUT_DEBTOR_SORT_CODE: '11-87-65', PAYOUT_DEBTOR_ACCOUNT: '64371389' },
  });
  [partnerBrowser, draftBrowser, approveBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([partnerBrowser?.close(), draftBrowser?.close(), approveBrowser?.close()]);
  await server?.stop();
});

/** Screenshots at a desktop's and a phone's width, full page. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** What a download link gives, read from the file the browser saved. */
async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

let reference = '';

describe('payout runs', () => {
  it('the partner enters her bank account in Profile Settings: a pair failing the bank check is refused, then a good one is saved', async () => {
    const p = await partnerBrowser.newPage();
    const problems = watchPage(p);
    await signIn(p, server, pia);
    await p.goto(`${server.baseUrl}/profile-settings?tab=payouts`);
    const sortCode = p.getByLabel('Sort code', { exact: true });
    await expect.poll(() => sortCode.count(), { timeout: 15_000 }).toBe(1);
    await fillChecked(p.getByLabel('Name on the account', { exact: true }), 'Pia Banks');
    await fillChecked(sortCode, BAD.sortCode);
    await fillChecked(p.getByLabel('Account number', { exact: true }), BAD.accountNumber);
    await p.getByRole('button', { name: /^Save payout details/ }).click();
    // a change of payout details waits for the partner to confirm it is her, once
    const confirmIt = p.getByRole('dialog', { name: "Confirm it's you" });
    const mismatch = () => visible(p, 'This sort code and account number do not match: check both');
    await expect.poll(async () => (await confirmIt.count()) + (await mismatch()), { timeout: 15_000 }).toBe(1);
    if (await confirmIt.count()) {
      await confirmIt.getByLabel('Password').fill(pia.password);
      await confirmIt.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect.poll(mismatch, { timeout: 15_000 }).toBe(1);

    await fillChecked(p.getByLabel('Account number', { exact: true }), GOOD.accountNumber);
    await p.getByRole('button', { name: /^Save payout details/ }).click();
    await expectToast(p, 'Payout details saved');
    await expect.poll(() => visible(p, '•••• 4958'), { timeout: 10_000 }).toBeGreaterThan(0);
    // the account number itself never comes back to the screen
    expect(await p.content()).not.toContain(GOOD.accountNumber);
    // the browser logs the two refusals it was meant to meet: the confirmation asked for, and the account refused
    expect(problems.filter((m) => !/status of (400|403|422) .*\/api\/payout-details/.test(m))).toEqual([]);
  });

  it('an administrator drafts the run for last month; the partner without payout details is held, and he may not approve it', async () => {
    const a = await draftBrowser.newPage();
    const problems = watchPage(a);
    await signIn(a, server, ada);
    await a.goto(`${server.baseUrl}/admin?tab=commissions`);
    await expect.poll(() => visible(a, 'No payout runs yet'), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => visible(a, '£50.00'), { timeout: 10_000 }).toBeGreaterThan(0);

    await a.getByRole('button', { name: 'Draft payout run' }).click();
    const dialog = a.getByRole('dialog', { name: 'Draft payout run' });
    const end = lastMonth();
    const expectedEnd = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    expect(await dialog.getByLabel('Period end').inputValue()).toBe(expectedEnd);
    await dialog.getByRole('button', { name: 'Draft run' }).click();
    await expectToast(a, 'drafted');
    const heading = a.getByRole('heading', { name: /^Payout run CP\d{4}$/ });
    await expect.poll(() => heading.count(), { timeout: 15_000 }).toBe(1);
    reference = (await heading.textContent())!.replace('Payout run ', '');
    expect(new URL(a.url()).searchParams.get('run')).toBeTruthy();

    // Pia (bank) and Paul (PayPal) are paid; Hal has no details and is held, saying why
    const payable = a.getByRole('table', { name: `Payable partners in ${reference}` });
    await expect.poll(() => payable.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    expect(await payable.getByText('Pia Banks').count()).toBe(1);
    expect(await payable.getByText('Paul Pal').count()).toBe(1);
    await a.getByRole('tab', { name: /^Held/ }).click();
    const held = a.getByRole('table', { name: `Held partners in ${reference}` });
    await expect.poll(() => held.getByText('Hal Heldon').count(), { timeout: 15_000 }).toBe(1);
    expect(await held.getByText(/No payout details/).count()).toBe(1);

    // the drafter sees why approval is someone else's, and no Approve button
    expect(await a.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await visible(a, /Another administrator approves this run/)).toBe(1);
    // and the server refuses him all the same
    const id = new URL(a.url()).searchParams.get('run')!;
    const status = await a.evaluate(
      async (u) => (await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
      `/api/admin/payout-runs/${id}/approve`,
    );
    expect(status).toBe(403);
    await accessibleWhenSettled(a, 'draft run');
    expect(problems.filter((m) => !m.includes('403'))).toEqual([]);
  });

  it('a second administrator approves it after a confirmation naming the total, downloads both files, and marks it paid', async () => {
    const b = await approveBrowser.newPage();
    const problems = watchPage(b);
    await signIn(b, server, ben);
    await b.goto(`${server.baseUrl}/admin?tab=commissions`);
    await b
      .getByRole('button', { name: `Open payout run ${reference}` })
      .filter({ visible: true })
      .click();
    await expect.poll(() => b.getByRole('heading', { name: `Payout run ${reference}` }).count(), { timeout: 15_000 }).toBe(1);

    await b.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = b.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText(/It pays £[\d,]+\.\d\d to 2 partners/).count(), { timeout: 10_000 }).toBe(1);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(b, `Payout run ${reference} approved`);
    await expect.poll(() => b.getByText('Approved', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    // the bank file pays Pia by her sort code and account, with the line's reference
    const bank = await download(b, b.getByRole('link', { name: /Bank file/ }));
    expect(bank.name).toMatch(/\.xml$/);
    expect(bank.text).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(bank.text).toContain('Pia Banks');
    expect(bank.text).toContain(GOOD.accountNumber);
    expect(bank.text).toMatch(new RegExp(`${reference}-\\d{4}`));
    expect(bank.text).not.toContain('paul.pal@example.com');
    // the PayPal file pays Paul at his PayPal address, in pounds, with his reference
    const paypal = await download(b, b.getByRole('link', { name: /PayPal file/ }));
    expect(paypal.name).toMatch(/\.csv$/);
    expect(paypal.text).toContain('paul.pal@example.com');
    expect(paypal.text).toContain('GBP');
    expect(paypal.text).toMatch(new RegExp(`${reference}-\\d{4}`));
    expect(paypal.text).not.toContain(GOOD.accountNumber);

    await screenshots(b, 'run-approved');
    await accessibleWhenSettled(b, 'approved run');

    await b.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = b.getByRole('dialog', { name: `Mark ${reference} paid` });
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Payment to Pia Banks failed' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByText('2 of 2 payments paid.').count()).toBe(1);
    await accessibleWhenSettled(b, 'mark paid dialog');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expectToast(b, `Payout run ${reference} marked paid`);
    await expect.poll(() => b.getByRole('tab', { name: /^Paid/ }).count(), { timeout: 10_000 }).toBe(1);
    await screenshots(b, 'run-paid');
    expect(problems).toEqual([]);
  });

  it('the partner finds the payout paid under Commission Tracker → Payouts and opens its statement', async () => {
    const p = await partnerBrowser.newPage();
    const problems = watchPage(p);
    await p.goto(`${server.baseUrl}/commissions`);
    await p.getByRole('tab', { name: 'Payouts' }).click();
    await expect.poll(() => new URL(p.url()).searchParams.get('tab')).toBe('payouts');
    const table = p.getByRole('table', { name: 'Your payouts' });
    await expect.poll(() => table.getByText(new RegExp(`^${reference}-\\d{4}$`)).count(), { timeout: 15_000 }).toBe(1);
    expect(await table.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await table.getByText('Bank transfer •••• 4958').count()).toBe(1);
    expect(await visible(p, /Tax year \d{4}-\d{2}/)).toBeGreaterThan(0);

    const link = table.getByRole('link', { name: /^Statement \(PDF\) for / });
    const href = await link.getAttribute('href');
    const answer = await p.evaluate(async (u) => {
      const res = await fetch(u!);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }, href);
    expect(answer).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });
    const statement = await download(p, link);
    expect(statement.name).toMatch(/\.pdf$/);

    await screenshots(p, 'partner-payouts');
    await accessibleWhenSettled(p, 'partner payouts');
    expect(problems).toEqual([]);
  });
});
