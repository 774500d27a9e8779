import { count, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../common/schemas/admin.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { iso } from '../presenters/wire.ts';

export interface AuditRecord {
  actorId: string;
  action: string;
  entityType: string;
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

/** One page of the audit log, newest first, with who acted and what the entry is about in words. */
export async function listAudit(db: Db, q: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        a: auditLog,
        actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        // what the entry is about, readable: the person, the lead's company, the post's title (a deleted one's from its record),
        // a placement's company and contractor, a timesheet's project and week
        entityLabel: sql<string | null>`case ${auditLog.entityType}
          when 'user' then (select t.first_name || ' ' || t.last_name from users t where t.id::text = ${auditLog.entityId})
          when 'lead' then coalesce((select l.company_name from leads l where l.id::text = ${auditLog.entityId}), ${auditLog.before} ->> 'companyName')
          when 'hall_of_fame_record' then coalesce((select h.label from hall_of_fame_records h where h.id::text = ${auditLog.entityId}), ${auditLog.after} ->> 'label')
          when 'community_post' then coalesce((select p.title from community_posts p where p.id::text = ${auditLog.entityId}), ${auditLog.before} ->> 'title')
          when 'placement' then (select l.company_name || ' (' || c.first_name || ' ' || c.last_name || ')' from placements pl join leads l on l.id = pl.lead_id join users c on c.id = pl.contractor_id where pl.id::text = ${auditLog.entityId})
          when 'timesheet' then (select t.project_name || ', week of ' || to_char(t.week_starting, 'FMDD Mon YYYY') from timesheets t where t.id::text = ${auditLog.entityId})
          when 'commission' then (select l.company_name || ' (' || p.first_name || ' ' || p.last_name || ')' from commissions c join leads l on l.id = c.lead_id join users p on p.id = c.partner_id where c.id::text = ${auditLog.entityId})
        end`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(auditLog),
  ]);
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
  return { items, total };
}
