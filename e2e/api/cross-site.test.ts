import { createServer, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser } from '../helpers/browser.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

/**
 * An attacker's page on another origin tries to use a signed-in member's cookies. The real browser decides
 * which headers and cookies go with the request, so this checks the CSRF defence as it works in the field.
 */
let app: RunningServer;
let evil: Server;
let evilUrl: string;
let browser: BrowserContext;
const admin = { username: 'siteadmin', email: 'siteadmin@example.com', password: 'Admin-Pass-123' };

beforeAll(async () => {
  app = await startServer({ admins: [admin] });
  const port = await freePort();
  evil = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>evil</title><p>hello</p>');
  }).listen(port, '127.0.0.1');
  evilUrl = `http://127.0.0.1:${port}`; // same site (ports do not count), other origin
  browser = await newBrowser();
});

afterAll(async () => {
  await browser?.close();
  evil?.close();
  await app?.stop();
});

describe('a page on another site', () => {
  it('cannot sign the member out or act as them', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/login`);
    const login = await page.evaluate(async (a) => {
      const r = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: a.username, password: a.password }),
      });
      return r.status;
    }, admin);
    expect(login).toBe(200);

    const attacker = await browser.newPage();
    await attacker.goto(evilUrl);
    const results = await attacker.evaluate(async (target) => {
      const attempt = async (path: string, init: RequestInit) => {
        try {
          const r = await fetch(target + path, { ...init, credentials: 'include', mode: 'no-cors' });
          return r.type;
        } catch (e) {
          return `blocked: ${(e as Error).message}`;
        }
      };
      return {
        logout: await attempt('/api/auth/logout', { method: 'POST' }),
        form: await attempt('/api/admin/approve-application/00000000-0000-0000-0000-000000000000', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '{}',
        }),
      };
    }, app.baseUrl);
    // the browser sent both (its answer is opaque, or withheld by Cross-Origin-Resource-Policy); what counts
    // is the effect on the server
    expect(results.logout).toMatch(/opaque|blocked/);
    expect(results.form).toMatch(/opaque|blocked/);

    // the member is still signed in: the cross-site logout was refused by the server
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(200);

    // and a cross-origin read gets no CORS grant
    const read = await attacker.evaluate(async (target) => {
      try {
        await fetch(`${target}/api/auth/me`, { credentials: 'include' });
        return 'readable';
      } catch {
        return 'blocked';
      }
    }, app.baseUrl);
    expect(read).toBe('blocked');

    // control: the same logout from the app's own page does sign the member out
    const own = await page.evaluate(async () => {
      await fetch('/api/auth/logout', { method: 'POST' });
      return (await fetch('/api/auth/me')).status;
    });
    expect(own).toBe(401);
  });
});
