import { and, eq, type SQL } from 'drizzle-orm';
import { STATUS_LABELS } from '../../common/rules/pipeline.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { leads, users } from '../db/schema/index.ts';
import { csvLine } from '../lib/csv.ts';
import { csvPages, keysetPages, primed, STREAM_PAGE_SIZE, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { assigneeName, leadFilters, submitterName, type LeadListQuery } from './lead-list.ts';

/**
 * The leads CSV: every lead the viewer may see (administrators all of them, a partner their own), with the list's
 * filters, newest first. Read a page at a time by keyset (created, id), so an export of any size holds one page in
 * memory and is written while it is read. Only the lead's own fields: never its discussion or internal notes.
 */

export const LEAD_CSV_HEADER = [
  'Lead ID',
  'Company',
  'Industry',
  'Lead type',
  'Contact',
  'Contact email',
  'Estimated value (GBP)',
  'Status',
  'Urgency',
  'Relationship',
  'Submitted by',
  'Assigned to',
  'Submitted at',
  'Updated at',
  'Withdrawn at',
  'Withdrawn reason',
];

/** Newest first, as the lead lists show them. */
const LEAD_EXPORT_ORDER: StreamOrder = {
  parts: [
    { expr: leads.createdAt, type: 'timestamptz' },
    { expr: leads.id, type: 'uuid' },
  ],
  desc: true,
};

function page(db: Db | Tx, where: SQL | undefined, p: StreamPage) {
  return db
    .select({
      id: leads.id,
      companyName: leads.companyName,
      industry: leads.industry,
      leadType: leads.leadType,
      contactName: leads.contactName,
      contactEmail: leads.contactEmail,
      estimatedValue: leads.estimatedValue,
      status: leads.status,
      urgency: leads.urgency,
      relationshipStrength: leads.relationshipStrength,
      submitterName,
      assigneeName,
      createdAt: leads.createdAt,
      updatedAt: leads.updatedAt,
      withdrawnAt: leads.withdrawnAt,
      withdrawnReason: leads.withdrawnReason,
      key: streamKey(LEAD_EXPORT_ORDER),
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.submitterId))
    .where(and(where, p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}
type Row = Awaited<ReturnType<typeof page>>[number];

/** One lead as a CSV line; every cell goes through csvField, so a value a spreadsheet would run as a formula stays text. */
function line(r: Row): string {
  return csvLine([
    r.id,
    r.companyName,
    r.industry,
    r.leadType,
    r.contactName,
    r.contactEmail,
    r.estimatedValue,
    STATUS_LABELS[r.status as LeadStatus] ?? r.status,
    r.urgency,
    r.relationshipStrength,
    r.submitterName,
    r.assigneeName ?? '',
    iso(r.createdAt),
    iso(r.updatedAt),
    r.withdrawnAt ? iso(r.withdrawnAt) : '',
    r.withdrawnReason ?? '',
  ]);
}

export type LeadExportFilter = Pick<LeadListQuery, 'search' | 'status' | 'assigned'>;

/**
 * The export's text, header first, a page of lines at a time, within the viewer's lead scope and the filters. The
 * first page is read before this answers, so a failing database is still an error answer, not a cut-off file.
 */
export function leadCsv(db: Db, actor: Actor, f: LeadExportFilter, pageSize = STREAM_PAGE_SIZE): Promise<AsyncGenerator<string, void, undefined>> {
  const where = leadFilters(actor, f);
  const pages = keysetPages(
    LEAD_EXPORT_ORDER,
    serialPage(db, (tx: Tx, p: StreamPage) => page(tx, where, p)),
    pageSize,
  );
  return primed(csvPages(csvLine(LEAD_CSV_HEADER), pages, line));
}

/** The download's name, with the filters: `leads-all.csv`, `leads-qualified-mine.csv`. */
export function leadCsvFilename(f: LeadExportFilter): string {
  return `leads-${f.status ?? 'all'}${f.assigned === 'me' ? '-mine' : ''}.csv`;
}
