import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeApplicant } from '../../server/db/factories/members.ts';
import { accountDeletionRequests, auditLog, outbox, users } from '../../server/db/schema/index.ts';
import { recordAudit } from '../../server/services/audit.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges, type KeysetList } from '../helpers/keyset.ts';

/**
 * The admin lists read in key order: User Management, the audit log, the outbox, pending account deletion requests
 * (oldest first) and pending applications. Rows share times in threes, so each order's tie-break on id is exercised.
 */

let ctx: TestContext;
let admin: SignedIn;
let base: number;
let added = 0;

const at = (i: number) => new Date(base - Math.floor(i / 3) * 1000);
const later = () => new Date(base + 60_000 + added++);

const addAudit = (when: Date) =>
  recordAudit(ctx.db, { actorId: admin.user.id, action: 'user.update', entityType: 'user', entityId: admin.user.id, before: {}, after: {}, at: when });
const addMail = (when: Date) =>
  ctx.db.insert(outbox).values({ to: `page${added++}@example.com`, subject: 'Keyset', text: 'A page of mail', transport: 'outbox', status: 'stored', createdAt: when });
async function addDeletionRequest(when: Date) {
  const member = await makeUser(ctx.db, { now: new Date(base - 86_400_000) });
  await ctx.db.insert(accountDeletionRequests).values({ userId: member.id, status: 'pending', requestedAt: when });
}

beforeAll(async () => {
  ctx = await createTestApp();
  base = ctx.clock.now().getTime();
  admin = await makeSignedIn(ctx, { role: 'master-admin' });
  for (let i = 0; i < 16; i++) {
    await makeUser(ctx.db, { now: at(i) });
    await addAudit(at(i));
    await addMail(at(i));
    await addDeletionRequest(at(i));
    await makeApplicant(ctx.db, { now: at(i) });
  }
});
afterAll(async () => {
  await ctx?.close();
});

const usersList = (): KeysetList => ({ api: admin.api, path: '/api/users', pageSize: 7 });

describe('User Management pages', () => {
  it('walks every account by cursor, filtered by role, status and search, and any page by number is the same page', async () => {
    await expectConsistentPages(usersList());
    await expectConsistentPages({ ...usersList(), query: { role: 'partner' }, pageSize: 6 });
    await expectConsistentPages({ ...usersList(), query: { status: 'pending-verification' }, pageSize: 5 });
    await expectConsistentPages({ ...usersList(), query: { search: 'example.com' }, pageSize: 9 });
  });

  it('an account added or removed between two pages is neither repeated nor skipped', async () => {
    await expectStableAcrossChanges(usersList(), {
      addAtFront: () => makeUser(ctx.db, { now: later() }),
      // removal through User Management hides the account from the default list
      remove: async (id) => expect((await admin.api.delete(`/api/users/${id}`)).statusCode).toBe(200),
    });
  });
});

describe('audit log and outbox pages', () => {
  it('walks the audit log and the outbox by cursor, and any page by number is the same page', async () => {
    await expectConsistentPages({ api: admin.api, path: '/api/admin/audit-log', pageSize: 5 });
    await expectConsistentPages({ api: admin.api, path: '/api/admin/outbox', pageSize: 4 });
  });

  it('an entry added or removed between two pages is neither repeated nor skipped', async () => {
    await expectStableAcrossChanges(
      { api: admin.api, path: '/api/admin/audit-log', pageSize: 5 },
      { addAtFront: () => addAudit(later()), remove: (id) => ctx.db.delete(auditLog).where(eq(auditLog.id, id)) },
    );
    await expectStableAcrossChanges(
      { api: admin.api, path: '/api/admin/outbox', pageSize: 5 },
      { addAtFront: () => addMail(later()), remove: (id) => ctx.db.delete(outbox).where(eq(outbox.id, id)) },
    );
  });
});

describe('pending deletion requests', () => {
  const list = (): KeysetList => ({ api: admin.api, path: '/api/admin/account-deletion-requests', pageSize: 5 });

  it('walks the requests oldest first by cursor, and any page by number is the same page', async () => {
    const pages = await expectConsistentPages(list());
    const requested = pages.flatMap((p) => p.items.map((i) => String(i.requestedAt)));
    expect(requested, 'oldest first').toEqual([...requested].sort());
  });

  it('a request made or withdrawn between two pages is neither repeated nor skipped', async () => {
    let earlier = 0;
    await expectStableAcrossChanges(list(), {
      // oldest first: the front of the list is an older request
      addAtFront: () => addDeletionRequest(new Date(base - 3_600_000 - earlier++)),
      remove: (id) => ctx.db.update(accountDeletionRequests).set({ status: 'cancelled' }).where(eq(accountDeletionRequests.id, id)),
    });
  });
});

describe('pending application pages', () => {
  const applicationPage = z.object({
    items: z.array(z.object({ userId: z.string() })),
    total: z.number(),
    page: z.number(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });
  type ApplicationPage = z.infer<typeof applicationPage>;
  const read = (query: Record<string, string | number>) => admin.api.getOk(applicationPage, '/api/admin/pending-applications', { query: { pageSize: 5, ...query } });
  const ids = (p: ApplicationPage) => p.items.map((i) => i.userId);
  async function walk() {
    const pages = [await read({})];
    while (pages.at(-1)!.nextCursor) pages.push(await read({ page: pages.length + 1, after: pages.at(-1)!.nextCursor! }));
    return pages;
  }

  it('walks newest application first by cursor (no application time first), each page by number the same page', async () => {
    const undated = await makeApplicant(ctx.db, { now: at(4), appliedAt: null });
    const pages = await walk();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const walked = pages.flatMap(ids);
    expect(walked[0], 'an applicant without an application time comes first').toBe(undated.id);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.length).toBe(pages[0].total);
    const whole = await read({ pageSize: 100 });
    expect(walked).toEqual(ids(whole));
    for (const n of [2, 3, pages.length]) expect(ids(await read({ page: n })), `page ${n} by number`).toEqual(ids(pages[n - 1]));
    expect(ids(await read({ page: 2, before: pages[2].prevCursor! }))).toEqual(ids(pages[1]));
  });

  it('an application added or decided between two pages is neither repeated nor skipped', async () => {
    const first = await read({});
    const before = (await walk()).flatMap(ids);
    await makeApplicant(ctx.db, { now: later() });
    const doomed = before[6];
    await ctx.db.update(users).set({ accountStatus: 'rejected' }).where(eq(users.id, doomed));
    const second = await read({ page: 2, after: first.nextCursor! });
    expect(ids(second)).toEqual(before.slice(5, 11).filter((id) => id !== doomed));
  });
});
