import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newBrowser, watchPage } from '../helpers/browser.ts';
import { signIn } from '../helpers/session.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

/**
 * The installable app in Chromium, on the production build: the page links a valid manifest whose icons load, the
 * service worker registers and stores the release's files, and after one visit a member who loses the connection
 * sees a strip saying so; reopening the app offline shows the offline screen and none of their data, and no answer
 * of the API ever comes from the worker or sits in its cache.
 */
let server: RunningServer;
let browser: BrowserContext;
const ada = { username: 'ada.installed', email: 'ada@example.com', password: 'Partner-Pass-123', firstName: 'Ada', lastName: 'Installed' };

beforeAll(async () => {
  server = await startServer({ partners: [ada] });
  browser = await newBrowser({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs Ada in and waits for her dashboard's greeting. */
async function signInAda(page: Page) {
  await signIn(page, server, ada, { until: 'submitted' });
  await page.waitForURL('**/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: /Welcome(?: back)?, Ada!/ }).count()).toBeGreaterThan(0);
}

/** Every URL the worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });

describe('the installable app', () => {
  it('links a manifest with the brand, its colours and icons that load', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1f2f5c');
    const res = await page.request.get(`${server.baseUrl}${href}`);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Chief Partners', short_name: 'Chief Partners', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const png = await page.request.get(`${server.baseUrl}${icon.src}`);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      // the PNG's own width and height (bytes 16 to 24 of its header) are the size the manifest states
      const bytes = await png.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    await page.close();
  });

  it('registers the worker, which stores the release, and never an answer of the API', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);
    const fromWorker: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && r.fromServiceWorker()) fromWorker.push(r.url());
    });
    await signInAda(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect.poll(async () => (await cachedUrls(page)).includes('/index.html')).toBe(true);
    const cached = await cachedUrls(page);
    expect(cached.some((u) => /^\/assets\/index-[\w-]+\.js$/.test(u))).toBe(true);
    expect(cached.some((u) => u.startsWith('/api'))).toBe(false);

    // a second visit: the scripts come from the worker, the API from the server
    const assetsFromWorker: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/') && r.fromServiceWorker()) assetsFromWorker.push(r.url());
    });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: /Welcome(?: back)?, Ada!/ }).count()).toBeGreaterThan(0);
    expect(assetsFromWorker.length).toBeGreaterThan(0);
    expect(fromWorker).toEqual([]);
    expect(await cachedUrls(page)).not.toContainEqual(expect.stringMatching(/^\/api/));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so when the connection drops, and opened offline shows the offline screen and none of the data', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: /Welcome(?: back)?, Ada!/ }).count()).toBeGreaterThan(0);

    await browser.setOffline(true);
    const strip = page.getByRole('status').filter({ hasText: 'You’re offline.' });
    await expect.poll(() => strip.isVisible()).toBe(true);
    expect(await strip.textContent()).toContain('may be out of date');
    await expectAccessible(page, 'connection lost');

    const shell = await page.reload();
    // the page came from the worker's store, as the network is gone
    expect(shell?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'You’re offline' }).isVisible()).toBe(true);
    // nothing of the member's is on screen
    expect(await page.getByText(/Welcome(?: back)?, Ada/).count()).toBe(0);
    expect(await page.getByText('Ada', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'offline screen');

    // back online, the app carries on by itself
    await browser.setOffline(false);
    await expect.poll(() => page.getByRole('heading', { name: /Welcome(?: back)?, Ada!/ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await strip.count()).toBe(0);
    await page.close();
  });

  it('Preferences turns pushes on and off for this device, says how to unblock them, and signing out stops them', async () => {
    const page = await browser.newPage();
    // the browser's own push service is out of reach here: PushManager hands out a subscription of a stand-in service
    await page.addInitScript(() => {
      const device = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device',
        toJSON: () => ({
          endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device',
          expirationTime: null,
          keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) },
        }),
        unsubscribe: async () => (localStorage.removeItem('stand-in-push'), true),
      };
      PushManager.prototype.subscribe = async () => (localStorage.setItem('stand-in-push', '1'), device as unknown as PushSubscription);
      PushManager.prototype.getSubscription = async () => (localStorage.getItem('stand-in-push') ? (device as unknown as PushSubscription) : null);
    });
    await browser.grantPermissions(['notifications'], { origin: server.baseUrl });
    await page.goto(`${server.baseUrl}/profile-settings?tab=preferences`);
    const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText('Pushes follow the groups you chose under Email Notifications').count()).toBe(1);

    const stored = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST');
    await toggle.click();
    const res = await stored;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-device', keys: { auth: 'c'.repeat(22) } });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'push on');

    const forgotten = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE');
    await toggle.click();
    expect((await forgotten).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    // on again, then signing out: this browser stops taking the member's pushes
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    const onSignOut = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Account menu for Ada Installed' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect((await onSignOut).status()).toBe(200);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('stand-in-push'))).toBeNull();

    // blocked in the browser: the switch is off and says how to allow notifications again
    await page.getByLabel('Username').fill(ada.username);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const cdp = await browser.newCDPSession(page);
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: server.baseUrl });
    await page.goto(`${server.baseUrl}/profile-settings?tab=preferences`);
    await expect.poll(() => page.getByText('Notifications are blocked for this site').isVisible()).toBe(true);
    expect(await toggle.isDisabled()).toBe(true);
    await expectAccessible(page, 'push blocked');
    await page.close();
  });
});
