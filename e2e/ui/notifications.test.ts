import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newBrowser, watchPage } from '../helpers/browser.ts';
import { accessibleWhenSettled, bell, bellName, settled } from '../helpers/page.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * Notifications as a member meets them: Ben asks Ada to connect and endorses her three skills, so Ada has four
 * unread notifications. She sees the count on the header's bell, opens it, chooses the connection request and lands
 * on its page with the count one lower; on the Notifications screen she filters unread and by type and marks
 * everything read. On a 390 px phone the bell is in reach and its menu fits the screen. Every state is checked with axe.
 */
let server: RunningServer;
let adaBrowser: BrowserContext;
let benBrowser: BrowserContext;
let phone: BrowserContext;
const ada = {
  username: 'ada.notified',
  email: 'ada@example.com',
  password: 'Partner-Pass-123',
  firstName: 'Ada',
  lastName: 'Notified',
  expertise: ['Strategy', 'Negotiation', 'Pricing'],
};
const ben = { username: 'ben.sender', email: 'ben@example.com', password: 'Partner-Pass-123', firstName: 'Ben', lastName: 'Sender' };

beforeAll(async () => {
  server = await startServer({ partners: [ada, ben] });
  [adaBrowser, benBrowser, phone] = await Promise.all([newBrowser(), newBrowser(), newBrowser({ width: 390, height: 844 })]);
});
afterAll(async () => {
  await Promise.all([adaBrowser?.close(), benBrowser?.close(), phone?.close()]);
  await server?.stop();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('notifications', () => {
  it('bell count, open one from the bell, filter the screen, mark all read, and the bell on a phone', async () => {
    // Ben tells Ada four things through the app's own workflows
    const b = await benBrowser.newPage();
    const benProblems = watchPage(b);
    await signIn(b, server, ben);
    const statuses = await b.evaluate(async (skills) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const found = (await (await fetch('/api/members?search=Notified')).json()) as { items: { id: string }[] };
      const id = found.items[0].id;
      const out = [(await post('/api/member-connections', { receiverId: id, message: 'Good to meet you.' })).status];
      for (const skillName of skills) out.push((await post('/api/skill-endorsements', { endorseeId: id, skillName })).status);
      return out;
    }, ada.expertise);
    expect(statuses).toEqual([201, 201, 201, 201]);

    const a = await adaBrowser.newPage();
    const adaProblems = watchPage(a);
    await signIn(a, server, ada);
    await expect.poll(() => bellName(a), { timeout: 15_000 }).toBe('Notifications, 4 unread');
    expect(await a.getByTestId('notification-count').textContent()).toBe('4');
    await accessibleWhenSettled(a, 'dashboard with the bell');

    // the menu lists the latest, newest first; choosing the connection request opens its page and lowers the count
    await bell(a).click();
    const menu = a.getByRole('menu');
    await expect.poll(() => menu.getByRole('menuitem').count(), { timeout: 10_000 }).toBe(6);
    expect(await menu.getByRole('menuitem', { name: /Mark all as read/ }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'View all notifications' }).count()).toBe(1);
    await accessibleWhenSettled(a, 'bell menu');
    await a.goto(`${server.baseUrl}/leaderboard`);
    await bell(a).click();
    await menu.getByRole('menuitem', { name: /New connection request/ }).click();
    await expect.poll(() => path(a), { timeout: 10_000 }).toBe('/dashboard');
    await expect.poll(() => bellName(a), { timeout: 15_000 }).toBe('Notifications, 3 unread');

    // the screen: unread only, then one type, then everything marked read
    await bell(a).click();
    await menu.getByRole('menuitem', { name: 'View all notifications' }).click();
    await expect.poll(() => path(a)).toBe('/notifications');
    const list = a.getByRole('list', { name: 'Notifications' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
    expect(await list.getByText('Unread:').count()).toBe(3);
    await accessibleWhenSettled(a, 'notifications, all');
    await a.getByRole('button', { name: 'Unread', exact: true }).click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    expect(await list.getByText('New connection request').count()).toBe(0);
    expect(new URL(a.url()).searchParams.get('show')).toBe('unread');
    await accessibleWhenSettled(a, 'notifications, unread');
    await a.getByRole('button', { name: 'All', exact: true }).click();
    await a.getByLabel('Type').click();
    await a.getByRole('option', { name: 'Connection requests' }).click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await a.getByLabel('Type').click();
    await a.getByRole('option', { name: 'Endorsements' }).click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    await a.getByLabel('Type').click();
    await a.getByRole('option', { name: 'All types' }).click();

    // on a phone the bell is in reach and its menu fits the screen (while Ada still has unread ones)
    const m = await phone.newPage();
    const phoneProblems = watchPage(m);
    await signIn(m, server, ada);
    await expect.poll(() => bellName(m), { timeout: 15_000 }).toBe('Notifications, 3 unread');
    const box = await bell(m).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.width >= 40 && box.height >= 40).toBe(true);
    await bell(m).click();
    const phoneMenu = m.getByRole('menu');
    await expect.poll(() => phoneMenu.getByRole('menuitem').count(), { timeout: 10_000 }).toBe(6);
    await settled(m);
    const menuBox = await phoneMenu.boundingBox();
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 390).toBe(true);
    await accessibleWhenSettled(m, 'bell menu on a phone');
    await m.keyboard.press('Escape');
    await expect.poll(() => phoneMenu.count()).toBe(0);

    await a.getByRole('button', { name: 'Unread', exact: true }).click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    await a.getByRole('button', { name: 'Mark all as read' }).click();
    await expectToast(a, '3 notifications marked as read.');
    await expect.poll(() => a.getByText('No unread notifications').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => bellName(a), { timeout: 15_000 }).toBe('Notifications');
    expect(await a.getByTestId('notification-count').count()).toBe(0);
    expect(await a.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await accessibleWhenSettled(a, 'notifications, none unread');

    // choosing an item on the screen opens where it points
    await a.getByRole('button', { name: 'Show all notifications' }).click();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
    await list.getByRole('button', { name: /endorsed your Pricing skill/ }).click();
    await expect.poll(() => path(a), { timeout: 10_000 }).toBe('/profile');

    expect(benProblems).toEqual([]);
    expect(adaProblems).toEqual([]);
    expect(phoneProblems).toEqual([]);
  }, 300_000);
});
