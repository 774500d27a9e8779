import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, makeUser, openSession, reloadUser, type TestContext } from '../helpers/app.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';
import { expectError, rawHttp } from '../helpers/http.ts';

/**
 * Request guards: security headers; no CORS; hostile identifiers; the 404, OpenAPI and health answers; and
 * request targets in absolute form.
 */

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

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('an API answer carries CSP, nosniff, Referrer-Policy, no-store and no X-Powered-By', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('error answers of the API carry them too', async () => {
    for (const url of ['/api/auth/me', '/api/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a signed-in answer is never stored by a cache', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: await openSession(ctx, u.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the SPA index carries CSP with frame-ancestors, nosniff, Referrer-Policy and no X-Powered-By', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('HSTS is sent when the request came over https through the trusted proxy', async () => {
    for (const url of ['/api/site', '/dashboard']) {
      const res = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      const hsts = String(res.headers['strict-transport-security'] ?? '');
      expect(hsts, url).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('HSTS is not sent over plain http, nor on a client’s say-so without a trusted proxy', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).headers['strict-transport-security']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/dashboard' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await ctx.app.inject({ method: 'GET', url: '/api/site', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('no CORS', () => {
  it.each(['https://evil.example', 'null'])('a preflight from %s gets no Access-Control-Allow-Origin', async (origin) => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it.each(['https://evil.example', 'null'])('a signed-in read with Origin %s gets no Access-Control-Allow-Origin', async (origin) => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { origin, cookie: await openSession(ctx, u.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('hostile identifiers', () => {
  const HOSTILE = ['1 OR 1=1', '1;--', "' OR '1'='1", '1; DROP TABLE users;--', '../../etc/passwd', '%00', 'a'.repeat(300), '12345'];

  it.each(HOSTILE)('the id %s answers 400 on every application route and changes nothing', async (id) => {
    const { cookie } = await adminAndApplicant();
    const before = await snapshotTables(ctx.db);
    for (const [action, payload] of [
      ['update', { companyVerified: true }],
      ['approve', {}],
      ['reject', { reason: 'other' }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/${action}-application/${encodeURIComponent(id)}`, headers: { cookie }, payload });
      expect(res.statusCode, `${action} ${id}`).toBe(400);
      expect(res.json().error.code).toMatch(/^(validation_failed|bad_request)$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toMatch(/select|insert|update .* set|syntax|postgres/i);
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('a well-formed id that matches no application answers 404', async () => {
    const { cookie } = await adminAndApplicant();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/approve-application/00000000-0000-4000-8000-000000000000', headers: { cookie }, payload: {} });
    expectError(res, 404, 'not_found');
  });
});

describe('unknown paths, OpenAPI and health', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('an unknown /api path answers %s with a JSON 404 in the error shape', async (method) => {
    const res = await ctx.app.inject({ method, url: '/api/definitely-not-a-route', headers: { host: HOST } });
    expectError(res, 404, 'not_found');
  });

  it('a malformed URL answers 400 in the error shape, without echoing the path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/%zz<script>' });
    expectError(res, 400, 'bad_request');
    expect(res.body).not.toContain('<script>');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/api itself is a JSON 404, not the SPA', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api' }), 404, 'not_found');
  });

  it('an unknown page path serves the SPA index, so client routing works on reload', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/applications' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('/api/openapi.json is an OpenAPI document listing the sign-in route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login']?.post).toBeDefined();
    expect(doc.paths['/api/admin/approve-application/{userId}']?.post).toBeDefined();
  });

  it('/api/health answers 200 with the database kind while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('/api/health answers 503 once the database is gone', async () => {
    const own = await createTestApp();
    try {
      await own.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: own.database.kind });
    } finally {
      await own.app.close();
      await own.close().catch(() => {}); // the database is already closed; a PostgreSQL copy is dropped at teardown
    }
  });
});

describe('request targets in absolute form (GET http://host/path HTTP/1.1)', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  const request = (method: string, target: string, headers: Record<string, string> = {}, body = '') =>
    rawHttp(
      port,
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
        Object.entries({ ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        `\r\n${body}`,
    );

  it.each(['/api/admin/outbox', '/api/admin/pending-applications', '/api/admin/application-stats'])(
    'GET http://host%s without a session answers 401, not the data',
    async (path) => {
      const res = await request('GET', `http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).error.code).toBe('unauthorized');
    },
  );

  it('an absolute-form write without a session answers 401 and changes nothing', async () => {
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending', emailVerifiedAt: new Date() });
    const res = await request('POST', `http://127.0.0.1:${port}/api/admin/approve-application/${applicant.id}`, {}, '{}');
    expect(res.status).toBe(401);
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
  });

  it('an absolute-form write with a foreign Origin is refused as cross-site', async () => {
    const { cookie, applicant } = await adminAndApplicant();
    const res = await request('POST', `http://127.0.0.1:${port}/api/admin/approve-application/${applicant.id}`, { cookie, origin: 'https://evil.example' }, '{}');
    expect(res.status).toBe(403);
    expect((await reloadUser(ctx.db, applicant.id)).accountStatus).toBe('pending');
  });

  it('an absolute-form request from a signed-in admin is served like the origin form', async () => {
    const { cookie } = await adminAndApplicant();
    const res = await request('GET', `http://127.0.0.1:${port}/api/admin/application-stats`, { cookie });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(expect.objectContaining({ pending: expect.any(Number) }));
  });
});
