import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The referral engine as people use it: a partner submits a lead, an admin moves it to closed-won, and the
 * partner sees the timeline, the commission at the right amount, the dashboard tiles and the pipeline update.
 */
let server: RunningServer;
let partnerBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const admin = { username: 'leadsadmin', email: 'leads.admin@example.com', password: 'Admin-Pass-123' };
const partner = { username: 'paula.partner', email: 'paula@example.com', password: 'Partner-Pass-123', firstName: 'Paula', lastName: 'Reyes' };
const company = 'Northwind Traders';

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [partner] });
  [partnerBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([partnerBrowser?.close(), adminBrowser?.close()]);
  await server?.stop();
});

describe('referral journey', () => {
  it('partner submits, admin closes as won, partner sees timeline, commission, dashboard and pipeline', async () => {
    const p = await partnerBrowser.newPage();
    const problems = watchPage(p);
    await signIn(p, server, partner);

    // submit a lead (first with a mistake)
    await p.goto(`${server.baseUrl}/submit-lead`);
    await p.getByRole('button', { name: 'Submit Lead' }).click();
    await expect.poll(() => visible(p, 'Company name is required')).toBeGreaterThan(0);
    await p.getByLabel('Estimated Budget (GBP)').fill('26100');
    await p.getByLabel('Company Name').fill(company);
    await p.getByRole('combobox', { name: 'Industry' }).click();
    await p.getByRole('option', { name: 'Technology' }).click();
    await p.getByLabel('Contact Name').fill('Andrew Fuller');
    await p.getByLabel('Contact Email').fill('andrew.fuller@northwind.example');
    await p.getByLabel('Project Description').fill('Interim CFO for six months while they prepare a sale.');
    await expectAccessible(p, 'submit lead');
    await p.getByRole('button', { name: 'Submit Lead' }).click();
    await expect.poll(() => visible(p, 'Lead submitted successfully!'), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => new URL(p.url()).pathname).toBe('/leads');
    await expect.poll(() => visible(p, 'Leads (1)')).toBe(1);
    await expectAccessible(p, 'my leads');

    // an admin finds it in the Admin Panel and closes it as won
    const a = await adminBrowser.newPage();
    const adminProblems = watchPage(a);
    await signIn(a, server, admin);
    await a.goto(`${server.baseUrl}/admin?tab=leads`);
    await a.getByRole('button', { name: `Update Status of ${company}` }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await a.getByRole('option', { name: 'Closed Won' }).click();
    await dialog.getByLabel('Notes').fill('Signed today.');
    await dialog.getByRole('button', { name: 'Update Lead' }).click();
    await expect.poll(() => visible(a, 'Lead updated successfully!'), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(a, 'admin lead management');

    // the partner opens the lead's page: the timeline entry, and the admin's note in its discussion
    await p.goto(`${server.baseUrl}/leads`);
    await p.getByRole('link', { name: `View ${company}` }).click();
    await expect.poll(() => p.url()).toMatch(/\/leads\/[0-9a-f-]{36}$/);
    await expect.poll(() => p.getByText('Status changed from Submitted to Closed Won').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => p.getByText('Signed today.').count()).toBeGreaterThan(0);

    // the commission: 26,100 closed in one month gives £7,440.00
    await p.goto(`${server.baseUrl}/commissions`);
    await expect.poll(() => visible(p, '£7,440.00'), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(p, 'commissions');
    // the calculator answers for the value typed on its own, as its worked example does, unless this month's business is added
    const calculator = p.getByRole('region', { name: 'Commission Calculator' });
    await calculator.getByLabel(/^Deal value/).fill('26100');
    await expect.poll(() => calculator.getByText('£7,440.00', { exact: true }).count()).toBe(1);
    await calculator.getByLabel(/^Add to what I have closed this month/).check();
    await expect.poll(() => calculator.getByText('£7,440.00', { exact: true }).count()).toBe(0);

    // the dashboard tiles
    await p.goto(`${server.baseUrl}/dashboard`);
    const performance = p.getByRole('region', { name: /Performance Overview/ });
    await expect.poll(() => performance.getByText('£7,440').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => performance.getByText('100.0%').count()).toBeGreaterThan(0);
    const pipeline = p.getByRole('region', { name: /Pipeline Overview/ });
    await expect.poll(() => pipeline.getByRole('listitem').filter({ hasText: 'Closed Won' }).getByText('1', { exact: true }).count()).toBe(1);
    await expectAccessible(p, 'dashboard');

    // and the pipeline board shows it in the Closed Won column
    await p.goto(`${server.baseUrl}/pipeline`);
    const won = p.getByRole('region', { name: /Closed Won/ });
    await expect.poll(() => won.getByText(company).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(p, 'pipeline');

    expect(problems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });
});
