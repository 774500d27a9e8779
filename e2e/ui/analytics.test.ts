import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled } from '../helpers/page.ts';
import { startServer, type RunningServer, type SeedContext } from '../helpers/server.ts';
import { signIn } from '../helpers/session.ts';

/**
 * Analytics as an administrator reads it: Admin Panel → Analytics opens on this month; she picks a custom period,
 * March 2025, and sees the seeded referrals in the headline and the weekly chart, reads the chart as a table and
 * downloads its CSV. A partner sees their earnings per month on the dashboard and this month's progress through
 * the tiers on the Commission Tracker, never the analytics tab, and the analytics data is refused to them.
 *
 * Seeded in March 2025 (a Saturday the 1st, so the weeks start on 24 February): on Monday 3 March an advisory lead,
 * on the 4th an advisory lead lost on the 10th, on the 5th an interim lead and an advisory lead of £12,000 won on
 * the 20th. Then a £4,000 lead won last month and a £15,000 one won today, for the partner's charts.
 */
let server: RunningServer;
let desktop: BrowserContext;
let phone: BrowserContext;
const admin = { username: 'ana.lytics', email: 'ana.lytics@example.com', password: 'Admin-Pass-123', firstName: 'Ana', lastName: 'Lytics' };
const partner = { username: 'pia.charts', email: 'pia.charts@example.com', password: 'Partner-Pass-123', firstName: 'Pia', lastName: 'Charts' };

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

async function seed({ db, account: actor }: SeedContext) {
  const by = await actor(admin.username);
  const submitter = await actor(partner.username);
  await makeLead(db, { submitter, now: at('2025-03-03'), leadType: 'advisory' });
  await makeLead(db, { submitter, by, now: at('2025-03-04'), leadType: 'advisory', status: 'closed-lost', statusAt: at('2025-03-10') });
  await makeLead(db, { submitter, now: at('2025-03-05'), leadType: 'interim' });
  await makeCommission(db, {
    partner: submitter,
    by,
    leadType: 'advisory',
    estimatedValue: '12000',
    submittedAt: at('2025-03-05'),
    closedAt: at('2025-03-20'),
  });
  const now = new Date();
  await makeCommission(db, {
    partner: submitter,
    by,
    estimatedValue: '4000',
    closedAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12)),
  });
  await makeCommission(db, { partner: submitter, by, estimatedValue: '15000', closedAt: new Date(now.getTime() - 60_000) });
}

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [partner], seed });
  desktop = await newBrowser();
  phone = await newBrowser({ width: 390, height: 844 }, { touch: true });
}, 300_000);
afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await server?.stop();
});

/** A chart's card, by its title. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The text of a file the browser saved from a click, without the byte order mark. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), button.click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '') };
}

describe('Analytics', () => {
  it('an administrator reads the period’s figures, a chart as a table, and downloads its CSV', async () => {
    const page = await desktop.newPage();
    const problems = watchPage(page);
    await signIn(page, server, admin, { until: 'welcome-toast', skipTour: true });
    await page.goto(`${server.baseUrl}/admin?tab=analytics`);
    await expect.poll(() => page.getByRole('button', { name: 'This month', pressed: true }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card(page, 'Referrals per week').count(), { timeout: 20_000 }).toBe(1);

    // a custom period, kept in the address
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2025-03-01');
    await page.getByLabel('To', { exact: true }).fill('2025-03-31');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('?tab=analytics&period=custom&from=2025-03-01&to=2025-03-31');
    await page.reload();
    const headlines = page.getByRole('list', { name: 'Headline figures' });
    await expect
      .poll(() => headlines.getByRole('listitem').filter({ hasText: 'Referrals' }).first().textContent(), { timeout: 20_000 })
      .toMatch(/^Referrals4.*up from none in the previous period/);
    await expect.poll(() => headlines.getByRole('listitem').filter({ hasText: 'Won value' }).textContent(), { timeout: 20_000 }).toContain('£12,000');
    expect(await page.getByText('1 Mar to 31 Mar 2025', { exact: true }).count()).toBeGreaterThan(0);

    // the weekly referrals as a table: the week of 3 March holds all four, by lead type
    const referrals = card(page, 'Referrals per week');
    await expect.poll(() => referrals.getByRole('button', { name: 'Show as table' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await referrals.getByText('Referrals per week, 1 Mar to 31 Mar 2025: 4 in total, highest in week of 3 Mar 2025 with 4.').count()).toBe(1);
    await referrals.getByRole('button', { name: 'Show as table' }).click();
    expect(await referrals.getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed')).toBe('true');
    const table = referrals.getByRole('table', { name: 'Referrals per week' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Week', 'Interim', 'Advisory', 'Total']);
    const row = table.getByRole('row', { name: /week of 3 Mar 2025/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['1', '3', '4']);
    await accessibleWhenSettled(page, 'analytics, March 2025 (1280)');

    // the CSV is the rows shown, with raw values
    const csv = await download(page, referrals.getByRole('button', { name: 'Download CSV' }));
    expect(csv.name).toBe('referrals-per-week_2025-03-01_to_2025-03-31.csv');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Week,Interim,Advisory,Total');
    expect(lines).toContain('2025-03-03,1,3,4');

    // the won value per week, read as a table
    const won = card(page, 'Won value per week');
    await won.getByRole('button', { name: 'Show as table' }).click();
    expect(
      await won
        .getByRole('row', { name: /week of 17 Mar 2025/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['1', '£12,000.00']);

    // this month again: the preset replaces the custom dates in the address
    await page.getByRole('button', { name: 'This year' }).click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('?tab=analytics&period=year');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at a phone’s width the tab fits the screen and passes axe', async () => {
    const page = await phone.newPage();
    await signIn(page, server, admin, { until: 'welcome-toast', skipTour: true });
    await page.goto(`${server.baseUrl}/admin?tab=analytics&period=custom&from=2025-03-01&to=2025-03-31`);
    await expect.poll(() => card(page, 'Referrals per week').getByRole('button', { name: 'Download CSV' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await accessibleWhenSettled(page, 'analytics, March 2025 (390)');
    await page.close();
  });

  it('a partner sees their earnings and tier charts, and no analytics', async () => {
    const page = await desktop.newPage();
    const problems = watchPage(page);
    // the desktop context holds the administrator's session from the first test: sign in afresh
    await signIn(page, server, partner, { until: 'welcome', skipTour: true, fresh: true });
    await page.goto(`${server.baseUrl}/dashboard`);
    const earnings = card(page, 'Earnings per month');
    await expect.poll(() => earnings.getByRole('button', { name: 'Show as table' }).count(), { timeout: 20_000 }).toBe(1);
    await earnings.getByRole('button', { name: 'Show as table' }).click();
    const rows = earnings.getByRole('table', { name: 'Earnings per month' }).getByRole('row');
    expect(await rows.count()).toBe(13);
    // this month's £15,000 earns £2,000 on the first £10,000 and £1,500 on the rest
    expect(await rows.last().getByRole('cell').allTextContents()).toEqual(['£3,500.00', '£0.00', '£3,500.00']);
    await expect.poll(() => card(page, 'Pipeline by stage').getByRole('button', { name: 'Download CSV' }).count(), { timeout: 20_000 }).toBe(1);
    await accessibleWhenSettled(page, 'dashboard with charts (1280)');

    await page.goto(`${server.baseUrl}/commissions`);
    const tiers = card(page, 'This month through the tiers');
    await expect.poll(() => tiers.getByRole('button', { name: 'Show as table' }).count(), { timeout: 20_000 }).toBe(1);
    await tiers.getByRole('button', { name: 'Show as table' }).click();
    expect(
      await tiers
        .getByRole('row', { name: /Tier 2/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['£10,000 to £20,000', '30', '£5,000.00', '£5,000.00']);
    await accessibleWhenSettled(page, 'commission tracker with the tier chart (1280)');

    // the Admin Panel is not theirs, nor the analytics data
    await page.goto(`${server.baseUrl}/admin?tab=analytics`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/dashboard');
    expect(await page.getByRole('tab', { name: 'Analytics' }).count()).toBe(0);
    const refused = await page.request.get(`${server.baseUrl}/api/analytics/referrals?from=2025-03-01&to=2025-03-31`);
    expect(refused.status()).toBe(403);
    expect(problems).toEqual([]);
    await page.close();
  });
});
