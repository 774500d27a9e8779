import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillChecked, newBrowser, watchPage } from '../helpers/browser.ts';
import { bell, bellName, socketReady } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Live delivery as members meet it, two people in two browsers: the administrator closes Alex's lead as won and
 * Alex's bell count rises while Alex does nothing (no reload, no polling: not one request for notifications is
 * made), and the notification opens that lead. Alex writes to Bea, who has Chat open: the conversation and the
 * message arrive on her screen without a reload, she sees Alex online, and her answer reaches Alex the same way.
 */
let server: RunningServer;
let alexBrowser: BrowserContext;
let adminBrowser: BrowserContext;
let beaBrowser: BrowserContext;
const alex = { username: 'alex.live', email: 'alex@example.com', password: 'Partner-Pass-123', firstName: 'Alex', lastName: 'Live' };
const bea = { username: 'bea.live', email: 'bea@example.com', password: 'Partner-Pass-123', firstName: 'Bea', lastName: 'Reader' };
const mia = { username: 'mia.admin', email: 'mia@example.com', password: 'Admin-Pass-1234', firstName: 'Mia', lastName: 'Admin' };

beforeAll(async () => {
  server = await startServer({ admins: [mia], partners: [alex, bea] });
  [alexBrowser, adminBrowser, beaBrowser] = await Promise.all([newBrowser(), newBrowser(), newBrowser()]);
});
afterAll(async () => {
  await Promise.all([alexBrowser?.close(), adminBrowser?.close(), beaBrowser?.close()]);
  await server?.stop();
});

describe('live delivery', () => {
  it('the bell rises the moment an administrator closes the member’s lead as won, and opens that lead', async () => {
    const a = await alexBrowser.newPage();
    const alexProblems = watchPage(a);
    const ready = socketReady(a);
    await signIn(a, server, alex);
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
    // submitting may already have told Alex something (points, an achievement): start from what the server says
    const unreadNow = () => a.evaluate(async () => ((await (await fetch('/api/notifications?pageSize=1')).json()) as { unreadCount: number }).unreadCount);
    const labelFor = (n: number) => (n === 0 ? 'Notifications' : `Notifications, ${n} unread`);
    const before = await unreadNow();
    await expect.poll(() => bellName(a), { timeout: 15_000 }).toBe(labelFor(before));
    // from here on, count what Alex's page asks about notifications: a live update asks nothing
    const asked: string[] = [];
    a.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/notifications')) asked.push(r.url());
    });

    const m = await adminBrowser.newPage();
    const adminProblems = watchPage(m);
    await signIn(m, server, mia);
    const status = await m.evaluate(async (id) => {
      const res = await fetch(`/api/leads/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'closed-won' }) });
      return res.status;
    }, leadId);
    expect(status).toBe(200);

    // winning tells Alex more than one thing (the lead, the commission, points): the count rises by each
    await expect.poll(async () => Number(/(\d+) unread/.exec(await bellName(a))?.[1] ?? 0), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(asked).toEqual([]);

    await bell(a).click();
    await a.getByRole('menuitem', { name: /Lead closed won/i }).click();
    // the notification opens the lead's own page
    await expect.poll(() => new URL(a.url()).pathname + new URL(a.url()).search).toBe(`/leads/${leadId}`);
    await expect.poll(() => a.getByRole('heading', { name: 'Northwind Logistics' }).count()).toBeGreaterThan(0);
    // the one opened is read, and the bell agrees with the server (winning may still be telling Alex more)
    const fromServer = async () =>
      a.evaluate(async (id) => {
        const page = (await (await fetch('/api/notifications?pageSize=50')).json()) as {
          unreadCount: number;
          items: { entityId: string; type: string; isRead: boolean }[];
        };
        return { unread: page.unreadCount, leadRead: page.items.find((n) => n.type === 'lead_status' && n.entityId === id)?.isRead };
      }, leadId);
    await expect.poll(async () => (await fromServer()).leadRead, { timeout: 10_000 }).toBe(true);
    await expect
      .poll(
        async () => {
          const { unread: n } = await fromServer();
          return (await bellName(a)) === labelFor(n);
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    expect(alexProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  });

  it('a message from one member appears on the other member’s open Chat without a reload, with the sender’s presence', async () => {
    const [a, b] = [await alexBrowser.newPage(), await beaBrowser.newPage()];
    const [alexProblems, beaProblems] = [watchPage(a), watchPage(b)];
    await signIn(b, server, bea);
    // Alex's browser is still signed in from the journey above
    await a.goto(`${server.baseUrl}/dashboard`);
    type Answer = { status: number; body: { id?: string } };
    const call = (page: Page, method: string, url: string, body?: unknown): Promise<Answer> =>
      page.evaluate(
        async ({ method, url, body }) => {
          const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
          return { status: res.status, body: res.status === 204 ? {} : await res.json() };
        },
        { method, url, body },
      );
    const beaId = ((await call(a, 'GET', '/api/members?search=Reader')).body as { items: { id: string }[] }).items[0].id;
    const request = await call(a, 'POST', '/api/member-connections', { receiverId: beaId, message: 'Good to meet you.' });
    expect(request.status).toBe(201);
    expect((await call(b, 'PATCH', `/api/member-connections/${request.body.id}`, { status: 'accepted' })).status).toBe(200);

    // Bea has Chat open, with no conversation yet
    const beaReady = socketReady(b);
    await b.goto(`${server.baseUrl}/chat`);
    await beaReady;
    const conversations = b.getByRole('list', { name: 'Conversations' });

    // Alex opens the conversation and writes
    const direct = await call(a, 'POST', '/api/chat/direct', { userId: beaId });
    expect(direct.status).toBe(201);
    await a.goto(`${server.baseUrl}/chat/${direct.body.id}`);
    const composer = a.getByRole('textbox', { name: /^Message / });
    await fillChecked(composer, 'Are you free for a call about the Northwind placement?');
    await a.keyboard.press('Enter');

    // it reaches Bea's open screen: the conversation with its unread count, then the message itself
    const row = conversations.getByRole('link', { name: /Alex Live/ });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/Northwind placement/);
    await row.click();
    const beaLog = b.getByRole('log', { name: 'Messages' });
    await expect.poll(() => beaLog.getByText('Are you free for a call about the Northwind placement?').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => b.locator('header').getByText('Online', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    // her answer reaches Alex the same way
    await fillChecked(b.getByRole('textbox', { name: /^Message / }), 'Yes, 3 pm works.');
    await b.keyboard.press('Enter');
    await expect.poll(() => a.getByRole('log', { name: 'Messages' }).getByText('Yes, 3 pm works.').count(), { timeout: 10_000 }).toBe(1);

    expect(alexProblems).toEqual([]);
    expect(beaProblems).toEqual([]);
  });
});
