import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { domainEventSchemas, type DomainEventData, type DomainEventType } from '../../common/events/index.ts';
import type { DomainEventSchemas } from '../../common/events/types.ts';
import type { ImportKind, ImportReport, ImportRowError } from '../../common/schemas/imports.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, domainEvents } from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { fanOutWebhookEvents } from '../features/webhooks/fan-out.ts';
import { recordAudit, type AuditRecord } from './audit.ts';
import { chunks } from './import-csv.ts';

export interface ImportDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  jobs: JobQueue;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Rows a multi-row insert carries at most (keeps every statement far under the parameter limit). */
export const INSERT_CHUNK = 500;

/**
 * Records many facts of one type in the act's transaction, each checked against its schema as `recordEvent` does,
 * written a chunk of rows per statement.
 */
export async function recordEvents<T extends DomainEventType>(
  tx: Db | Tx,
  type: T,
  facts: ReadonlyArray<{ data: DomainEventData<T>; entityId: string }>,
  meta: { actorId: string; at: Date },
): Promise<void> {
  const def = (domainEventSchemas as DomainEventSchemas)[type as keyof DomainEventSchemas];
  const rows = facts.map((f) => ({
    type,
    entityType: def.entityType,
    entityId: f.entityId,
    actorId: meta.actorId,
    data: def.schema.parse(f.data),
    occurredAt: meta.at,
  }));
  for (const part of chunks(rows, INSERT_CHUNK)) {
    const ids = await tx.insert(domainEvents).values(part).returning({ id: domainEvents.id });
    // integrations subscribed to these facts are told of imported records as of any others
    await fanOutWebhookEvents(
      tx,
      part.map((r, i) => ({ domainEventId: ids[i]!.id, type, entityType: r.entityType, entityId: r.entityId, data: r.data, at: r.occurredAt })),
    );
  }
}

/** Writes many audit entries of one act, a chunk of rows per statement (the same rows `recordAudit` writes). */
export async function recordAudits(tx: Db | Tx, entries: readonly AuditRecord[]): Promise<void> {
  const rows = entries.map(({ at, ...rest }) => ({ ...rest, before: rest.before ?? null, after: rest.after ?? null, ...(at ? { createdAt: at } : {}) }));
  for (const part of chunks(rows, INSERT_CHUNK)) await tx.insert(auditLog).values(part);
}

/** The one audit entry of an import: who imported what, with its counts. */
export async function auditImport(tx: Tx, actorId: string, kind: ImportKind, report: ImportReport, at: Date, extra: Record<string, string> = {}): Promise<void> {
  const after = { rows: report.rows, created: report.created, skipped: report.skipped, ...extra };
  if (kind === 'members') await recordAudit(tx, { actorId, action: 'import.members', entityType: 'import', entityId: randomUUID(), after, at });
  else await recordAudit(tx, { actorId, action: 'import.leads', entityType: 'import', entityId: randomUUID(), after, at });
}

/** Counts of one import: rows read, rows with no problem, rows to create, rows already there; every problem by row. */
export function importReport(kind: ImportKind, dryRun: boolean, rows: number, errors: ImportRowError[], created: number, skipped: number): ImportReport {
  const failed = new Set(errors.map((e) => e.row));
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  return { kind, dryRun, rows, valid: rows - failed.size, created, skipped, errors: sorted };
}
