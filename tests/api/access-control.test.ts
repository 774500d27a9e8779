import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteEntry } from '../../server/app.ts';
import { makeApplicant } from '../../server/db/factories/members.ts';
import { memberApplications } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, reloadUser, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client, type Method } from '../helpers/client.ts';
import { concreteUrl, expectError } from '../helpers/http.ts';

/**
 * Access control driven from the route table (every closed route refuses without a session, by its declared
 * access level) and the role × endpoint matrix of the application review and outbox endpoints.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** The only routes anyone may call without a session. A route that declares itself public must be listed here. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/site',
  'GET /api/openapi.json',
  // the API reference rendered from that document: its page, its own script and style files, and the document
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  // a member's personal calendar feed, fetched by calendar apps without a session: the secret in its address is the proof
  'GET /api/calendar/:token.ics',
  'POST /api/auth/register',
  'POST /api/auth/login',
  // the second step of a two-factor sign-in: the challenge cookie is the proof of the first
  'POST /api/auth/login/2fa',
  'POST /api/auth/logout',
  // the e-mail verification link is opened signed out as often as signed in; the signed token is the proof
  'POST /api/auth/verify-email',
  // a forgotten password: the same answer for every address; setting the new one, the signed token of the link is the proof
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/apple',
  'GET /api/auth/apple/callback',
  // Apple's response_mode=form_post posts the callback from appleid.apple.com
  'POST /api/auth/apple/callback',
  // the unsubscribe link of notification e-mails: the signed token in its address is the proof
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
]);

/** Routes allowed to skip the cross-site write check (a third party must post to them). */
const CSRF_EXEMPT_ROUTES = new Set([
  'POST /api/auth/apple/callback',
  // mail providers' one-click unsubscribe (RFC 8058) posts from their own servers
  'POST /api/notifications/unsubscribe',
]);

const key = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;
const isPublic = (r: RouteEntry) => PUBLIC_ROUTES.has(key(r)) || (r.method === 'HEAD' && PUBLIC_ROUTES.has(`GET ${r.url}`));
const apiRoutes = () => listRoutes(ctx.app).filter((r) => r.url.startsWith('/api/'));
const closedRoutes = () => apiRoutes().filter((r) => !isPublic(r));
const send = (r: RouteEntry, cookie?: string) => client(ctx.app, cookie).request(r.method as Method, concreteUrl(r.url));

describe('the route table', () => {
  it('is recorded, so the checks below cannot pass on an empty list', () => {
    const keys = apiRoutes().map(key);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/auth/me', 'POST /api/admin/approve-application/:userId']));
  });

  it('has no route declaring public access that is not on the explicit public list', () => {
    const declaredPublic = apiRoutes()
      .filter((r) => r.access === 'public' && !isPublic(r))
      .map(key);
    expect(declaredPublic).toEqual([]);
  });

  it('has no route exempt from the cross-site check except the known third-party callbacks', () => {
    const exempt = apiRoutes()
      .filter((r) => r.csrfExempt)
      .map(key);
    expect(exempt.filter((k) => !CSRF_EXEMPT_ROUTES.has(k))).toEqual([]);
  });

  it('has no route on the public list that requires a session (the list is not stale)', () => {
    const listedButClosed = apiRoutes()
      .filter((r) => isPublic(r) && r.access !== 'public')
      .map(key);
    expect(listedButClosed).toEqual([]);
  });
});

describe('without a session', () => {
  it('every /api route outside the public list answers 401 in the error shape', async () => {
    const closed = closedRoutes();
    expect(closed.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const r of closed) {
      const res = await send(r);
      if (res.statusCode !== 401) wrong.push(`${key(r)} → ${res.statusCode}`);
      else if (r.method !== 'HEAD') expectError(res, 401, 'unauthorized');
    }
    expect(wrong).toEqual([]);
  });

  it('a made-up session cookie is the same as none: 401 on every closed route', async () => {
    const wrong: string[] = [];
    for (const r of closedRoutes()) {
      const res = await send(r, 'cp_session=forged-value-that-matches-nothing');
      if (res.statusCode !== 401) wrong.push(`${key(r)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  // access is checked before the body is validated, so a caller without a session learns no schema
  it('every closed write answers 401, not a validation message, to a body it would refuse', async () => {
    const wrong: string[] = [];
    for (const r of closedRoutes().filter((x) => !['GET', 'HEAD'].includes(x.method))) {
      for (const payload of [{}, { unexpected: 'field' }, []]) {
        const res = await client(ctx.app).request(r.method as Method, concreteUrl(r.url), { body: payload });
        if (res.statusCode !== 401) wrong.push(`${key(r)} ${JSON.stringify(payload)} → ${res.statusCode}`);
      }
      const badId = await client(ctx.app).request(r.method as Method, concreteUrl(r.url, 'not-an-id'), { body: {} });
      if (r.url.includes(':') && badId.statusCode !== 401) wrong.push(`${key(r)} with a bad id → ${badId.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('public routes answer without a session', async () => {
    for (const url of ['/api/health', '/api/site', '/api/openapi.json']) {
      const res = await client(ctx.app).get(url);
      expect(res.statusCode, url).toBe(200);
    }
  });
});

type ActorKind = 'anonymous' | 'pending' | 'rejected' | 'partner' | 'admin' | 'master-admin' | 'deactivated';

const ACTOR_USERS: Record<Exclude<ActorKind, 'anonymous'>, MakeUserOptions> = {
  pending: { accountStatus: 'pending' },
  rejected: { accountStatus: 'rejected' },
  partner: { role: 'partner' },
  admin: { role: 'admin' },
  'master-admin': { role: 'master-admin' },
  // the strongest case: an approved admin whose account was deactivated
  deactivated: { role: 'admin', isActive: false },
};

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  /** A request that succeeds for an allowed actor; a fresh pending applicant is created for id routes. */
  body?: Record<string, unknown>;
  /** For writes: whether the applicant was changed, read from the database. */
  changed?: (applicantId: string) => Promise<boolean>;
}

const statusOf = async (id: string) => (await reloadUser(ctx.db, id)).accountStatus;
const applicationOf = async (id: string) => (await ctx.db.select().from(memberApplications).where(eq(memberApplications.userId, id)))[0];

const ENDPOINTS: Record<string, Endpoint> = {
  me: { method: 'GET', url: '/api/auth/me' },
  logout: { method: 'POST', url: '/api/auth/logout' },
  pendingList: { method: 'GET', url: '/api/admin/pending-applications' },
  stats: { method: 'GET', url: '/api/admin/application-stats' },
  update: {
    method: 'POST',
    url: '/api/admin/update-application/:userId',
    body: { companyVerified: true },
    changed: async (id) => (await applicationOf(id)).companyVerified,
  },
  approve: { method: 'POST', url: '/api/admin/approve-application/:userId', body: {}, changed: async (id) => (await statusOf(id)) !== 'pending' },
  reject: { method: 'POST', url: '/api/admin/reject-application/:userId', body: { reason: 'other' }, changed: async (id) => (await statusOf(id)) !== 'pending' },
  outbox: { method: 'GET', url: '/api/admin/outbox' },
};
type EndpointName = keyof typeof ENDPOINTS;

const MEMBER_ONLY = { me: 200, logout: 200, pendingList: 403, stats: 403, update: 403, approve: 403, reject: 403, outbox: 403 } as const;
const ADMIN = { me: 200, logout: 200, pendingList: 200, stats: 200, update: 200, approve: 200, reject: 200, outbox: 200 } as const;
const NO_SESSION = { me: 401, logout: 200, pendingList: 401, stats: 401, update: 401, approve: 401, reject: 401, outbox: 401 } as const;

/** The expected status of every endpoint for every kind of caller: members reach their own session, only admins review. */
const MATRIX: Record<ActorKind, Record<EndpointName, number>> = {
  anonymous: NO_SESSION,
  pending: MEMBER_ONLY,
  rejected: MEMBER_ONLY,
  partner: MEMBER_ONLY,
  admin: ADMIN,
  'master-admin': ADMIN,
  deactivated: NO_SESSION,
};

describe('role × endpoint matrix', () => {
  it('covers the application review and outbox endpoints of the route table', () => {
    const inMatrix = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} ${e.url}`));
    const missing = apiRoutes()
      .filter((r) =>
        /^\/api\/(auth\/me|auth\/logout|admin\/(pending-applications|application-stats|update-application|approve-application|reject-application|outbox))/.test(r.url),
      )
      .filter((r) => r.method !== 'HEAD' && !inMatrix.has(key(r)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(MATRIX) as ActorKind[])('%s gets the expected status, and a refused write changes nothing', async (kind) => {
    const actor = kind === 'anonymous' ? null : await makeUser(ctx.db, ACTOR_USERS[kind]);
    const mismatches: string[] = [];
    for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[EndpointName, Endpoint]>) {
      const expected = MATRIX[kind][name];
      const applicant = await makeApplicant(ctx.db, { emailVerifiedAt: new Date() });
      // a fresh session per call, so logout in one cell does not affect the next
      const cookie = actor ? await openSession(ctx, actor.id) : undefined;
      const res = await client(ctx.app, cookie).request(endpoint.method, endpoint.url.replace(':userId', applicant.id), { body: endpoint.body });
      if (res.statusCode !== expected) {
        mismatches.push(`${name}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      if (expected === 401) expectError(res, 401, 'unauthorized');
      if (expected === 403) expectError(res, 403, 'forbidden');
      if (endpoint.changed) {
        const changed = await endpoint.changed(applicant.id);
        if (changed !== (expected === 200)) mismatches.push(`${name}: database ${changed ? 'changed' : 'unchanged'} after ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a pending or rejected account is told its account has no access yet, not that it lacks admin rights', async () => {
    const { id } = await makeUser(ctx.db, { accountStatus: 'pending', role: 'admin' });
    const res = await client(ctx.app, await openSession(ctx, id)).get('/api/admin/pending-applications');
    expect(expectError(res, 403, 'forbidden').message).toBe('Your account does not have access to this yet.');
  });

  it('an approved partner is told administrator access is required', async () => {
    const { id } = await makeUser(ctx.db, { role: 'partner' });
    const res = await client(ctx.app, await openSession(ctx, id)).get('/api/admin/outbox');
    expect(expectError(res, 403, 'forbidden').message).toBe('Administrator access is required.');
  });
});

describe('every route refuses by its declared access level', () => {
  /** The refusals that need no valid body: who must be turned away from a route of each access level. */
  const REFUSED: Record<string, Partial<Record<Exclude<ActorKind, 'anonymous'>, number>>> = {
    session: { deactivated: 401 },
    member: { deactivated: 401, pending: 403, rejected: 403 },
    admin: { deactivated: 401, pending: 403, rejected: 403, partner: 403 },
  };

  it.each(['pending', 'rejected', 'partner', 'deactivated'] as const)('%s is refused on every route closed to them', async (kind) => {
    const actor = await makeUser(ctx.db, ACTOR_USERS[kind]);
    const cookie = await openSession(ctx, actor.id);
    const wrong: string[] = [];
    for (const r of closedRoutes()) {
      const expected = REFUSED[r.access ?? 'member']?.[kind];
      if (!expected) continue;
      const res = ['GET', 'HEAD'].includes(r.method)
        ? await send(r, cookie)
        : await client(ctx.app, cookie).request(r.method as Method, concreteUrl(r.url), { body: {} });
      if (res.statusCode !== expected) wrong.push(`${key(r)} (${r.access ?? 'member'}) → ${res.statusCode}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
