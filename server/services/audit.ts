import { count, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '../../common/audit/index.ts';
import type { AuditEntry } from '../../common/schemas/admin.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { auditEntityLabelSql } from '../features/audit-registry.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { iso } from '../presenters/wire.ts';

export interface AuditRecord {
  actorId: string;
  /** One of the audit vocabulary's actions (`common/audit/`), so the screen can say it in words. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** When it happened: the act's own clock (so back-dated demo data and test clocks agree); the database's time if absent. */
  at?: Date;
}

/** Records an admin action with the state before and after, inside the caller's transaction. */
export async function recordAudit(db: Db | Tx, entry: AuditRecord): Promise<void> {
  await auditInsert(db, entry);
}

/** The insert `recordAudit` runs, unsent, for a caller that sends it with others (`insertTogether`). */
export function auditInsert(db: Db | Tx, entry: AuditRecord) {
  const { at, ...rest } = entry;
  return db.insert(auditLog).values({ ...rest, before: entry.before ?? null, after: entry.after ?? null, ...(at ? { createdAt: at } : {}) });
}

/** The audit log runs newest first; `audit_log_created_id_idx` holds this order. */
const AUDIT_ORDER: KeyOrder = [
  { expr: auditLog.createdAt, desc: true },
  { expr: auditLog.id, desc: true },
];

/** One page of the audit log, newest first, with who acted and what the entry is about in words, and the cursors either side. */
export async function listAudit(db: Db, q: PageQuery) {
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(AUDIT_ORDER) })
        .from(auditLog)
        .orderBy(...keysetOrderBy(AUDIT_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      AUDIT_ORDER,
      q,
      (plan) =>
        db
          .select({
            a: auditLog,
            actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
            // what the entry is about, readable: each record type's label comes from its feature
            entityLabel: auditEntityLabelSql(auditLog),
            ...keysetColumns(AUDIT_ORDER),
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(auditLog),
  ]);
  const { rows, nextCursor, prevCursor } = page;
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.a.id,
    actorName: r.actorName,
    entityLabel: r.entityLabel,
    action: r.a.action,
    entityType: r.a.entityType,
    entityId: r.a.entityId,
    before: r.a.before,
    after: r.a.after,
    createdAt: iso(r.a.createdAt),
  }));
  return { items, total, page: page.page, nextCursor, prevCursor };
}
