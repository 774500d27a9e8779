import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from '../db/client.ts';

/**
 * The product's one background-work queue: pg-boss on the product's own database, the embedded one included
 * (docs/decisions/0043-queue-webhooks-and-api-tokens.md). Jobs are rows, so they outlive a restart and every
 * instance shares them; a job sent inside an act's transaction exists exactly when the act committed.
 */

/** A row as a driver answers it. */
type Row = Record<string, unknown>;

/** How pg-boss runs its SQL: text with `$n` placeholders and their values. */
type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };

/** pg-boss's parameterised SQL as a Drizzle statement, so it runs on whatever connection or transaction Drizzle holds. */
function asDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
  return sql.join(chunks);
}

/** Runs pg-boss's SQL inside a Drizzle transaction: the job commits or rolls back with the act. */
export function transactionExecutor(tx: Tx | Db): Executor {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(asDrizzleSql(text, values ?? []))) as unknown as { rows: Row[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Runs pg-boss's SQL on the database's own client: PGlite takes a parameterless script (its schema set-up) through
 * `exec` and everything else through `query`; PostgreSQL's pool takes both through `query`.
 */
function databaseExecutor(database: Database): Executor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as { query(text: string, values?: unknown[]): Promise<{ rows: Row[] }>; exec(text: string): Promise<{ rows: Row[] }[]> };
    return {
      executeSql: async (text, values) => {
        if (values?.length)
          return {
            rows: (
              await pglite.query(
                text,
                values.map((v) => v ?? null),
              )
            ).rows,
          };
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = client as { query(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };
  return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
}

export interface JobSendOptions {
  /** Send inside this transaction (the act's), so the job exists only if the act commits. */
  tx?: Tx;
  /** Jobs with one key are not queued twice while one waits (per the queue's policy). */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

/** One kind of background work: its queue's retry and keeping rules, an optional schedule, and its handler. */
export interface JobKind<T extends object = object> {
  name: string;
  /** Tries after the first; waits `retryDelay` seconds, doubling (with jitter) when `retryBackoff`. */
  retryLimit: number;
  retryDelay: number;
  retryBackoff?: boolean;
  /** A job running longer than this is taken as lost and tried again. */
  expireInSeconds: number;
  /** A cron schedule (London time) that sends this job. */
  schedule?: string;
  /** Jobs fetched at once by one worker. */
  batchSize?: number;
  handler(data: T, job: { id: string; retryCount: number }): Promise<void>;
}

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  retry: number;
  failed: number;
  completed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  error: string;
  attempts: number;
  failedAt: string | null;
  createdAt: string;
}

export const JOB_SCHEMA = 'pgboss';
/** The advisory lock an instance holds while it creates or updates the queues (beside the migration lock). */
export const QUEUE_SETUP_LOCK_KEY = 7_340_002;
const TIME_ZONE = 'Europe/London';

/** Creates pg-boss's own tables if they are missing (the same plans pg-boss runs at its first start). */
export async function ensureQueueSchema(database: Database): Promise<void> {
  const exec = databaseExecutor(database);
  const { rows } = await exec.executeSql(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'version'`, [JOB_SCHEMA]);
  if (rows.length) return;
  await exec.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
}

export interface JobQueue {
  /** Sends a job of a registered kind. */
  send<T extends object>(name: string, data: T, options?: JobSendOptions): Promise<string | null>;
  /** Sends many jobs of one kind in one statement (a bulk act's jobs, in its transaction). */
  sendMany<T extends object>(name: string, data: readonly T[], options?: { tx?: Tx }): Promise<void>;
  /** Registers a kind of work (before start). */
  register<T extends object>(kind: JobKind<T>): void;
  /** Creates the queues and schedules; with `workers`, also works the jobs on this instance. */
  start(opts: { workers: boolean }): Promise<void>;
  /** Stops fetching and waits for the jobs in hand. */
  stop(): Promise<void>;
  /** Per queue: how many jobs wait, run, wait to retry, failed and completed (kept ones). */
  counts(): Promise<QueueCounts[]>;
  /** The most recent failed jobs, newest first, with their error. */
  failed(limit: number): Promise<FailedJob[]>;
  /** Puts a failed job back in its queue; false if there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Works every job of `name` that is due now, in this process (tests and the command line). */
  drain(name: string): Promise<number>;
  readonly kinds: ReadonlyMap<string, JobKind<object>>;
}

export function createJobQueue(database: Database, log: FastifyBaseLogger, opts: { pollingSeconds: number; maintenanceSeconds?: number }): JobQueue {
  const exec = databaseExecutor(database);
  const boss = new PgBoss({
    db: exec as PgBoss.Db,
    schema: JOB_SCHEMA,
    // supervision moves lost active jobs back to retry and drops old ones; schedules are sent by whichever instance's clock ticks
    supervise: true,
    schedule: true,
    migrate: true,
    // how often lost active jobs are looked for (a test of a killed worker shortens it)
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
    archiveCompletedAfterSeconds: 7 * 86_400,
    deleteAfterDays: 30,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const kinds = new Map<string, JobKind<object>>();
  let started = false;
  let working = false;

  async function runJob(kind: JobKind<object>, job: PgBoss.JobWithMetadata<unknown>) {
    await kind.handler(job.data as object, { id: job.id, retryCount: job.retryCount });
  }

  return {
    kinds,
    register(kind) {
      if (started) throw new Error(`job kind ${kind.name} registered after the queue started`);
      kinds.set(kind.name, kind as unknown as JobKind<object>);
    },
    async send(name, data, options = {}) {
      if (!kinds.has(name)) throw new Error(`unknown job kind: ${name}`);
      return boss.send(name, data, {
        ...(options.tx ? { db: transactionExecutor(options.tx) as PgBoss.Db } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async sendMany(name, data, options = {}) {
      if (!kinds.has(name)) throw new Error(`unknown job kind: ${name}`);
      if (!data.length) return;
      const db = options.tx ? (transactionExecutor(options.tx) as PgBoss.Db) : undefined;
      // one statement per thousand jobs keeps each parameter (the jobs as one JSON array) reasonably small
      for (let i = 0; i < data.length; i += 1000)
        await boss.insert(
          data.slice(i, i + 1000).map((d) => ({ name, data: d as object })),
          db ? { db } : {},
        );
    },
    async start({ workers }) {
      await boss.start();
      started = true;
      // several instances starting at once would race to create the same queues: one at a time, each finding the others' work
      await database.exclusive(QUEUE_SETUP_LOCK_KEY, async () => {
        for (const kind of kinds.values()) {
          const queue = {
            name: kind.name,
            retryLimit: kind.retryLimit,
            retryDelay: kind.retryDelay,
            retryBackoff: kind.retryBackoff ?? false,
            expireInSeconds: kind.expireInSeconds,
          };
          const existing = await boss.getQueue(kind.name);
          if (existing) await boss.updateQueue(kind.name, queue);
          else await boss.createQueue(kind.name, queue);
          if (kind.schedule) await boss.schedule(kind.name, kind.schedule, {}, { tz: TIME_ZONE });
        }
      });
      if (!workers) return;
      working = true;
      for (const kind of kinds.values()) {
        await boss.work(kind.name, { batchSize: kind.batchSize ?? 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingSeconds }, async (jobs) => {
          // one job's failure is its own: each is completed or failed by itself
          for (const job of jobs) {
            try {
              await runJob(kind, job);
              await boss.complete(kind.name, job.id);
            } catch (err) {
              log.warn({ err, job: job.id, queue: kind.name, attempt: job.retryCount + 1 }, 'job failed');
              await boss.fail(kind.name, job.id, { message: (err as Error).message ?? String(err) });
            }
          }
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: working, wait: true, close: false, timeout: 8_000 });
      working = false;
    },
    async counts() {
      const { rows } = await exec.executeSql(
        `select name, state, count(*)::int as n from ${JOB_SCHEMA}.job group by name, state union all
         select name, state, count(*)::int as n from ${JOB_SCHEMA}.archive where state = 'failed' group by name, state`,
        [],
      );
      const byName = new Map<string, QueueCounts>([...kinds.keys()].sort().map((name) => [name, { name, queued: 0, active: 0, retry: 0, failed: 0, completed: 0 }]));
      for (const r of rows as { name: string; state: string; n: number }[]) {
        const c = byName.get(r.name) ?? { name: r.name, queued: 0, active: 0, retry: 0, failed: 0, completed: 0 };
        byName.set(r.name, c);
        if (r.state === 'created') c.queued += r.n;
        else if (r.state === 'active') c.active += r.n;
        else if (r.state === 'retry') c.retry += r.n;
        else if (r.state === 'failed') c.failed += r.n;
        else if (r.state === 'completed') c.completed += r.n;
      }
      return [...byName.values()];
    },
    async failed(limit) {
      const { rows } = await exec.executeSql(
        `select id, name, output, retry_count, completed_on, created_on from ${JOB_SCHEMA}.job where state = 'failed' order by completed_on desc nulls last limit $1`,
        [limit],
      );
      return (
        rows as { id: string; name: string; output: { message?: string } | null; retry_count: number; completed_on: Date | string | null; created_on: Date | string }[]
      ).map((r) => ({
        id: r.id,
        name: r.name,
        error: r.output?.message ?? 'No error was recorded.',
        attempts: r.retry_count + 1,
        failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
        createdAt: new Date(r.created_on).toISOString(),
      }));
    },
    async retry(id) {
      const { rows } = await exec.executeSql(`select name from ${JOB_SCHEMA}.job where id = $1 and state = 'failed'`, [id]);
      const name = (rows[0] as { name: string } | undefined)?.name;
      if (!name) return false;
      await boss.retry(name, id);
      return true;
    },
    async drain(name) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`unknown job kind: ${name}`);
      let worked = 0;
      for (;;) {
        const jobs = await boss.fetch(name, { batchSize: 10, includeMetadata: true });
        if (!jobs?.length) return worked;
        for (const job of jobs) {
          worked++;
          try {
            await runJob(kind, job);
            await boss.complete(name, job.id);
          } catch (err) {
            await boss.fail(name, job.id, { message: (err as Error).message ?? String(err) });
          }
        }
      }
    },
  };
}
