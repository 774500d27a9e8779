import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, apiTokenListSchema, createdApiTokenSchema, type ApiTokenScope, type CreatedApiToken } from '../../common/schemas/api-tokens.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { listRoutes } from '../../server/app.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { apiTokens, appSettings, auditLog, users } from '../../server/db/schema/index.ts';
import { REQUIRE_ADMIN_2FA } from '../../server/policies/two-factor.ts';
import { newApiTokenSecret } from '../../server/lib/api-token-secret.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { TOKEN_RATE_LIMIT } from '../../server/plugins/bearer.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { concreteUrl, expectError } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

let ctx: TestContext;
let admin: SignedIn;
let master: SignedIn;
let partner: SignedIn;
let other: SignedIn;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request carrying only the token (no cookie). */
const withToken = (token: string, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(body !== undefined ? { payload: body as object } : {}) });

async function createToken(
  who: SignedIn,
  url: '/api/admin/api-tokens' | '/api/tokens',
  scopes: ApiTokenScope[],
  o: Record<string, unknown> = {},
): Promise<CreatedApiToken> {
  const res = await who.api.post(url, { body: { name: `Token ${scopes.join(' ')}`.slice(0, 100), scopes, ...o } });
  expect(res.statusCode, res.body).toBe(201);
  return createdApiTokenSchema.parse(res.json());
}
const orgToken = (scopes: ApiTokenScope[], o?: Record<string, unknown>, who = admin) => createToken(who, '/api/admin/api-tokens', scopes, o);

const leadBody = (o: Record<string, unknown> = {}) => ({
  leadType: 'advisory',
  estimatedValue: 26100,
  companyName: 'Globex Ltd',
  industry: 'Technology',
  contactName: 'Hank Scorpio',
  contactEmail: 'hank@globex.example',
  projectDescription: 'Needs an interim CTO for a platform migration.',
  urgency: 'high',
  relationshipStrength: 'strong',
  ...o,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  master = await makeSignedIn(ctx, { role: 'master-admin' });
  partner = await makeSignedIn(ctx);
  other = await makeSignedIn(ctx);
  for (const who of [admin, master, partner, other]) await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
});
afterAll(async () => {
  await ctx?.close();
});

describe('making, listing and revoking tokens', () => {
  it('shows the secret once: in the create answer, never in a list, and the database keeps only its hash', async () => {
    const created = await orgToken(['leads:read', 'members:read'], { name: '  CRM sync  ' });
    expect(created.token).toMatch(/^cpo_[0-9A-Za-z]{49}$/);
    expect(created).toMatchObject({ kind: 'organisation', name: 'CRM sync', hint: created.token.slice(-4), scopes: ['leads:read', 'members:read'], revokedAt: null });
    expect(created.createdBy).toEqual({ id: admin.user.id, name: expect.any(String) });

    const list = await admin.api.get('/api/admin/api-tokens');
    expect(list.statusCode).toBe(200);
    const listed = apiTokenListSchema.parse(list.json()).items.find((t) => t.id === created.id);
    expect(listed).toMatchObject({ name: 'CRM sync', hint: created.token.slice(-4) });
    expect(list.body).not.toContain(created.token);
    expect(list.json().items.every((t: object) => !('token' in t))).toBe(true);

    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('audits making and revoking a token, without the secret', async () => {
    const created = await orgToken(['events:read']);
    expect((await admin.api.delete(`/api/admin/api-tokens/${created.id}`)).statusCode).toBe(204);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['api_token.create', 'api_token.revoke']);
    expect(entries.every((e) => e.actorId === admin.user.id && e.entityType === 'api_token')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(created.token);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row).toMatchObject({ revokedBy: admin.user.id });
    expect(row!.revokedAt).not.toBeNull();
  });

  it('needs a recent identity confirmation to make or revoke a token', async () => {
    const fresh = await makeSignedIn(ctx, { role: 'admin' });
    expectError(await fresh.api.post('/api/admin/api-tokens', { body: { name: 'x', scopes: ['leads:read'] } }), 403, 'reauthentication_required');
    const member = await makeSignedIn(ctx);
    expectError(await member.api.post('/api/tokens', { body: { name: 'x', scopes: ['leads:read'] } }), 403, 'reauthentication_required');
    const created = await orgToken(['leads:read']);
    expectError(await fresh.api.delete(`/api/admin/api-tokens/${created.id}`), 403, 'reauthentication_required');
    const mine = await createToken(partner, '/api/tokens', ['leads:read']);
    expectError(await member.api.delete(`/api/tokens/${mine.id}`), 403, 'reauthentication_required');
  });

  it('lets a partner make only personal tokens, with only leads:read and commissions:read, and see only their own', async () => {
    expectError(await partner.api.post('/api/admin/api-tokens', { body: { name: 'x', scopes: ['leads:read'] } }), 403, 'forbidden');
    expectError(await partner.api.get('/api/admin/api-tokens'), 403, 'forbidden');
    expectError(await partner.api.post('/api/tokens', { body: { name: 'x', scopes: ['leads:write'] } }), 400, 'bad_request');
    const mine = await createToken(partner, '/api/tokens', ['leads:read', 'commissions:read']);
    expect(mine.token).toMatch(/^cpp_/);
    expect(mine.kind).toBe('personal');
    const theirs = await createToken(other, '/api/tokens', ['leads:read']);
    const list = apiTokenListSchema.parse((await partner.api.get('/api/tokens')).json()).items;
    expect(list.map((t) => t.id)).toContain(mine.id);
    expect(list.map((t) => t.id)).not.toContain(theirs.id);
    expectError(await partner.api.delete(`/api/tokens/${theirs.id}`), 404, 'not_found');
    // an organisation token is not revoked through the personal routes
    const org = await orgToken(['leads:read']);
    expectError(await admin.api.delete(`/api/tokens/${org.id}`), 404, 'not_found');
  });

  it('refuses a bad name, an unknown scope and an expiry in the past', async () => {
    expectError(await admin.api.post('/api/admin/api-tokens', { body: { name: '', scopes: ['leads:read'] } }), 400, 'validation_failed');
    expectError(await admin.api.post('/api/admin/api-tokens', { body: { name: 'x'.repeat(101), scopes: ['leads:read'] } }), 400, 'validation_failed');
    expectError(await admin.api.post('/api/admin/api-tokens', { body: { name: 'x', scopes: ['admin:all'] } }), 400, 'validation_failed');
    expectError(await admin.api.post('/api/admin/api-tokens', { body: { name: 'x', scopes: [] } }), 400, 'validation_failed');
    const past = new Date(ctx.clock.now().getTime() - 60_000).toISOString();
    expectError(await admin.api.post('/api/admin/api-tokens', { body: { name: 'x', scopes: ['leads:read'], expiresAt: past } }), 400, 'bad_request');
  });
});

describe('a request with a token', () => {
  it('is refused 401 when the token is malformed, mistyped, unknown, revoked or expired', async () => {
    const good = await orgToken(['leads:read']);
    const flipped = good.token.slice(0, -1) + (good.token.endsWith('a') ? 'b' : 'a');
    for (const bad of ['cpo_short', 'abc', flipped, newApiTokenSecret('organisation'), newApiTokenSecret('personal'), good.token.replace(/^cpo_/, 'cpp_')]) {
      const res = await withToken(bad, 'GET', '/api/leads');
      expectError(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/leads', headers: { authorization: 'Bearer' } }), 401, 'unauthorized');

    const expiring = await orgToken(['leads:read'], { expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString() });
    expect((await withToken(expiring.token, 'GET', '/api/leads')).statusCode).toBe(200);
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expectError(await withToken(expiring.token, 'GET', '/api/leads'), 401, 'unauthorized');

    expect((await withToken(good.token, 'GET', '/api/leads')).statusCode).toBe(200);
    expect((await admin.api.delete(`/api/admin/api-tokens/${good.id}`)).statusCode).toBe(204);
    expectError(await withToken(good.token, 'GET', '/api/leads'), 401, 'unauthorized');
  });

  it('is refused 401 when it also brings a session cookie', async () => {
    const token = await orgToken(['leads:read']);
    expectError(await withToken(token.token, 'GET', '/api/leads', undefined, { cookie: admin.cookie }), 401, 'unauthorized');
  });

  it('acts as the creator, and records the last use at most once a minute', async () => {
    const token = await orgToken(['members:read']);
    const res = await withToken(token.token, 'GET', `/api/users/${partner.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [first] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(first!.lastUsedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    expect(first!.lastUsedIp).toBeTruthy();
    await ctx.db.update(apiTokens).set({ lastUsedIp: 'marker' }).where(eq(apiTokens.id, token.id));
    await withToken(token.token, 'GET', '/api/members');
    const [second] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(second!.lastUsedIp).toBe('marker');
  });

  it('stops working when an administrator creator is demoted or deactivated, or a member is no longer approved', async () => {
    const demoted = await makeSignedIn(ctx, { role: 'admin' });
    await confirmIdentity(ctx.app, demoted.cookie, demoted.user.plainPassword);
    const token = await orgToken(['leads:read'], undefined, demoted);
    expect((await withToken(token.token, 'GET', '/api/leads')).statusCode).toBe(200);
    const change = await master.api.patch(`/api/users/${demoted.user.id}/role`, { body: { role: 'partner' } });
    expect(change.statusCode, change.body).toBe(200);
    expectError(await withToken(token.token, 'GET', '/api/leads'), 401, 'unauthorized');

    const leaving = await makeSignedIn(ctx, { role: 'admin' });
    await confirmIdentity(ctx.app, leaving.cookie, leaving.user.plainPassword);
    const second = await orgToken(['leads:read'], undefined, leaving);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.user.id));
    expectError(await withToken(second.token, 'GET', '/api/leads'), 401, 'unauthorized');

    const member = await makeSignedIn(ctx);
    await confirmIdentity(ctx.app, member.cookie, member.user.plainPassword);
    const personal = await createToken(member, '/api/tokens', ['leads:read']);
    expect((await withToken(personal.token, 'GET', '/api/leads')).statusCode).toBe(200);
    await ctx.db.update(users).set({ accountStatus: 'rejected' }).where(eq(users.id, member.user.id));
    expectError(await withToken(personal.token, 'GET', '/api/leads'), 401, 'unauthorized');
  });
});

describe('scopes', () => {
  /** The routes each scope must open, at least. */
  const required: Record<string, string[]> = {
    'leads:read': ['GET /api/leads', 'GET /api/leads/:id', 'GET /api/leads/export.csv'],
    'leads:write': ['POST /api/leads', 'PATCH /api/leads/:id'],
    'members:read': ['GET /api/members', 'GET /api/users/:id'],
    'commissions:read': ['GET /api/commissions', 'GET /api/commissions/summary'],
    'payouts:read': ['GET /api/admin/payout-runs', 'GET /api/admin/payout-runs/:id'],
    'events:read': ['GET /api/events', 'GET /api/events/:id'],
    'timesheets:read': ['GET /api/timesheets', 'GET /api/timesheets/:id'],
  };

  it('declares the routes each scope opens', () => {
    const declared = listRoutes(ctx.app).filter((r) => r.tokenScopes?.length);
    for (const [scope, routes] of Object.entries(required)) {
      const opened = declared.filter((r) => r.tokenScopes!.includes(scope)).map((r) => `${r.method} ${r.url}`);
      expect(opened, scope).toEqual(expect.arrayContaining(routes));
    }
    // every declared scope is one of the known ones, and no write route is opened by a read scope
    for (const r of declared) {
      for (const s of r.tokenScopes!) expect(API_TOKEN_SCOPES as readonly string[]).toContain(s);
      if (r.method !== 'GET' && r.method !== 'HEAD')
        expect(
          r.tokenScopes!.every((s) => !s.endsWith(':read')),
          `${r.method} ${r.url}`,
        ).toBe(true);
    }
  });

  it('lets each scope through exactly the routes that declare it (403 insufficient_scope elsewhere)', async () => {
    const tokens = new Map<string, string>();
    for (const scope of API_TOKEN_SCOPES) tokens.set(scope, (await orgToken([scope])).token);
    const declared = listRoutes(ctx.app).filter((r) => r.tokenScopes?.length && r.method !== 'HEAD');
    expect(declared.length).toBeGreaterThan(10);
    for (const route of declared) {
      const body = route.method === 'GET' ? undefined : {};
      for (const scope of API_TOKEN_SCOPES) {
        const res = await withToken(tokens.get(scope)!, route.method as Method, concreteUrl(route.url), body);
        const label = `${scope} → ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (route.tokenScopes!.includes(scope)) {
          expect(res.statusCode, label).not.toBe(403);
          expect(res.statusCode, label).not.toBe(401);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.code, label).toBe('insufficient_scope');
        }
      }
    }
  });

  it('refuses a route that declares no scope with 403 token_not_allowed, whatever the token holds', async () => {
    const all = await orgToken([...API_TOKEN_SCOPES]);
    for (const [method, url, body] of [
      ['PATCH', '/api/auth/profile', { firstName: 'Eve' }],
      ['POST', '/api/community-posts', { content: 'Hello' }],
      ['GET', '/api/admin/api-tokens', undefined],
      ['POST', '/api/admin/api-tokens', { name: 'x', scopes: ['leads:read'] }],
      ['GET', '/api/auth/me', undefined],
      ['GET', '/api/payouts', undefined],
    ] as const) {
      expectError(await withToken(all.token, method, url, body), 403, 'token_not_allowed');
    }
  });

  it('keeps a personal token to its member: their own leads only, no administrators’ data', async () => {
    const own = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Own Co' });
    const theirs = await makeLead(ctx.db, { submitter: other.user, companyName: 'Theirs Co' });
    const mine = await createToken(partner, '/api/tokens', ['leads:read', 'commissions:read']);
    const list = await withToken(mine.token, 'GET', '/api/leads');
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().items as Array<{ id: string }>).map((l) => l.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(theirs.id);
    expect((await withToken(mine.token, 'GET', `/api/leads/${own.id}`)).statusCode).toBe(200);
    expectError(await withToken(mine.token, 'GET', `/api/leads/${theirs.id}`), 404, 'not_found');
    expect((await withToken(mine.token, 'GET', '/api/commissions/summary')).statusCode).toBe(200);
    expectError(await withToken(mine.token, 'GET', '/api/admin/payout-runs'), 403, 'insufficient_scope');
    expectError(await withToken(mine.token, 'GET', '/api/admin/commissions'), 403, 'forbidden');
    expectError(await withToken(mine.token, 'GET', '/api/admin/api-tokens'), 403, 'token_not_allowed');
  });

  it('lets an administrator’s leads:write token change a lead’s status, and a bearer write needs no Origin', async () => {
    const lead = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Status Co' });
    const token = await orgToken(['leads:read', 'leads:write']);
    const res = await withToken(token.token, 'PATCH', `/api/leads/${lead.id}`, { status: 'reviewing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(leadSchema.parse(res.json()).status).toBe('reviewing');

    const created = await withToken(token.token, 'POST', '/api/leads', leadBody());
    expect(created.statusCode, created.body).toBe(201);
    // no cookie: a foreign page has no credential of ours to borrow, so the cross-site write check does not apply
    const foreign = await withToken(token.token, 'POST', '/api/leads', leadBody({ companyName: 'Foreign Co' }), {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    // a partner's personal token cannot write at all
    const personal = await createToken(partner, '/api/tokens', ['leads:read']);
    expectError(await withToken(personal.token, 'POST', '/api/leads', leadBody()), 403, 'insufficient_scope');
  });
});

describe('the rate limit per token', () => {
  it('answers the limit headers on every bearer answer and 429 with Retry-After beyond it', async () => {
    const saved = TOKEN_RATE_LIMIT.max;
    TOKEN_RATE_LIMIT.max = 3;
    try {
      const token = await orgToken(['leads:read']);
      const secondsLeft = 60 - (Math.floor(ctx.clock.now().getTime() / 1000) % 60);
      for (let i = 1; i <= 3; i++) {
        const res = await withToken(token.token, 'GET', '/api/leads');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['ratelimit-policy']).toBe('"token";q=3;w=60');
        expect(res.headers['ratelimit']).toBe(`"token";r=${3 - i};t=${secondsLeft}`);
      }
      const refused = await withToken(token.token, 'GET', '/api/leads');
      expectError(refused, 429, 'rate_limited');
      expect(refused.headers['retry-after']).toBe(String(secondsLeft));
      expect(refused.headers['ratelimit']).toBe(`"token";r=0;t=${secondsLeft}`);
      // refusals of scope carry the headers too, and another token has its own count
      const other = await orgToken(['leads:read']);
      const scoped = await withToken(other.token, 'GET', '/api/members');
      expectError(scoped, 403, 'insufficient_scope');
      expect(scoped.headers['ratelimit']).toBe(`"token";r=2;t=${secondsLeft}`);
      // the next window opens the door again
      ctx.clock.advance(secondsLeft * 1000);
      expect((await withToken(token.token, 'GET', '/api/leads')).statusCode).toBe(200);
    } finally {
      TOKEN_RATE_LIMIT.max = saved;
    }
  });
});

describe('erasure', () => {
  it('deletes the member’s tokens with their account, and keeps the tokens they revoked without their id', async () => {
    const leaving = await makeSignedIn(ctx, { role: 'admin' });
    await confirmIdentity(ctx.app, leaving.cookie, leaving.user.plainPassword);
    const theirs = await orgToken(['leads:read'], undefined, leaving);
    const revokedByThem = await orgToken(['leads:read']);
    expect((await leaving.api.delete(`/api/admin/api-tokens/${revokedByThem.id}`)).statusCode).toBe(204);
    await ctx.db.update(users).set({ role: 'partner' }).where(eq(users.id, leaving.user.id));
    const asked = await leaving.api.post('/api/account-deletion-request', { body: { confirm: 'DELETE' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const confirmed = await master.api.post(`/api/admin/account-deletion-requests/${asked.json().request.id}/confirm`, { body: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, theirs.id))).toEqual([]);
    const [kept] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, revokedByThem.id));
    expect(kept).toMatchObject({ revokedBy: null });
    expect(kept!.revokedAt).not.toBeNull();
    expectError(await withToken(theirs.token, 'GET', '/api/leads'), 401, 'unauthorized');
  });
});

describe('two-factor sign-in required of administrators', () => {
  it('holds back an administrator’s token until they turn it on, as it holds back their session', async () => {
    const token = await orgToken(['leads:read']);
    await ctx.db.insert(appSettings).values({ key: REQUIRE_ADMIN_2FA, value: true });
    try {
      expectError(await withToken(token.token, 'GET', '/api/leads'), 403, 'two_factor_required');
    } finally {
      await ctx.db.delete(appSettings).where(eq(appSettings.key, REQUIRE_ADMIN_2FA));
    }
    expect((await withToken(token.token, 'GET', '/api/leads')).statusCode).toBe(200);
  });
});
