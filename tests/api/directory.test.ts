import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryPageSchema, memberProfileSchema } from '../../common/schemas/community.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { levels } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, reloadUser, type MakeUserOptions, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let viewer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  viewer = await makeSignedIn(ctx, { firstName: 'Vera', lastName: 'Viewer' });
});
afterAll(async () => {
  await ctx?.close();
});

/** A listed member with only the profile fields given. */
const member = (fields: MakeUserOptions) => makeUser(ctx.db, { company: null, jobTitle: null, location: null, bio: null, ...fields });
const directory = (query: Record<string, string | number> = {}) => viewer.api.getOk(directoryPageSchema, '/api/members', { query });

describe('GET /api/members (member directory)', () => {
  it('searches name, company and job title, filters by industry, expertise and location, and pages on the server', async () => {
    await member({ firstName: 'Orla', lastName: 'Dirsearch', company: 'Lumen Capital', jobTitle: 'Chief Financial Officer', location: 'Manchester, UK' });
    await member({
      firstName: 'Piet',
      lastName: 'Dirsearch',
      company: 'Harbour & Co',
      jobTitle: 'Head of Lumen Ops',
      industries: ['Shipping'],
      expertise: ['Logistics'],
    });
    await member({ firstName: 'Lumen', lastName: 'Dirsearch', industries: ['Shipping', 'Energy'], expertise: ['Risk'], location: 'Edinburgh' });
    await member({ firstName: 'Quinn', lastName: 'Dirsearch', company: '100%_Growth', location: 'Manchester' });
    // by first name, company or title, any case
    const lumen = await directory({ search: 'LUMEN' });
    expect(lumen.items.map((m) => m.firstName).sort()).toEqual(['Lumen', 'Orla', 'Piet']);
    expect(lumen.total).toBe(3);
    expect((await directory({ search: 'orla dirsearch' })).items.map((m) => m.company)).toEqual(['Lumen Capital']);
    // LIKE wildcards in the search are plain characters
    expect((await directory({ search: '100%_' })).items.map((m) => m.firstName)).toEqual(['Quinn']);
    expect((await directory({ search: '%' })).items.map((m) => m.firstName)).toEqual(['Quinn']);
    // industry and expertise: the member lists the value; location: part of it, any case
    expect((await directory({ industry: 'Shipping' })).items.map((m) => m.firstName).sort()).toEqual(['Lumen', 'Piet']);
    expect((await directory({ industry: 'Shipping', expertise: 'Risk' })).items.map((m) => m.firstName)).toEqual(['Lumen']);
    expect((await directory({ expertise: 'Logist' })).items).toEqual([]);
    expect((await directory({ location: 'manchester' })).items.map((m) => m.firstName).sort()).toEqual(['Orla', 'Quinn']);
    expect((await directory({ search: 'dirsearch', location: 'Manchester, UK' })).items.map((m) => m.firstName)).toEqual(['Orla']);
    // pages in name order, total over all pages
    const first = await directory({ search: 'dirsearch', pageSize: 2, page: 1 });
    const second = await directory({ search: 'dirsearch', pageSize: 2, page: 2 });
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect([...first.items, ...second.items].map((m) => m.firstName)).toEqual(['Lumen', 'Orla', 'Piet', 'Quinn']);
    expect(first.items[0]).not.toHaveProperty('email');
    expect(first.items[0]).not.toHaveProperty('phoneNumber');
    expectError(await viewer.api.get('/api/members', { query: { pageSize: 61 } }), 400, 'validation_failed');
  });

  it('lists only approved, active members open to networking, never the viewer', async () => {
    const shown = await member({ lastName: 'Dirvisible' });
    const hidden = await member({ lastName: 'Dirvisible', availableForNetworking: false });
    const inactive = await member({ lastName: 'Dirvisible', isActive: false });
    const pending = await member({ lastName: 'Dirvisible', accountStatus: 'pending' });
    const removed = await member({ lastName: 'Dirvisible', isActive: false, removedAt: new Date() });
    const ids = (await directory({ search: 'dirvisible' })).items.map((m) => m.id);
    expect(ids).toEqual([shown.id]);
    for (const u of [hidden, inactive, pending, removed]) expect(ids).not.toContain(u.id);
    expect((await directory({ search: 'vera viewer' })).items).toEqual([]);
  });

  it('counts Active Partners: approved partners whose account is active, admins and inactive accounts aside', async () => {
    ctx.clock.advance(10_001);
    const before = (await directory()).activePartners;
    await makeUser(ctx.db, { role: 'partner' });
    await makeUser(ctx.db, { role: 'partner', availableForNetworking: false });
    await makeUser(ctx.db, { role: 'partner', isActive: false });
    await makeUser(ctx.db, { role: 'admin' });
    await makeUser(ctx.db, { role: 'partner', accountStatus: 'pending' });
    // the network-wide count is reused for ten seconds, then counted again
    expect((await directory()).activePartners).toBe(before);
    ctx.clock.advance(10_001);
    expect((await directory()).activePartners).toBe(before + 2);
  });

  it('carries the viewer’s connection on every row: none, pending either way, accepted', async () => {
    const none = await member({ lastName: 'Dirconn', firstName: 'A' });
    const outgoing = await member({ lastName: 'Dirconn', firstName: 'B' });
    const incoming = await member({ lastName: 'Dirconn', firstName: 'C' });
    const accepted = await member({ lastName: 'Dirconn', firstName: 'D' });
    const declined = await member({ lastName: 'Dirconn', firstName: 'E' });
    const now = ctx.clock.now();
    const out = await makeConnection(ctx.db, { from: viewer.user, to: outgoing, now });
    const inc = await makeConnection(ctx.db, { from: incoming, to: viewer.user, now });
    const acc = await makeConnection(ctx.db, { from: accepted, to: viewer.user, status: 'accepted', now });
    await makeConnection(ctx.db, { from: viewer.user, to: declined, status: 'declined', now });
    // someone else's connection with the member changes nothing for the viewer
    await makeConnection(ctx.db, { from: none, to: outgoing, status: 'accepted', now });
    const rows = (await directory({ search: 'dirconn' })).items;
    expect(rows.map((r) => [r.id, r.connection])).toEqual([
      [none.id, { status: 'none', direction: null, connectionId: null }],
      [outgoing.id, { status: 'pending', direction: 'outgoing', connectionId: out.id }],
      [incoming.id, { status: 'pending', direction: 'incoming', connectionId: inc.id }],
      [accepted.id, { status: 'accepted', direction: 'incoming', connectionId: acc.id }],
      [declined.id, { status: 'none', direction: null, connectionId: null }],
    ]);
  });

  it('answers 401 without a session', async () => {
    expectError(await client(ctx.app).get('/api/members'), 401, 'unauthorized');
  });
});

describe('GET /api/users/:id (member profile)', () => {
  it('shows a listed member with the connection, points, level, connections and membership date', async () => {
    const since = new Date('2025-03-01T09:00:00Z');
    const m = await member({ firstName: 'Pia', lastName: 'Profile', expertise: ['Audit'], totalPoints: 120, currentLevel: 2, approvedAt: since });
    const friend = await member({});
    await makeConnection(ctx.db, { from: friend, to: m, status: 'accepted', now: ctx.clock.now() });
    const req = await makeConnection(ctx.db, { from: viewer.user, to: m, now: ctx.clock.now() });
    const p = await viewer.api.getOk(memberProfileSchema, `/api/users/${m.id}`);
    const [level] = await ctx.db.select().from(levels).where(eq(levels.levelNumber, p.currentLevel));
    // 120 points plus 5 for the accepted connection
    expect(p).toMatchObject({
      id: m.id,
      firstName: 'Pia',
      expertise: ['Audit'],
      totalPoints: 125,
      currentLevel: (await reloadUser(ctx.db, m.id)).currentLevel,
      levelName: level.name,
      connectionsCount: 1,
      memberSince: since.toISOString(),
      connection: { status: 'pending', direction: 'outgoing', connectionId: req.id },
    });
    expect(p).not.toHaveProperty('email');
    expect(p).not.toHaveProperty('phoneNumber');
  });

  it('answers 404 for an unknown member or one the directory hides, 401 without a session', async () => {
    const hidden = await member({ availableForNetworking: false });
    const inactive = await member({ isActive: false });
    const pending = await member({ accountStatus: 'pending' });
    for (const id of [NO_SUCH_ID, hidden.id, inactive.id, pending.id]) expectError(await viewer.api.get(`/api/users/${id}`), 404, 'not_found');
    expectError(await viewer.api.get('/api/users/not-a-uuid'), 400, 'validation_failed');
    const visible = await member({});
    expectError(await client(ctx.app).get(`/api/users/${visible.id}`), 401, 'unauthorized');
  });
});
