import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser, watchPage } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Live delivery as members meet it, two people in two browsers: the administrator closes Alex's lead as won and
 * Alex's bell count rises while Alex does nothing (no reload, no polling: not one request for notifications is
 * made), and the notification opens that lead.
 */
let server: RunningServer;
let alexBrowser: BrowserContext;
let adminBrowser: BrowserContext;
const alex = { username: 'alex.live', email: 'alex@example.com', password: 'Partner-Pass-123', firstName: 'Alex', lastName: 'Live' };
const mia = { username: 'mia.admin', email: 'mia@example.com', password: 'Admin-Pass-1234', firstName: 'Mia', lastName: 'Admin' };

beforeAll(async () => {
  server = await startServer({ admins: [mia], partners: [alex] });
  [alexBrowser, adminBrowser] = await Promise.all([newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([alexBrowser?.close(), adminBrowser?.close()]);
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

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const bellName = async (page: Page) => (await bell(page).getAttribute('aria-label')) ?? '';

/** Resolves once the page's live socket has said it is ready. */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/ws')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"ready"')) resolve();
      });
    });
  });
}

describe('live delivery', () => {
  it('the bell rises the moment an administrator closes the member’s lead as won, and opens that lead', async () => {
    const a = await alexBrowser.newPage();
    const alexProblems = watchPage(a);
    const ready = socketReady(a);
    await signIn(a, alex);
    const leadId = await a.evaluate(async () => {
      const body = {
        leadType: 'interim',
        estimatedValue: 60000,
        companyName: 'Northwind Logistics',
        industry: 'Technology',
        contactName: 'Sam Carter',
        contactEmail: 'sam@northwind.example',
        projectDescription: 'Interim CFO for six months during a refinancing.',
        urgency: 'high',
        relationshipStrength: 'strong',
      };
      const res = await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return ((await res.json()) as { id: string }).id;
    });
    await a.goto(`${server.baseUrl}/dashboard`);
    await ready.catch(() => {});
    await expect.poll(() => bellName(a), { timeout: 15_000 }).toBe('Notifications');
    // from here on, count what Alex's page asks about notifications: a live update asks nothing
    const asked: string[] = [];
    a.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/notifications')) asked.push(r.url());
    });

    const m = await adminBrowser.newPage();
    const adminProblems = watchPage(m);
    await signIn(m, mia);
    const status = await m.evaluate(async (id) => {
      const res = await fetch(`/api/leads/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'closed-won' }) });
      return res.status;
    }, leadId);
    expect(status).toBe(200);

    // winning tells Alex more than one thing (the lead, the commission, points): the count rises by each
    await expect.poll(() => bellName(a), { timeout: 10_000 }).toMatch(/^Notifications, \d+ unread$/);
    expect(asked).toEqual([]);
    const unread = Number(/(\d+) unread/.exec(await bellName(a))![1]);

    await bell(a).click();
    await a.getByRole('menuitem', { name: /Lead closed won/i }).click();
    await expect.poll(() => new URL(a.url()).pathname + new URL(a.url()).search).toBe(`/leads?lead=${leadId}`);
    const dialog = a.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Northwind Logistics').count()).toBeGreaterThan(0);
    // closing the lead takes its id out of the address; the one opened is read
    await a.keyboard.press('Escape');
    await expect.poll(() => new URL(a.url()).search).toBe('');
    await expect.poll(() => bellName(a), { timeout: 10_000 }).toBe(unread === 1 ? 'Notifications' : `Notifications, ${unread - 1} unread`);

    expect(alexProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });
});
