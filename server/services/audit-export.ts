import { and, eq } from 'drizzle-orm';
import { actionSentence, auditChangeReader, changesText, entityLabel } from '../../common/audit/format.ts';
import type { AuditFilter } from '../../common/schemas/admin.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { auditEntityLabelSql } from '../features/audit-registry.ts';
import { csvLine } from '../lib/csv.ts';
import { csvPages, keysetPages, primed, STREAM_PAGE_SIZE, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import { iso } from '../presenters/wire.ts';
import { auditActorName, auditFilters } from './audit.ts';

/**
 * The audit log as CSV (administrators): every entry the screen's filters keep, newest first, each in the words
 * the screen shows it in (the action's sentence, the record type's label, the record's name, each change before →
 * after by its field's format, dates in UK time). Read a page at a time by keyset (created, id), so a log of any
 * size holds one page in memory and is written while it is read.
 */

export const AUDIT_CSV_HEADER = ['When (UK time)', 'When (UTC)', 'Actor', 'Action', 'Record type', 'Record', 'Record ID', 'Changes'];

const UK = 'Europe/London';
const dayFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: UK });
const timeFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: UK });
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dates and pounds as the screen writes them (`web/lib/format.ts`), in UK time whatever the server's zone. */
const describeChanges = auditChangeReader({
  // a bare calendar date is a day, not an instant: written as it is, never shifted by a zone
  date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v.split('-').reverse().join('/') : Number.isNaN(Date.parse(v)) ? v : dayFmt.format(new Date(v))),
  dateTime: (v) => (Number.isNaN(Date.parse(v)) ? v : timeFmt.format(new Date(v))),
  gbp: (v) => {
    const n = typeof v === 'string' ? Number.parseFloat(v) : v;
    return gbp.format(Number.isFinite(n) ? n : 0);
  },
});

/** The action as the filter lists it: "Deactivated a user". */
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Newest first, as the log shows it; `audit_log_created_id_idx` holds this order. */
const AUDIT_EXPORT_ORDER: StreamOrder = {
  parts: [
    { expr: auditLog.createdAt, type: 'timestamptz' },
    { expr: auditLog.id, type: 'uuid' },
  ],
  desc: true,
};

function page(db: Db | Tx, f: AuditFilter, p: StreamPage) {
  return db
    .select({
      a: auditLog,
      actorName: auditActorName,
      entityLabel: auditEntityLabelSql(auditLog),
      key: streamKey(AUDIT_EXPORT_ORDER),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(auditFilters(f), p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}
type Row = Awaited<ReturnType<typeof page>>[number];

/** One entry as a CSV line; every cell goes through csvField, so a recorded value a spreadsheet would run stays text. */
function line(r: Row): string {
  return csvLine([
    timeFmt.format(r.a.createdAt),
    iso(r.a.createdAt),
    r.actorName ?? 'A former admin',
    capitalised(actionSentence(r.a.action)),
    entityLabel(r.a.entityType),
    r.entityLabel ?? '',
    r.a.entityId ?? '',
    changesText(describeChanges(r.a.before, r.a.after, r.a.entityType)),
  ]);
}

/**
 * The export's text, header first, a page of lines at a time, with the filters. The first page is read before this
 * answers, so a failing database is still an error answer, not a cut-off file.
 */
export function auditCsv(db: Db, f: AuditFilter, pageSize = STREAM_PAGE_SIZE): Promise<AsyncGenerator<string, void, undefined>> {
  const pages = keysetPages(
    AUDIT_EXPORT_ORDER,
    serialPage(db, (tx: Tx, p: StreamPage) => page(tx, f, p)),
    pageSize,
  );
  return primed(csvPages(csvLine(AUDIT_CSV_HEADER), pages, line));
}

/** The download's name, with the day it was made in UK time: `audit-log-2026-11-27.csv`. */
export function auditCsvFilename(now: Date): string {
  const [d, m, y] = dayFmt.format(now).split('/');
  return `audit-log-${y}-${m}-${d}.csv`;
}
