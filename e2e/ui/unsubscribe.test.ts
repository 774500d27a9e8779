import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../server/services/notification-mail.ts';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The unsubscribe link of a notification e-mail, opened signed out: the page says which e-mails it stops and
 * changes nothing until the button is pressed; then those e-mails are off in the member's preferences. A broken
 * link says so. At desktop and phone widths, checked with axe.
 */
let server: RunningServer;
let desktop: BrowserContext;
let phone: BrowserContext;
const partner = { username: 'unsub.partner', email: 'unsub.partner@example.com', password: 'Unsub-Pass-123' };
let cookie = '';
let userId = '';

beforeAll(async () => {
  server = await startServer({ partners: [partner] });
  [desktop, phone] = await Promise.all([newBrowser(), newBrowser({ width: 390, height: 844 })]);
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ username: partner.username, password: partner.password }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  userId = (await res.json()).user.id;
});
afterAll(async () => {
  await Promise.all([desktop?.close(), phone?.close()]);
  await server?.stop();
});

/** The link an e-mail's footer carries, signed with the server's own secret. */
const linkFor = (groups: Parameters<typeof unsubscribeToken>[2]) =>
  `${server.baseUrl}/unsubscribe?token=${unsubscribeToken(readFileSync(join(server.dataDir, 'session-secret'), 'utf8').trim(), userId, groups, new Date())}`;
const emailTypes = async () =>
  ((await (await fetch(`${server.baseUrl}/api/notification-preferences`, { headers: { cookie } })).json()) as { emailTypes: string[] }).emailTypes;

describe('unsubscribe page', () => {
  it('shows what the link stops, unsubscribes on the button only, and confirms it', async () => {
    const page = await desktop.newPage();
    const problems = watchPage(page);
    await page.goto(linkFor(['lead_updates']));
    await expect.poll(() => page.getByText('Lead updates', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByText('A lead you referred changes status, someone writes in its discussion, or a lead is assigned to you.').count()).toBe(1);
    await expectAccessible(page, 'unsubscribe page');
    // opening the page changed nothing
    expect(await emailTypes()).toContain('lead_updates');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByText('You are unsubscribed').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'unsubscribed');
    expect(await emailTypes()).toEqual(['commissions', 'application_decisions', 'mentorship', 'timesheets', 'account']);
    expect(await page.getByRole('link', { name: 'Profile Settings → Preferences' }).getAttribute('href')).toBe('/profile-settings?tab=preferences');
    expect(problems).toEqual([]);
  });

  it('on a phone, reads well and says when a link is broken', async () => {
    const page = await phone.newPage();
    await page.goto(linkFor(['mentorship']));
    await expect.poll(() => page.getByRole('button', { name: 'Unsubscribe' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'unsubscribe page on a phone');
    const broken = linkFor(['mentorship']).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await page.goto(broken);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('This unsubscribe link is not valid');
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    await expectAccessible(page, 'broken unsubscribe link');
    expect(await emailTypes()).toContain('mentorship');
  });
});
