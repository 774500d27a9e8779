import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { DataExport } from '../../common/schemas/account.ts';
import type { Db, Tx } from '../db/client.ts';
import type { JobKind, JobQueue } from '../jobs/queue.ts';
import { dataExports, users } from '../db/schema/index.ts';
import { FileTooLargeError, type FileStorage } from '../plugins/storage.ts';
import { iso } from '../presenters/wire.ts';
import { collectMemberData, exportZipStream } from './data-export-zip.ts';
import { notifyMember } from './notify.ts';

/** How many exports a member may start in 24 hours, how long one may be downloaded, and when a pending one is taken as lost. */
export const DATA_EXPORT_LIMITS = { perDay: 3, validMs: 24 * 3_600_000, staleMs: 5 * 60_000, listed: 10, maxBytes: 500 * 1024 * 1024 } as const;

export const EXPORT_DAILY_LIMIT_MESSAGE = `You can request up to ${DATA_EXPORT_LIMITS.perDay} data exports a day. Please try again tomorrow.`;
const INTERRUPTED = 'The export was interrupted. Please request a new one.';
const FAILED = 'The export could not be prepared. Please request a new one.';
export const EXPORT_TOO_LARGE = `Your data is larger than the ${DATA_EXPORT_LIMITS.maxBytes / 1024 / 1024} MB an export can hold, so this export stopped. Please contact us and we will send you a copy another way.`;

export interface DataExportDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  brandName: string;
  log: FastifyBaseLogger;
  /** The size bound of one export (default DATA_EXPORT_LIMITS.maxBytes). */
  maxExportBytes?: number;
}

type ExportRow = typeof dataExports.$inferSelect;

export const downloadUrl = (id: string) => `/api/data-exports/${id}/download`;

/** An export as its owner sees it: a ready one whose download window closed is `expired` (its file is gone). */
export function presentExport(row: ExportRow, now: Date): DataExport {
  const expired = row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now || !row.storageKey);
  const status = expired ? 'expired' : (row.status as DataExport['status']);
  return {
    id: row.id,
    status,
    sizeBytes: row.sizeBytes,
    error: row.status === 'failed' ? (row.error ?? FAILED) : null,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
    expiresAt: iso(row.expiresAt),
    downloadUrl: status === 'ready' ? downloadUrl(row.id) : null,
  };
}

/** Exports started in the last 24 hours that count against the limit (a failed one does not: the member was not served). */
async function startedToday(tx: Tx, userId: string, now: Date): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gte(dataExports.createdAt, new Date(now.getTime() - 86_400_000))));
  return n;
}

/** The job that builds one export, sent with its pending row. */
export const DATA_EXPORT_BUILD_JOB = 'data-export.build';

/**
 * Starts an export for the member, or answers the one already being prepared. The member's row is locked first,
 * so two requests at once start one export and the daily limit holds. A pending export older than the stale
 * window was lost (the process stopped) and is marked failed before a new one starts. The job that builds it is
 * sent in the same transaction, so the export is built exactly when the request committed (without `jobs`, the
 * caller builds it itself).
 */
export async function requestExport(db: Db, userId: string, now: Date, jobs?: Pick<JobQueue, 'send'>): Promise<{ row: ExportRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
    await tx
      .update(dataExports)
      .set({ status: 'failed', error: INTERRUPTED, completedAt: now })
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - DATA_EXPORT_LIMITS.staleMs))));
    const [pending] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
      .limit(1);
    if (pending) return { row: pending, created: false };
    if ((await startedToday(tx, userId, now)) >= DATA_EXPORT_LIMITS.perDay) throw new AppError('rate_limited', EXPORT_DAILY_LIMIT_MESSAGE);
    const [row] = await tx.insert(dataExports).values({ userId, status: 'pending', createdAt: now }).returning();
    await jobs?.send(DATA_EXPORT_BUILD_JOB, { id: row.id }, { tx });
    return { row, created: true };
  });
}

/** The member's recent exports, newest first, and how many more they may start today; expired files are deleted first. */
export async function listExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, userId: string, now: Date) {
  await sweepExpiredExports(deps, now, userId);
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(DATA_EXPORT_LIMITS.listed);
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gte(dataExports.createdAt, new Date(now.getTime() - 86_400_000))));
  return { items: rows.map((r) => presentExport(r, now)), remainingToday: Math.max(0, DATA_EXPORT_LIMITS.perDay - n) };
}

/** The ZIP of one export, for its owner only (anyone else: not found); gone once expired, refused while not ready. */
export async function openExport(deps: Pick<DataExportDeps, 'db' | 'storage'>, userId: string, id: string, now: Date) {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Export not found.');
  if (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now || !row.storageKey))
    throw new AppError('gone', 'This export has expired. Please request a new one.');
  if (row.status !== 'ready')
    throw new AppError('conflict', row.status === 'pending' ? 'This export is still being prepared.' : 'This export failed. Please request a new one.');
  const file = await deps.storage.get(row.storageKey!);
  if (!file) throw new AppError('gone', 'This export has expired. Please request a new one.');
  return { ...file, createdAt: row.createdAt };
}

/**
 * Deletes the files of exports whose download window closed (one member's, or everyone's), keeping the rows so
 * the member still sees them listed as expired. Each row is cleared before its file is removed, so two sweeps at
 * once remove a file once.
 */
export async function sweepExpiredExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, now: Date, userId?: string): Promise<number> {
  const expired = await deps.db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, now), userId ? eq(dataExports.userId, userId) : undefined))
    .limit(500);
  let removed = 0;
  for (const e of expired) {
    const [cleared] = await deps.db
      .update(dataExports)
      .set({ storageKey: null })
      .where(and(eq(dataExports.id, e.id), eq(dataExports.storageKey, e.key!)))
      .returning({ id: dataExports.id });
    if (!cleared) continue;
    await deps.storage.remove(e.key!).catch(() => undefined);
    removed += 1;
  }
  return removed;
}

/** A pending export this old is lost: its job was tried and retried long before. */
const LOST_AFTER_MS = 3_600_000;

/**
 * The hourly sweep: exports still pending an hour on (their job used up its tries) are marked failed, so the
 * member sees it and may start another; the files of expired exports are deleted.
 */
export async function sweepExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, now: Date) {
  await deps.db
    .update(dataExports)
    .set({ status: 'failed', error: INTERRUPTED, completedAt: now })
    .where(and(eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - LOST_AFTER_MS))));
  await sweepExpiredExports(deps, now);
}

/**
 * The export's jobs: building one (a job per export, sent with its row; a build cut short by a stopped process is
 * tried again, and a second run of a built export does nothing) and the hourly sweep.
 */
export function dataExportJobs(deps: DataExportDeps): JobKind[] {
  const build: JobKind<{ id: string }> = {
    name: DATA_EXPORT_BUILD_JOB,
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 900,
    handler: ({ id }) => runExport(deps, id),
  };
  const sweep: JobKind = {
    name: 'data-export.sweep',
    schedule: '20 * * * *',
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 600,
    handler: () => sweepExports(deps, deps.now()),
  };
  return [build as unknown as JobKind, sweep];
}

/**
 * Prepares one export: gathers the member's data, builds the ZIP, stores it, then in one transaction marks the
 * export ready (downloadable for 24 hours) and notifies the member (a notification always e-mailed at once: they
 * asked for it); only the run that turns the pending row ready keeps its file, so a second run never notifies
 * twice. Any failure marks the export failed; the member may start another.
 */
export async function runExport(deps: DataExportDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  if (!row || row.status !== 'pending') return;
  let key: string | null = null;
  try {
    const data = await collectMemberData(deps.db, row.userId, deps.now());
    // streamed to storage as it is made, up to the size bound: a member with many pictures never fills the memory
    const zip = exportZipStream(deps.storage, data, deps.brandName, deps.now());
    let stored;
    try {
      stored = await deps.storage.putStream(zip, 'zip', deps.maxExportBytes ?? DATA_EXPORT_LIMITS.maxBytes);
    } finally {
      if (!zip.destroyed) zip.destroy();
    }
    key = stored.key;
    const done = deps.now();
    const expiresAt = new Date(done.getTime() + DATA_EXPORT_LIMITS.validMs);
    const ready = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey: key, sizeBytes: stored.size, completedAt: done, expiresAt })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning();
      if (!updated) return false;
      await notifyMember(tx, row.userId, 'data_export_ready', { exportId: id, brandName: deps.brandName, expiresAt }, { entity: { type: 'data_export', id }, at: done });
      return true;
    });
    // another run built it meanwhile, the sweep gave it up, or the account was erased: this file is nobody's
    if (!ready) await deps.storage.remove(key);
  } catch (err) {
    const tooLarge = err instanceof FileTooLargeError;
    if (tooLarge) deps.log.warn({ exportId: id, maxBytes: DATA_EXPORT_LIMITS.maxBytes }, 'data export over its size bound');
    else deps.log.error({ err, exportId: id }, 'data export failed');
    if (key) await deps.storage.remove(key).catch(() => undefined);
    await deps.db
      .update(dataExports)
      .set({ status: 'failed', error: tooLarge ? EXPORT_TOO_LARGE : FAILED, completedAt: deps.now() })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
      .catch(() => undefined);
  }
}
