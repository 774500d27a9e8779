import { and, asc, count, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '../../common/audit/index.ts';
import type { AuditActors, AuditEntry, AuditFilter, AuditQuery } from '../../common/schemas/admin.ts';
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

/** The actor's name, as the log shows it. */
export const auditActorName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** `%text%` for ILIKE, its own % _ and \\ taken literally. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The day a range starts at or ends after, as the instant it starts in UK time. */
const ukDayStart = (day: string) => sql`(cast(${day} as date)::timestamp at time zone 'Europe/London')`;
const ukDayEnd = (day: string) => sql`((cast(${day} as date) + 1)::timestamp at time zone 'Europe/London')`;

/**
 * The filters as one condition over the log joined with its actor (`users`): the action, the record type, the actor,
 * the days from and to (both included, UK time), and text in the actor's name or the record's name in words.
 */
export function auditFilters(f: AuditFilter): SQL | undefined {
  const search = f.search ? containing(f.search) : undefined;
  return and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.from ? gte(auditLog.createdAt, ukDayStart(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, ukDayEnd(f.to)) : undefined,
    search ? or(ilike(auditActorName, search), ilike(auditEntityLabelSql(auditLog), search)) : undefined,
  );
}

/** One page of the audit log, newest first, with the filters, who acted and what the entry is about in words, and the cursors either side. */
export async function listAudit(db: Db, q: AuditQuery) {
  const where = auditFilters(q);
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(AUDIT_ORDER) })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
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
            actorName: auditActorName,
            // what the entry is about, readable: each record type's label comes from its feature
            entityLabel: auditEntityLabelSql(auditLog),
            ...keysetColumns(AUDIT_ORDER),
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    where ? db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where) : db.select({ total: count() }).from(auditLog),
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

/** Everyone with an entry in the log, by name: whom the actor filter offers (a former administrator included). */
export async function auditActors(db: Db): Promise<AuditActors> {
  const items = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.id, db.selectDistinct({ id: auditLog.actorId }).from(auditLog).where(isNotNull(auditLog.actorId))))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return { items };
}
