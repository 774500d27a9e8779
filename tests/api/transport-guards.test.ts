import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, openSession, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Guards that depend on how a request reaches the app: HSTS when the site is served over https (judged by
 * PUBLIC_URL, not by the last hop), and the API's checks for every spelling of an API path.
 */

const webDir = mkdtempSync(join(tmpdir(), 'cp-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>');

let ctx: TestContext;
/** Behind a TLS-terminating proxy that talks plain http to the app, with an https public URL. */
let httpsSite: TestContext;
beforeAll(async () => {
  [ctx, httpsSite] = await Promise.all([createTestApp({ config: { webDir } }), createTestApp({ config: { webDir, publicUrl: 'https://members.example' } })]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), httpsSite?.close()]);
});

describe('HSTS', () => {
  it('HSTS is on every answer when PUBLIC_URL is https, whatever the hop between the proxy and the app', async () => {
    for (const url of ['/api/site', '/api/auth/me', '/api/no-such-thing', '/dashboard']) {
      for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
        const res = await httpsSite.app.inject({ method: 'GET', url, headers });
        expect(String(res.headers['strict-transport-security'] ?? ''), `${url} ${JSON.stringify(headers)}`).toMatch(/max-age=31536000/);
      }
    }
  });

  it('is not sent when PUBLIC_URL is unset and the request is plain http', async () => {
    for (const url of ['/api/site', '/dashboard']) expect((await ctx.app.inject({ method: 'GET', url })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('percent-encoded spellings of API paths', () => {
  // the router decodes '/%61pi/…' to '/api/…'; the session, no-store and access checks must see it as the API too
  it('a signed-in request to /%61pi/auth/me is served with its session and never cached', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/%61pi/auth/me', headers: { cookie: await openSession(ctx, u.id) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(u.id);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/%61pi/site', '/%61%70%69/auth/me', '/api/%61uth/me'])('%s carries no-store', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an admin route spelled /%61pi/… still needs a session and the admin level', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/%61pi/admin/pending-applications' }), 401, 'unauthorized');
    const partner = await makeUser(ctx.db);
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/%61pi/admin/pending-applications', headers: { cookie: await openSession(ctx, partner.id) } }),
      403,
      'forbidden',
    );
  });
});
