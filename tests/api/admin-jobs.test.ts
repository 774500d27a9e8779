import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, jobsOverviewSchema, retriedJobSchema, type JobsOverview } from '../../common/schemas/jobs.ts';
import { buildApp } from '../../server/app.ts';
import { auditLog } from '../../server/db/schema/index.ts';
import { client } from '../helpers/client.ts';
import { MemoryMailer, TestClock, login, makeUser, openTestDatabase, testConfig, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Admin Panel → System, the background work: each queue's counts and the failed jobs with their error, and an
 * administrator putting a failed job back in its queue (audited). Partners are refused, anonymous callers asked
 * to sign in.
 */

/** A kind of work registered for this file only: it fails while the record it names is "missing", then succeeds. */
const KIND = 'test.settle-record';
const missing = new Set<string>();
const worked: string[] = [];

let ctx: TestContext;
let admin: SignedIn;
let master: SignedIn;
let partner: SignedIn;

/** The real app on a fresh database, with the test's kind registered before the queue starts; workers off, so jobs run only when drained. */
async function appWithTestKind(): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig({ jobs: { workers: false, pollingSeconds: 2 } });
  const clock = new TestClock();
  const mailer = new MemoryMailer();
  const app = await buildApp({ config, database, now: clock.now, mailer, logger: false });
  app.ctx.jobs.register<{ record: string }>({
    name: KIND,
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: 60,
    handler: async ({ record }) => {
      if (missing.has(record)) throw new Error(`Record ${record} was not found.`);
      worked.push(record);
    },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    mailer,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

async function signedIn(role?: 'admin' | 'master-admin'): Promise<SignedIn> {
  const user = await makeUser(ctx.db, role ? { role } : {});
  const cookie = await login(ctx.app, user.username!, user.plainPassword);
  return { user, cookie, api: client(ctx.app, cookie) };
}

const overview = (who: SignedIn = admin): Promise<JobsOverview> => who.api.getOk(jobsOverviewSchema, '/api/admin/jobs');
const queueOf = (o: JobsOverview, name: string) => o.queues.find((q) => q.name === name);

/** Sends a job for `record` and works it now: it fails when the record is missing. */
async function runJob(record: string, fail: boolean): Promise<string> {
  if (fail) missing.add(record);
  const id = await ctx.app.ctx.jobs.send(KIND, { record });
  expect(id).toBeTruthy();
  await ctx.app.ctx.jobs.drain(KIND);
  return id!;
}

beforeAll(async () => {
  ctx = await appWithTestKind();
  admin = await signedIn('admin');
  master = await signedIn('master-admin');
  partner = await signedIn();
}, 60_000);

afterAll(() => ctx?.close());

describe('GET /api/admin/jobs', () => {
  it('lists every registered queue, the product’s scheduled work included, with nothing failed at first', async () => {
    const o = await overview();
    for (const name of ['housekeeping', 'timesheets.remind', 'notifications.sweep', KIND]) expect(queueOf(o, name), name).toBeDefined();
    expect(queueOf(o, KIND)).toEqual({ name: KIND, queued: 0, active: 0, retry: 0, failed: 0, completed: 0 });
    expect(o.failed).toEqual([]);
  });

  it('counts waiting and completed jobs, and shows a failed one with its error, attempts and time', async () => {
    await ctx.app.ctx.jobs.send(KIND, { record: 'waiting' });
    expect(queueOf(await overview(), KIND)).toMatchObject({ queued: 1, failed: 0 });
    await ctx.app.ctx.jobs.drain(KIND);
    const failedId = await runJob('gone-1', true);

    const o = await overview();
    expect(queueOf(o, KIND)).toMatchObject({ queued: 0, active: 0, retry: 0, failed: 1, completed: 1 });
    expect(o.failed).toHaveLength(1);
    const [job] = o.failed;
    expect(job).toMatchObject({ id: failedId, name: KIND, error: 'Record gone-1 was not found.', attempts: 1 });
    expect(Date.parse(job.failedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists the newest failed job first', async () => {
    await new Promise((r) => setTimeout(r, 20));
    const newer = await runJob('gone-2', true);
    const o = await overview(master);
    expect(o.failed.map((j) => j.error)).toEqual(['Record gone-2 was not found.', 'Record gone-1 was not found.']);
    expect(o.failed[0].id).toBe(newer);
  });
});

describe('POST /api/admin/jobs/:id/retry', () => {
  it('puts a failed job back in its queue, audits it, and the next run works it', async () => {
    const before = await overview();
    const target = before.failed.find((j) => j.error.includes('gone-1'))!;
    missing.delete('gone-1');

    const res = await admin.api.postOk(retriedJobSchema, `/api/admin/jobs/${target.id}/retry`);
    expect(res).toEqual({ id: target.id, name: KIND });

    const after = await overview();
    expect(after.failed.map((j) => j.id)).not.toContain(target.id);
    expect(queueOf(after, KIND)).toMatchObject({ retry: 1, failed: 1 });

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'job'), eq(auditLog.entityId, target.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'job.retry' });
    expect(entry.before).toMatchObject({ status: 'failed', error: 'Record gone-1 was not found.', attempts: 1 });
    expect(entry.after).toEqual({ status: 'retry', queue: KIND });

    expect(await ctx.app.ctx.jobs.drain(KIND)).toBe(1);
    expect(worked).toContain('gone-1');
    expect(queueOf(await overview(), KIND)).toMatchObject({ retry: 0, failed: 1, completed: 2 });
  });

  it('answers 404 for a job that is not failed: retried already, completed, or never there', async () => {
    const o = await overview();
    const done = (await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry')))[0].entityId;
    expectError(await admin.api.post(`/api/admin/jobs/${done}/retry`), 404, 'not_found');
    expectError(await admin.api.post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'), 404, 'not_found');
    expect((await overview()).failed).toEqual(o.failed);
  });

  it('refuses an id that is not a job id', async () => {
    const error = expectError(await admin.api.post('/api/admin/jobs/not-a-job/retry'), 400, 'validation_failed');
    expect(error.issues).toEqual([{ path: 'id', message: JOB_MESSAGES.notFound }]);
  });
});

describe('who may see and retry jobs', () => {
  it('refuses partners with 403 and leaves the failed job alone', async () => {
    const [failed] = (await overview()).failed;
    expectError(await partner.api.get('/api/admin/jobs'), 403, 'forbidden');
    expectError(await partner.api.post(`/api/admin/jobs/${failed.id}/retry`), 403, 'forbidden');
    expect((await overview()).failed.map((j) => j.id)).toContain(failed.id);
  });

  it('asks anonymous callers to sign in', async () => {
    const [failed] = (await overview()).failed;
    const anonymous = client(ctx.app);
    expectError(await anonymous.get('/api/admin/jobs'), 401, 'unauthorized');
    expectError(await anonymous.post(`/api/admin/jobs/${failed.id}/retry`), 401, 'unauthorized');
    expect((await overview()).failed.map((j) => j.id)).toContain(failed.id);
  });

  it('lets a master admin retry too', async () => {
    const [failed] = (await overview()).failed;
    missing.clear();
    await master.api.postOk(retriedJobSchema, `/api/admin/jobs/${failed.id}/retry`);
    expect((await overview()).failed).toEqual([]);
  });
});
