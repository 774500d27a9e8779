import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, settled, visible } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The community as members use it: one posts with a picture, another connects and is accepted and endorses a
 * skill; the first sees their points, level and a newly unlocked achievement celebrated once on My Progress;
 * after an admin closes one of their leads as won, the leaderboard ranks them above a partner with no deal.
 */
let server: RunningServer;
let ninaBrowser: BrowserContext;
let bramBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const admin = { username: 'hubadmin', email: 'hub.admin@example.com', password: 'Admin-Pass-123' };
const nina = {
  username: 'nina.poster',
  email: 'nina@example.com',
  password: 'Partner-Pass-123',
  firstName: 'Nina',
  lastName: 'Poster',
  expertise: ['Strategy', 'Operations'],
};
const bram = { username: 'bram.connector', email: 'bram@example.com', password: 'Partner-Pass-123', firstName: 'Bram', lastName: 'Connector', expertise: ['Finance'] };
const company = 'Contoso Pharma';

beforeAll(async () => {
  server = await startServer({ admins: [admin], partners: [nina, bram] });
  [ninaBrowser, bramBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([ninaBrowser?.close(), bramBrowser?.close(), adminBrowser?.close()]);
  await server?.stop();
});

/** Submits a lead through the API as the signed-in partner (the form itself is covered by the referral journey). */
async function submitLead(page: Page, companyName: string) {
  const status = await page.evaluate(async (name) => {
    const body = {
      leadType: 'advisory',
      estimatedValue: 40000,
      companyName: name,
      industry: 'Healthcare & Life Sciences',
      contactName: 'Dana Scully',
      contactEmail: 'dana@contoso.example',
      projectDescription: 'Board advisor for a regulatory approval programme.',
      urgency: 'medium',
      relationshipStrength: 'strong',
    };
    return (await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
  }, companyName);
  expect(status).toBe(201);
}

/** Opens the directory, closing the first-visit welcome with Skip when it shows. */
async function openDirectory(page: Page) {
  await page.goto(`${server.baseUrl}/community?tab=directory`);
  const skip = page.getByRole('button', { name: 'Skip' });
  await expect.poll(async () => (await skip.count()) + (await page.getByText('Active Partners').count()), { timeout: 10_000 }).toBeGreaterThan(0);
  if (await skip.count()) {
    await skip.click();
    await expect.poll(() => skip.count()).toBe(0);
  }
}

describe('community journey', () => {
  it('post with an image, connect, endorse, progress with a celebrated achievement, and the leaderboard order', async () => {
    const n = await ninaBrowser.newPage();
    const ninaProblems = watchPage(n);
    await signIn(n, server, nina);

    // Nina shares a post with a picture
    await n.goto(`${server.baseUrl}/community`);
    await n.getByRole('button', { name: 'Share Your Thoughts' }).first().click();
    const form = n.getByRole('form', { name: 'Share Your Thoughts' });
    await form.getByLabel('Title').fill('What we learned from our first board advisory');
    await form.getByLabel('Content').fill('Three lessons from a year of advisory work.\nMore at https://example.com/lessons');
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2563EB' } })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: picture });
    await accessibleWhenSettled(n, 'share your thoughts');
    await form.getByRole('button', { name: 'Share Post' }).click();
    await expect.poll(() => n.getByText('Post created successfully').count(), { timeout: 15_000 }).toBe(1);
    await settled(n);
    await expectAccessible(n, 'post created toast');
    await expect.poll(() => visible(n, 'What we learned from our first board advisory'), { timeout: 15_000 }).toBeGreaterThan(0);
    const image = n.locator('article', { hasText: 'What we learned from our first board advisory' }).locator('img[src*="/api/community-posts/"]');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(640);
    const link = n.getByRole('link', { name: 'https://example.com/lessons' });
    expect(await link.getAttribute('rel')).toContain('noopener');
    await accessibleWhenSettled(n, 'discussion feed');

    // Bram finds her in the directory and asks to connect
    const b = await bramBrowser.newPage();
    const bramProblems = watchPage(b);
    await signIn(b, server, bram);
    await openDirectory(b);
    await b.getByRole('button', { name: 'Connect with Nina Poster' }).first().click();
    const ask = b.getByRole('dialog');
    await ask.getByRole('textbox').fill('We met at the advisory breakfast.');
    await ask.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => b.getByRole('button', { name: 'Withdraw connection request to Nina Poster' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => b.getByText('Connection request sent', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(b, 'member directory');

    // Nina accepts
    await openDirectory(n);
    await n.getByRole('button', { name: 'Accept connection request from Bram Connector' }).first().click();
    await expect.poll(() => n.getByRole('button', { name: 'Accept connection request from Bram Connector' }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => n.getByText('Connected', { exact: true }).filter({ visible: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Bram opens her profile and endorses her strategy skill
    await openDirectory(b);
    await b.getByRole('button', { name: 'View profile of Nina Poster' }).click();
    const profile = b.getByRole('dialog');
    await profile.getByRole('button', { name: 'Endorse Nina Poster for Strategy' }).click();
    const endorse = profile.getByRole('form', { name: 'Endorse Strategy' });
    await endorse.getByRole('textbox').fill('Clear thinking under pressure.');
    await endorse.getByRole('button', { name: 'Endorse' }).click();
    await expect.poll(() => profile.getByRole('button', { name: 'Remove my endorsement of Strategy' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => b.getByText('Skill Endorsed!').count(), { timeout: 10_000 }).toBe(1);
    await accessibleWhenSettled(b, 'member profile');
    await b.keyboard.press('Escape');

    // both refer a lead; an admin closes Nina's as won in the Admin Panel
    await submitLead(n, company);
    await submitLead(b, 'Initech Holdings');
    const a = await adminBrowser.newPage();
    const adminProblems = watchPage(a);
    await signIn(a, server, admin);
    await a.goto(`${server.baseUrl}/admin?tab=leads`);
    await a.getByRole('button', { name: `Update Status of ${company}` }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await a.getByRole('option', { name: 'Closed Won' }).click();
    await dialog.getByRole('button', { name: 'Update Lead' }).click();
    await expect.poll(() => visible(a, 'Lead updated successfully!'), { timeout: 10_000 }).toBeGreaterThan(0);

    // Nina's progress: the points the server holds, her level, and a new achievement celebrated once
    const points = await n.evaluate(async () => ((await (await fetch('/api/points')).json()) as { totalPoints: number }).totalPoints);
    expect(points).toBeGreaterThan(100);
    await n.goto(`${server.baseUrl}/community?tab=achievements`);
    await expect.poll(() => visible(n, points.toLocaleString('en-GB')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => visible(n, /Level \d+/), { timeout: 10_000 }).toBeGreaterThan(0);
    const celebrating = n.locator('[data-celebrating="true"]');
    await expect.poll(() => celebrating.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await celebrating.first().textContent()).toMatch(/Deal Maker|Voice of the Community|First Referral/);
    await accessibleWhenSettled(n, 'my progress');
    await expect.poll(() => celebrating.count(), { timeout: 10_000 }).toBe(0);
    await n.reload();
    await expect.poll(() => visible(n, 'Deal Maker'), { timeout: 15_000 }).toBeGreaterThan(0);
    // the list that shows Deal Maker is drawn in the same render that would mark a new achievement as celebrating
    expect(await celebrating.count()).toBe(0);

    // the leaderboard puts the partner with a closed deal first
    await n.goto(`${server.baseUrl}/leaderboard`);
    const rankings = n.getByRole('table', { name: /Partner rankings/ });
    await expect.poll(() => rankings.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const order = await rankings.getByRole('row').allTextContents();
    const ninaAt = order.findIndex((r) => r.includes('Nina Poster'));
    const bramAt = order.findIndex((r) => r.includes('Bram Connector'));
    expect(ninaAt).toBeGreaterThan(0);
    expect(bramAt).toBeGreaterThan(ninaAt);
    await accessibleWhenSettled(n, 'leaderboard');

    expect(ninaProblems).toEqual([]);
    expect(bramProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });
});
