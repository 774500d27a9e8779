import { and, count, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { TIMESHEET_MESSAGES as M, TIMESHEET_STATUSES, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import { AppError } from '../../common/errors.ts';
import type { TimesheetDetail, TimesheetQuery } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { keyAt, keysetArray, keysetColumns, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import { leads, placements, timesheetEntries, timesheetStatusTotals, timesheets, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import { canManagePlacements, timesheetScope } from '../policies/timesheets.ts';
import { presentEntry, presentTimesheet } from '../presenters/timesheet.ts';

/**
 * Reading timesheets: one sheet with its days, and the lists (one prepared statement per shape, with its total).
 * Every read joins the same way (`sheetRows`): the sheet, its parties' and approver's names, and its lead's referrer.
 */

export const contractor = alias(users, 'contractor');
const client = alias(users, 'client');
const approver = alias(users, 'approver');
export const nameOf = (u: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/** The referring partner of the sheet in the outer query (who earns commission on its approved time), for its abilities. */
export const referrerOfRow = sql<
  string | null
>`(select l.submitter_id from ${leads} l join ${placements} p on p.lead_id = l.id where p.id = "timesheets"."placement_id")`;

/**
 * Newest week first, then id: the list indexes (`timesheets_contractor_idx`, `timesheets_client_idx`,
 * `timesheets_status_idx`, `timesheets_order_idx`, `timesheets_pending_idx`; migration 0031) hold this order.
 */
const SHEET_ORDER: KeyOrder = [
  { expr: timesheets.weekStarting, desc: true },
  { expr: timesheets.id, desc: true },
];

/** Sheets joined to what presenting them needs (see presentTimesheet), with any further fields a caller adds. */
function sheetRows<Extra extends SelectedFields>(db: Db | Tx, extra: Extra) {
  return db
    .select({
      t: timesheets,
      contractorName: nameOf(contractor),
      clientName: nameOf(client),
      approvedByName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
      referrerId: referrerOfRow,
      ...extra,
    })
    .from(timesheets)
    .innerJoin(contractor, eq(contractor.id, timesheets.contractorId))
    .innerJoin(client, eq(client.id, timesheets.clientId))
    .leftJoin(approver, eq(approver.id, timesheets.approvedBy));
}

/** One sheet with its entries, day by day. 404 outside the viewer's scope. */
export async function getTimesheet(db: Db | Tx, viewer: Actor, id: string): Promise<TimesheetDetail> {
  const [row] = await sheetRows(db, {}).where(and(eq(timesheets.id, id), timesheetScope(viewer)));
  if (!row) throw new AppError('not_found', M.notFound);
  const entries = await db
    .select({ date: timesheetEntries.date, units: timesheetEntries.units, description: timesheetEntries.description })
    .from(timesheetEntries)
    .where(eq(timesheetEntries.timesheetId, id))
    .orderBy(timesheetEntries.date);
  return { ...presentTimesheet(viewer, row), entries: entries.map(presentEntry) };
}

/**
 * One page of the sheets the viewer may see: as contractor, as client, or all (every sheet for administrators,
 * both sides for a member), optionally of one status; newest week first, with the cursors either side.
 */
export async function listTimesheets(db: Db, viewer: Actor, q: TimesheetQuery) {
  const shape: SheetListShape = q.role === 'contractor' ? 'contractor' : q.role === 'client' ? 'client' : canManagePlacements(viewer) ? 'every' : 'both';
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(SHEET_ORDER) })
        .from(timesheets)
        .where(and(sheetScope(viewer, shape), q.status ? eq(timesheets.status, q.status) : undefined))
        .orderBy(...keysetOrderBy(SHEET_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const page = await readKeysetPage(
    SHEET_ORDER,
    q,
    (plan) =>
      sheetListStatement(db, shape, plan, q.status).execute({
        actorId: viewer.id,
        limit: plan.limit,
        offset: plan.offset,
        k0: plan.values[0],
        k1: plan.values[1],
      }),
    seek,
  );
  // a page past the end has no row to carry the total: count it on its own (rare)
  const total = page.rows.length ? page.rows[0].total : q.page > 1 || q.after || q.before ? await countSheets(db, viewer, shape, q.status) : 0;
  return { items: page.rows.map((r) => presentTimesheet(viewer, r)), total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** Whose sheets a shape reads (nothing to filter for every sheet). */
const sheetScope = (viewer: Actor, shape: SheetListShape) => (shape === 'every' ? undefined : timesheetScope(viewer, shape === 'both' ? 'all' : shape));

/** The statuses as SQL literals, from the fixed list (see sheetListStatement). */
const STATUS_LITERALS = Object.fromEntries(TIMESHEET_STATUSES.map((st) => [st, sql.raw(`'${st}'`)])) as Record<TimesheetStatus, SQL>;

/** Whose sheets a list shows: one side of the viewer's, both sides, or (administrators) every sheet. */
type SheetListShape = 'contractor' | 'client' | 'both' | 'every';

/**
 * One page of a list and its total in one prepared statement per shape (with or without a status, from the start
 * or either side of a cursor): the lists are read on every visit to Timesheets, and planning their joins cost more
 * than running them. The total of every sheet comes from the trigger-kept counts per status, a member's from
 * counting their own few.
 */
function sheetListStatement(db: Db, shape: SheetListShape, plan: KeysetPlan, only?: TimesheetStatus) {
  return prepared(db, `timesheets_page_${shape}${only ? `_${only}` : ''}_${plan.mode}${plan.offset ? '_offset' : ''}`, () => {
    const me = sql.placeholder('actorId');
    const byStatus = !!only;
    // one statement per status, the status written into it (one of the four fixed names, never request text): a
    // prepared statement's generic plan cannot know how rare a status given as a parameter is, and walked every
    // sheet newest first to find a page of the rare one instead of reading that status's index
    const status = only ? STATUS_LITERALS[only] : sql``;
    const scope =
      shape === 'contractor'
        ? eq(timesheets.contractorId, me)
        : shape === 'client'
          ? eq(timesheets.clientId, me)
          : shape === 'both'
            ? or(eq(timesheets.contractorId, me), eq(timesheets.clientId, me))
            : undefined;
    const own =
      shape === 'contractor' ? sql`c.contractor_id = ${me}` : shape === 'client' ? sql`c.client_id = ${me}` : sql`(c.contractor_id = ${me} or c.client_id = ${me})`;
    const total =
      shape === 'every'
        ? sql<number>`(select coalesce(sum(s.n), 0) from ${timesheetStatusTotals} s ${byStatus ? sql`where s.status = ${status}` : sql``})`
        : sql<number>`(select count(*) from ${timesheets} c where ${own} ${byStatus ? sql`and c.status = ${status}` : sql``})`;
    const position = plan.mode === 'first' ? undefined : keysetCondition(SHEET_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1')]);
    const query = sheetRows(db, { total: total.mapWith(Number), ...keysetColumns(SHEET_ORDER) })
      .where(and(scope, byStatus ? eq(timesheets.status, status) : undefined, position))
      .orderBy(...keysetOrderBy(SHEET_ORDER, plan.mode))
      .limit(sql.placeholder('limit'));
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
}

async function countSheets(db: Db, viewer: Actor, shape: SheetListShape, status?: TimesheetStatus): Promise<number> {
  if (shape === 'every') {
    const [{ total }] = await db
      .select({ total: sql<number>`coalesce(sum(${timesheetStatusTotals.n}), 0)`.mapWith(Number) })
      .from(timesheetStatusTotals)
      .where(status ? eq(timesheetStatusTotals.status, status) : undefined);
    return total;
  }
  const [{ total }] = await db
    .select({ total: count() })
    .from(timesheets)
    .where(and(sheetScope(viewer, shape), status ? eq(timesheets.status, status) : undefined));
  return total;
}
