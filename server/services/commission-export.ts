import { and, eq, type SQL } from 'drizzle-orm';
import type { Commission } from '../../common/schemas/commission.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { commissions, leads, timesheets, users } from '../db/schema/index.ts';
import { csvField } from '../lib/csv.ts';
import { csvPages, keysetPages, primed, STREAM_PAGE_SIZE, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import type { Actor } from '../policies/roles.ts';
import { presentCommission } from '../presenters/commission.ts';
import { commissionColumns, filterConditions, type CommissionFilter } from './commissions.ts';

/**
 * The payout CSV of the administrators: one row per commission a filter selects, newest first. Read a page at a time
 * by keyset (created, id), so an export of any size holds one page in memory, is written while it is read, and a
 * commission created or removed meanwhile neither repeats nor loses another row.
 */

export const COMMISSION_CSV_HEADER = [
  'Commission ID',
  'Partner',
  'Partner ID',
  'Company',
  'Industry',
  'Lead type',
  'Value earned on (GBP)',
  'Rate',
  'Amount (GBP)',
  'Status',
  'Created',
  'Paid',
  'Earned on',
  'Month',
  'Basis (GBP)',
];

/** Newest first, as the payout screen lists them. */
export const COMMISSION_EXPORT_ORDER: StreamOrder = {
  parts: [
    { expr: commissions.createdAt, type: 'timestamptz' },
    { expr: commissions.id, type: 'uuid' },
  ],
  desc: true,
};

function page(db: Db | Tx, where: SQL | undefined, p: StreamPage) {
  return db
    .select({
      ...commissionColumns,
      key: streamKey(COMMISSION_EXPORT_ORDER),
    })
    .from(commissions)
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .innerJoin(users, eq(users.id, commissions.partnerId))
    .leftJoin(timesheets, eq(timesheets.id, commissions.timesheetId))
    .where(and(where, p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}

/** What a payout line was earned on, in words: the deal's estimate, a week of approved time, or a correction of one. */
function earnedOn(r: Commission): string {
  const week = r.timesheet ? ` (week starting ${r.timesheet.weekStarting})` : '';
  if (r.kind === 'time') return `Approved time${week}`;
  if (r.kind === 'adjustment') return `Time correction${week}`;
  return 'Closed won';
}

/** One commission as a CSV line; every cell goes through csvField, so a name a spreadsheet would run as a formula stays text. */
function line(r: Commission): string {
  const fields = [
    r.id,
    r.partnerName,
    r.partnerId,
    r.leadDetails.companyName,
    r.leadDetails.industry,
    r.leadDetails.leadType,
    // what the rate was applied to: the deal's value when it closed, a week's gross profit for time
    r.kind === 'closed_won' ? r.leadDetails.estimatedValue : r.basis,
    r.rate,
    r.amount,
    r.status,
    r.createdAt,
    r.paidAt ?? '',
    earnedOn(r),
    r.month,
    r.basis,
  ];
  return `${fields.map((v) => csvField(String(v))).join(',')}\r\n`;
}

/**
 * The export's text, header first, a page of lines at a time, for a scope (all commissions for an administrator).
 * The first page is read before this answers, so a failing database is still an error answer, not a cut-off file.
 */
export function commissionCsv(
  db: Db,
  actor: Actor,
  scope: SQL,
  f: Omit<CommissionFilter, 'page' | 'pageSize'>,
  pageSize = STREAM_PAGE_SIZE,
): Promise<AsyncGenerator<string, void, undefined>> {
  const where = filterConditions(scope, f);
  const pages = keysetPages(
    COMMISSION_EXPORT_ORDER,
    serialPage(db, (tx: Tx, p: StreamPage) => page(tx, where, p)),
    pageSize,
  );
  return primed(csvPages(`${COMMISSION_CSV_HEADER.join(',')}\r\n`, pages, (r) => line(presentCommission(actor, r))));
}

/** The download's name, with the filters: `commissions-2026-10-pending.csv`, `commissions-all.csv`. */
export function commissionCsvFilename(f: Omit<CommissionFilter, 'page' | 'pageSize'>): string {
  return `commissions-${f.month ?? 'all'}${f.status ? `-${f.status}` : ''}.csv`;
}
