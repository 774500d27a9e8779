import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/app.ts';
import { createTestApp, makeUser, openSession, reloadUser, type TestContext } from '../helpers/app.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';
import { concreteUrl, expectError } from '../helpers/http.ts';

/** Request guards: cross-site writes, content types, and GETs that never change state. */

const webDir = mkdtempSync(join(tmpdir(), 'cp-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>');

let ctx: TestContext;
/** The same app behind a TLS-terminating proxy, with its public URL configured. */
let proxied: TestContext;
beforeAll(async () => {
  [ctx, proxied] = await Promise.all([
    createTestApp({ config: { webDir } }),
    createTestApp({ config: { webDir, trustProxy: true, publicUrl: 'https://members.example' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), proxied?.close()]);
});

const HOST = 'app.example';

async function adminAndApplicant() {
  const admin = await makeUser(ctx.db, { role: 'admin' });
  const applicant = await makeUser(ctx.db, { accountStatus: 'pending', emailVerifiedAt: new Date() });
  return { cookie: await openSession(ctx, admin.id), applicant };
}

const approve = (cookie: string, applicantId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/approve-application/${applicantId}`, headers: { host: HOST, cookie, ...headers }, payload: {} });

describe('cross-site writes', () => {
  it('a write with a foreign Origin answers 403 and changes nothing', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    const res = await approve(cookie, applicant.id, { origin: 'https://evil.example' });
    expectError(res, 403, 'forbidden');
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
  });

  it('a write with Sec-Fetch-Site: cross-site answers 403 and changes nothing', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    const res = await approve(cookie, applicant.id, { 'sec-fetch-site': 'cross-site' });
    expectError(res, 403, 'forbidden');
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
  });

  it.each(['null', `https://${HOST}`, `http://${HOST}:8080`, `http://${HOST}.evil.example`, `http://evil.example/${HOST}`])(
    'a write with Origin %s answers 403',
    async (origin) => {
      const { cookie, applicant } = await adminAndApplicant();
      expectError(await approve(cookie, applicant.id, { origin }), 403, 'forbidden');
      expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
    },
  );

  it('a cross-site sign-out is refused, so the session survives', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await openSession(ctx, u.id);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: HOST, cookie, origin: 'https://evil.example' } });
    expectError(res, 403, 'forbidden');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('a cross-site sign-in is refused (no login CSRF)', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'sec-fetch-site': 'cross-site' },
      payload: { username: u.username, password: u.plainPassword },
    });
    expectError(res, 403, 'forbidden');
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
  });

  it('a write whose Origin matches the Host is allowed', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    const res = await approve(cookie, applicant.id, { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('approved');
  });

  it('behind the proxy, a write from the configured public URL is allowed', async () => {
    const admin = await makeUser(proxied.db, { role: 'admin' });
    const applicant = await makeUser(proxied.db, { accountStatus: 'pending', emailVerifiedAt: new Date() });
    const res = await proxied.app.inject({
      method: 'POST',
      url: `/api/admin/approve-application/${applicant.id}`,
      headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', origin: 'https://members.example', cookie: await openSession(proxied, admin.id) },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });

  it('a form-encoded body to a JSON route answers 415 in the error shape, before anything changes', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reject-application/${applicant.id}`,
      headers: { host: HOST, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reason=other',
    });
    expectError(res, 415, 'unsupported_media_type');
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
  });

  it('a text/plain body to a JSON route answers 415 in the error shape', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'content-type': 'text/plain' },
      payload: JSON.stringify({ username: u.username, password: u.plainPassword }),
    });
    expectError(res, 415, 'unsupported_media_type');
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
  });

  it('a multipart body to a JSON route answers 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n--x--\r\n',
    });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('an oversized body answers 413 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('a body with __proto__ is refused, and pollutes nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: '{"username":"x","password":"y","__proto__":{"polluted":true}}',
    });
    expectError(res, 400, 'bad_request');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('malformed JSON answers 400 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: HOST, 'content-type': 'application/json' }, payload: '{"username": ' });
    expectError(res, 400, 'bad_request');
  });
});

/**
 * Tables a read may write without changing anything a user can see: session touches (lastSeenAt), the
 * recommendations cache that GET /api/members/recommendations fills, and the member's calendar feed address,
 * made the first time GET /api/calendar-feed shows it (the same address every time after).
 */
const DERIVED_TABLES = ['sessions', 'recommendation_cache', 'calendar_feed_tokens'];

describe('no GET changes state', () => {
  it('calling every GET route as an admin leaves every table as it was', async () => {
    const { cookie } = await adminAndApplicant();
    const gets = listRoutes(ctx.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));
    expect(gets.length).toBeGreaterThan(5);
    const before = await snapshotTables(ctx.db, DERIVED_TABLES);
    for (const r of gets) await ctx.app.inject({ method: 'GET', url: concreteUrl(r.url), headers: { cookie } });
    expect(await snapshotTables(ctx.db, DERIVED_TABLES)).toEqual(before);
  });

  it('GET on a write endpoint is not a way to perform it', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    for (const url of [`/api/admin/approve-application/${applicant.id}`, `/api/admin/reject-application/${applicant.id}?reason=other`, '/api/auth/logout']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expectError(res, 404, 'not_found');
    }
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });
});
