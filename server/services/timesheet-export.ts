import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TIMESHEET_STATUS_LABELS, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import { wallClockIn } from '../../common/rules/events.ts';
import type { TimesheetExportQuery } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { leads, placements, timesheets, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { timesheetExportPermission, timesheetScope } from '../policies/timesheets.ts';
import { hundredths } from '../presenters/timesheet.ts';
import { iso, moneyFromPence } from '../presenters/wire.ts';
import { csvField } from '../lib/csv.ts';
import { csvPages, keysetPages, primed, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import { grossProfitPence } from './commissions.ts';

/**
 * The administrators' CSV of timesheets: one row per sheet, newest week first, with the placement's rates and the
 * sheet's gross profit. Read a page at a time by keyset (week, id) through `server/lib/stream-pages.ts`, so an
 * export of any size holds one page in memory and a sheet created meanwhile neither repeats nor shifts a row.
 */

export const EXPORT_PAGE_SIZE = 500;

export const TIMESHEET_CSV_HEADER = [
  'Week starting',
  'Week ending',
  'Company',
  'Contractor',
  'Client',
  'Unit',
  'Total units',
  'Charge rate (GBP)',
  'Pay rate (GBP)',
  'Gross profit (GBP)',
  'Status',
  'Submitted at',
  'Approved at',
  'Approved by',
  'Comments',
];

const contractor = alias(users, 'contractor');
const client = alias(users, 'client');
const approver = alias(users, 'approver');

/** Newest week first, read backwards along the sheet indexes (migration 0031), so a page reads an index, not a sort. */
const NEWEST_WEEK_FIRST: StreamOrder = {
  parts: [
    { expr: timesheets.weekStarting, type: 'date' },
    { expr: timesheets.id, type: 'uuid' },
  ],
  desc: true,
};

function page(db: Db | Tx, where: SQL, p: StreamPage) {
  return db
    .select({
      id: timesheets.id,
      weekStarting: timesheets.weekStarting,
      weekEnding: timesheets.weekEnding,
      companyName: leads.companyName,
      contractorName: sql<string>`${contractor.firstName} || ' ' || ${contractor.lastName}`,
      clientName: sql<string>`${client.firstName} || ' ' || ${client.lastName}`,
      unit: timesheets.unitType,
      totalUnits: timesheets.totalUnits,
      chargeRatePence: placements.chargeRatePence,
      payRatePence: placements.payRatePence,
      status: timesheets.status,
      submittedAt: timesheets.submittedAt,
      approvedAt: timesheets.approvedAt,
      approvedByName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
      comments: timesheets.approvalComments,
      key: streamKey(NEWEST_WEEK_FIRST),
    })
    .from(timesheets)
    .innerJoin(placements, eq(placements.id, timesheets.placementId))
    .innerJoin(leads, eq(leads.id, placements.leadId))
    .innerJoin(contractor, eq(contractor.id, timesheets.contractorId))
    .innerJoin(client, eq(client.id, timesheets.clientId))
    .leftJoin(approver, eq(approver.id, timesheets.approvedBy))
    .where(and(where, p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}
type ExportRow = Awaited<ReturnType<typeof page>>[number];

/** One sheet as a CSV line: every field through csvField, so a cell a spreadsheet would read as a formula is neutralised. */
function csvLine(r: ExportRow): string {
  const units = hundredths(r.totalUnits);
  const fields = [
    r.weekStarting,
    r.weekEnding,
    r.companyName,
    r.contractorName,
    r.clientName,
    r.unit,
    (units / 100).toFixed(2),
    moneyFromPence(r.chargeRatePence),
    moneyFromPence(r.payRatePence),
    moneyFromPence(grossProfitPence(r.chargeRatePence - r.payRatePence, units)),
    // in the words the screens use ("Awaiting approval", not "pending")
    TIMESHEET_STATUS_LABELS[r.status as TimesheetStatus] ?? r.status,
    iso(r.submittedAt) ?? '',
    iso(r.approvedAt) ?? '',
    r.approvedByName ?? '',
    r.comments ?? '',
  ];
  return `${fields.map((v) => csvField(String(v))).join(',')}\r\n`;
}

/**
 * The export's text, header first, a page of lines at a time. The first page is read before this answers, so a
 * refusal or a failing database is still an error answer rather than a cut-off file.
 */
export async function timesheetCsv(db: Db, actor: Actor, q: TimesheetExportQuery, pageSize = EXPORT_PAGE_SIZE): Promise<AsyncGenerator<string, void, undefined>> {
  authorize(timesheetExportPermission(actor));
  const filters: SQL[] = [timesheetScope(actor, q.role)];
  if (q.status) filters.push(eq(timesheets.status, q.status));
  const where = and(...filters)!;
  return primed(
    csvPages(
      `${TIMESHEET_CSV_HEADER.join(',')}\r\n`,
      keysetPages(
        NEWEST_WEEK_FIRST,
        serialPage(db, (tx: Tx, p: StreamPage) => page(tx, where, p)),
        pageSize,
      ),
      csvLine,
    ),
  );
}

/** The download's name: the London date of the export and the filters, e.g. `timesheets-2026-11-27-approved.csv`. */
export function timesheetCsvFilename(q: TimesheetExportQuery, now: Date): string {
  const w = wallClockIn(now, 'Europe/London');
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return `timesheets-${date}${q.status ? `-${q.status}` : ''}${q.role !== 'all' ? `-${q.role}` : ''}.csv`;
}
