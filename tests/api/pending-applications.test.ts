import type { PendingApplication } from '../../common/schemas/applications.ts';
import type { Page } from '../../common/schemas/page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, openSession, registration, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/** The admin's list of pending applications: newest first, paged in the one list envelope, with e-mail verification shown. */

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await openSession(ctx, (await makeUser(ctx.db, { role: 'admin' })).id);
});
afterAll(async () => {
  await ctx?.close();
});

async function apply() {
  const body = registration();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { body, id: res.json().user.id as string };
}

const asAdmin = (method: 'GET', url: string) => ctx.app.inject({ method, url, headers: { cookie } });
const pendingPage = async (query = 'pageSize=100') => {
  const res = await asAdmin('GET', `/api/admin/pending-applications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<PendingApplication>;
};
const pendingList = async () => (await pendingPage()).items;

describe('the pending list', () => {
  it('pages newest first in the one list envelope, counting every pending application', async () => {
    const first = await apply();
    const second = await apply();
    const third = await apply();
    const one = await pendingPage('page=1&pageSize=2');
    expect(one).toMatchObject({ page: 1, pageSize: 2 });
    expect(one.items.map((a) => a.userId)).toEqual([third.id, second.id]);
    const two = await pendingPage('page=2&pageSize=2');
    expect(two.items[0].userId).toBe(first.id);
    const all = await pendingPage('pageSize=100');
    expect(one.total).toBe(all.items.length);
    expect(two.total).toBe(one.total);
  });

  it('has no silent cap: a page size over 100 is refused, and the default page is 20', async () => {
    expectError(await asAdmin('GET', '/api/admin/pending-applications?pageSize=101'), 400, 'validation_failed');
    expect((await asAdmin('GET', '/api/admin/pending-applications')).json()).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('shows whether the applicant has verified their e-mail address', async () => {
    const { body, id } = await apply();
    expect((await pendingList()).find((a) => a.userId === id)!.user.emailVerified).toBe(false);
    const mail = ctx.mailer.sent.findLast((m) => m.to === body.email)!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await pendingList()).find((a) => a.userId === id)!.user.emailVerified).toBe(true);
  });
});
