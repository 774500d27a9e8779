import { and, count, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { TIMESHEET_MESSAGES as M, TIMESHEET_STATUSES, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import { AppError } from '../../common/errors.ts';
import { pageOffset } from '../../common/schemas/page.ts';
import type { TimesheetDetail, TimesheetQuery } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
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
 * Newest first, exactly as the list indexes are ordered ("desc nulls last": the columns are never null, so it
 * changes no order, but a plain "desc" means nulls first and would not match the indexes, sorting every row).
 */
const sheetOrder = [sql`${timesheets.weekStarting} desc nulls last`, sql`${timesheets.id} desc nulls last`];

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
 * both sides for a member), optionally of one status; newest week first.
 */
export async function listTimesheets(db: Db, viewer: Actor, q: TimesheetQuery) {
  const shape: SheetListShape = q.role === 'contractor' ? 'contractor' : q.role === 'client' ? 'client' : canManagePlacements(viewer) ? 'every' : 'both';
  const rows = await sheetListStatement(db, shape, q.status).execute({ actorId: viewer.id, limit: q.pageSize, offset: pageOffset(q) });
  // a page past the end has no row to carry the total: count it on its own (rare)
  const total = rows.length ? rows[0].total : q.page > 1 ? await countSheets(db, viewer, shape, q.status) : 0;
  return { items: rows.map((r) => presentTimesheet(viewer, r)), total };
}

/** The statuses as SQL literals, from the fixed list (see sheetListStatement). */
const STATUS_LITERALS = Object.fromEntries(TIMESHEET_STATUSES.map((st) => [st, sql.raw(`'${st}'`)])) as Record<TimesheetStatus, SQL>;

/** Whose sheets a list shows: one side of the viewer's, both sides, or (administrators) every sheet. */
type SheetListShape = 'contractor' | 'client' | 'both' | 'every';

/**
 * One page of a list and its total in one prepared statement per shape (with or without a status): the lists are
 * read on every visit to Timesheets, and planning their joins cost more than running them. The total of every
 * sheet comes from the trigger-kept counts per status, a member's from counting their own few.
 */
function sheetListStatement(db: Db, shape: SheetListShape, only?: TimesheetStatus) {
  return prepared(db, `timesheets_page_${shape}${only ? `_${only}` : ''}`, () => {
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
    return sheetRows(db, { total: total.mapWith(Number) })
      .where(and(scope, byStatus ? eq(timesheets.status, status) : undefined))
      .orderBy(...sheetOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
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
  const scope = timesheetScope(viewer, shape === 'both' ? 'all' : shape);
  const [{ total }] = await db
    .select({ total: count() })
    .from(timesheets)
    .where(and(scope, status ? eq(timesheets.status, status) : undefined));
  return total;
}
