import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';

/**
 * The job queue on the product's own database (both kinds): a job sent inside an act's transaction exists only if
 * the act commits; a failing job is retried as its kind says, then kept as failed with its error until retried; the
 * product's scheduled work is registered once, in London time.
 */

let ctx: TestContext;
let queue: JobQueue;
const worked: string[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  // a second queue on the same database, with kinds of the test's own (the app's queue has started already)
  queue = createJobQueue(ctx.database, ctx.app.log, { pollingSeconds: 1 });
  queue.register<{ label: string }>({
    name: 'test.record',
    retryLimit: 0,
    retryDelay: 0,
    expireInSeconds: 60,
    handler: async (data) => {
      worked.push(data.label);
    },
  });
  queue.register<{ label: string }>({
    name: 'test.flaky',
    retryLimit: 1,
    retryDelay: 0,
    expireInSeconds: 60,
    handler: async (data) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error(`receiver unavailable for ${data.label}`);
      }
      worked.push(data.label);
    },
  });
  await queue.start({ workers: false });
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

describe('job queue', () => {
  it('keeps a job sent in a transaction only when the transaction commits', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await queue.send('test.record', { label: 'rolled back' }, { tx });
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    await ctx.db.transaction(async (tx) => {
      await queue.send('test.record', { label: 'committed' }, { tx });
    });
    expect(await queue.drain('test.record')).toBe(1);
    expect(worked).toEqual(['committed']);
  });

  it('retries a failing job as its kind allows, then keeps it failed with its error until an administrator retries it', async () => {
    failuresLeft = 2;
    const id = await queue.send('test.flaky', { label: 'invoice 7' });
    expect(id).toBeTruthy();
    // first try fails and is put back for its one retry; the retry fails too: failed for good
    expect(await queue.drain('test.flaky')).toBe(2);
    expect(worked).not.toContain('invoice 7');
    const failed = (await queue.failed(10)).find((j) => j.id === id);
    expect(failed).toMatchObject({ name: 'test.flaky', error: 'receiver unavailable for invoice 7', attempts: 2 });
    const counts = (await queue.counts()).find((c) => c.name === 'test.flaky');
    expect(counts?.failed).toBe(1);

    expect(await queue.retry(id!)).toBe(true);
    expect(await queue.retry(id!)).toBe(false); // no longer failed
    expect(await queue.drain('test.flaky')).toBe(1);
    expect(worked).toContain('invoice 7');
    expect((await queue.failed(10)).some((j) => j.id === id)).toBe(false);
  });

  it('refuses a job of a kind nobody registered', async () => {
    await expect(queue.send('test.unknown', {})).rejects.toThrow('unknown job kind');
  });

  it('schedules the product’s own work once, in London time', async () => {
    const rows = (await ctx.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`)) as unknown as {
      rows: { name: string; cron: string; timezone: string }[];
    };
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { name: 'housekeeping', cron: '0 * * * *', timezone: 'Europe/London' },
        { name: 'notifications.sweep', cron: '* * * * *', timezone: 'Europe/London' },
        { name: 'timesheets.remind', cron: '*/5 * * * *', timezone: 'Europe/London' },
      ]),
    );
    expect(new Set(rows.rows.map((r) => r.name)).size).toBe(rows.rows.length);
  });
});
