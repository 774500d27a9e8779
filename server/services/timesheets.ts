import { and, count, eq, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MAX_UNITS_PER_DAY,
  PLACEMENT_LEAD_TYPES,
  TIMESHEET_MESSAGES as M,
  TIMESHEET_STATUSES,
  type PlacementUnit,
  type TimesheetStatus,
} from '../../common/constants/timesheets.ts';
import { AppError } from '../../common/errors.ts';
import { futureTimeIndexes, londonToday } from '../../common/rules/timesheets.ts';
import { pageOffset } from '../../common/schemas/page.ts';
import {
  addDays,
  type Placement,
  type PlacementCreateData,
  type PlacementQuery,
  type PlacementUpdateData,
  type Timesheet,
  type TimesheetCreateData,
  type TimesheetDetail,
  type TimesheetQuery,
  type TimesheetAdjustData,
  type TimesheetUpdateData,
} from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { leads, placements, timesheetEntries, timesheetStatusTotals, timesheets, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import {
  canManagePlacements,
  earnsFromSheet,
  mayAdjust,
  mayDecide,
  placementAbilities,
  placementRatesSeen,
  placementScope,
  timesheetAbilities,
  timesheetPermission,
  timesheetScope,
  type TimesheetAction,
} from '../policies/timesheets.ts';
import { iso, moneyFromPence } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { commissionForTime, lockPartner, supersedeEstimateCommission } from './commissions.ts';
import { notify } from './notify.ts';

type PlacementRow = typeof placements.$inferSelect;
type TimesheetRow = typeof timesheets.$inferSelect;

const contractor = alias(users, 'contractor');
const client = alias(users, 'client');
const approver = alias(users, 'approver');
const nameOf = (u: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/**
 * Newest first, exactly as the list indexes are ordered ("desc nulls last": the columns are never null, so it
 * changes no order, but a plain "desc" means nulls first and would not match the indexes, sorting every row).
 */
const placementOrder = [sql`${placements.startDate} desc nulls last`, sql`${placements.id} desc nulls last`];
const sheetOrder = [sql`${timesheets.weekStarting} desc nulls last`, sql`${timesheets.id} desc nulls last`];

/** Whether a database error is a unique-index violation (Drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The referring partner of a sheet's lead, as a subquery (no row when the sheet does not exist). */
const partnerOfSheet = (sheetId: string) =>
  sql`select ${leads.submitterId} from ${leads} join ${placements} on ${placements.leadId} = ${leads.id} join ${timesheets} on ${timesheets.placementId} = ${placements.id} where ${timesheets.id} = ${sheetId}`;

/** The referring partner of the sheet in the outer query (who earns commission on its approved time), for its abilities. */
const referrerOfRow = sql<string | null>`(select l.submitter_id from ${leads} l join ${placements} p on p.lead_id = l.id where p.id = "timesheets"."placement_id")`;

const invalid = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });

/** Units in hundredths, exactly (a numeric(…, 2) text or a number with at most two decimals). */
const hundredths = (v: string | number) => Math.round(Number(v) * 100);

/* ---------- placements ---------- */

function placementRows(db: Db | Tx) {
  return db
    .select({
      p: placements,
      companyName: leads.companyName,
      leadType: leads.leadType,
      contractorName: nameOf(contractor),
      clientName: nameOf(client),
    })
    .from(placements)
    .innerJoin(leads, eq(leads.id, placements.leadId))
    .innerJoin(contractor, eq(contractor.id, placements.contractorId))
    .innerJoin(client, eq(client.id, placements.clientId));
}
type PlacementRowOut = Awaited<ReturnType<ReturnType<typeof placementRows>['where']>>[number];

function presentPlacement(viewer: Actor, r: PlacementRowOut): Placement {
  const p = r.p;
  const seen = placementRatesSeen(viewer, p);
  return {
    id: p.id,
    leadId: p.leadId,
    companyName: r.companyName,
    leadType: r.leadType,
    contractorId: p.contractorId,
    contractorName: r.contractorName,
    clientId: p.clientId,
    clientName: r.clientName,
    unit: p.unit as PlacementUnit,
    chargeRate: seen.charge ? moneyFromPence(p.chargeRatePence) : null,
    payRate: seen.pay ? moneyFromPence(p.payRatePence) : null,
    startDate: p.startDate,
    endDate: p.endDate,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    can: placementAbilities(viewer, p),
  };
}

/** One page of the placements the viewer may see (administrators all; a member those they work on or for), latest start first. */
export async function listPlacements(db: Db, viewer: Actor, q: PlacementQuery) {
  const where = placementScope(viewer, q.role);
  const [rows, [{ total }]] = await Promise.all([
    placementRows(db)
      .where(where)
      .orderBy(...placementOrder)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(placements).where(where),
  ]);
  return { items: rows.map((r) => presentPlacement(viewer, r)), total };
}

export async function getPlacement(db: Db | Tx, viewer: Actor, id: string): Promise<Placement> {
  const [row] = await placementRows(db).where(and(eq(placements.id, id), placementScope(viewer)));
  if (!row) throw new AppError('not_found', M.placementNotFound);
  return presentPlacement(viewer, row);
}

const requireAdmin = (actor: Actor) => {
  if (!canManagePlacements(actor)) throw new AppError('forbidden', 'Only an administrator can manage placements.');
};

/** Both parties must be approved, active members. */
async function checkParties(tx: Tx, parties: { contractorId?: string; clientId?: string }) {
  for (const [path, id] of Object.entries(parties)) {
    if (!id) continue;
    const [u] = await tx.select({ accountStatus: users.accountStatus, isActive: users.isActive }).from(users).where(eq(users.id, id));
    if (!u || u.accountStatus !== 'approved' || !u.isActive) throw invalid(path, M.partyNotMember);
  }
}

const placementAudit = (p: PlacementRow) => ({
  leadId: p.leadId,
  contractorId: p.contractorId,
  clientId: p.clientId,
  chargeRatePence: p.chargeRatePence,
  payRatePence: p.payRatePence,
  unit: p.unit,
  startDate: p.startDate,
  endDate: p.endDate,
});

/** An administrator places a contractor with a client on a closed-won interim or recruitment lead. Audited. */
export async function createPlacement(db: Db, actor: Actor, data: PlacementCreateData, now: Date): Promise<Placement> {
  requireAdmin(actor);
  const id = await db.transaction(async (tx) => {
    const [referred] = await tx.select({ partnerId: leads.submitterId }).from(leads).where(eq(leads.id, data.leadId));
    if (!referred) throw invalid('leadId', M.leadNotFound);
    // the lead's commission may change (its estimate gives way to time): the partner's lock first, as every
    // commission change takes it; the lead is read again under it, so a status change that committed meanwhile is seen
    await lockPartner(tx, referred.partnerId);
    const [lead] = await tx.select({ status: leads.status, leadType: leads.leadType }).from(leads).where(eq(leads.id, data.leadId));
    if (!lead) throw invalid('leadId', M.leadNotFound);
    if (lead.status !== 'closed-won') throw invalid('leadId', M.leadNotWon);
    if (!(PLACEMENT_LEAD_TYPES as readonly string[]).includes(lead.leadType)) throw invalid('leadId', M.leadWrongType);
    if (data.clientId === referred.partnerId) throw invalid('clientId', M.clientIsReferrer);
    await checkParties(tx, { contractorId: data.contractorId, clientId: data.clientId });
    const [earlier] = await tx.select({ id: placements.id }).from(placements).where(eq(placements.leadId, data.leadId)).limit(1);
    if (!earlier) await supersedeEstimateCommission(tx, data.leadId, now);
    const [row] = await tx
      .insert(placements)
      .values({
        leadId: data.leadId,
        contractorId: data.contractorId,
        clientId: data.clientId,
        chargeRatePence: data.chargeRate,
        payRatePence: data.payRate,
        unit: data.unit,
        startDate: data.startDate,
        endDate: data.endDate,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'placement.create', entityType: 'placement', entityId: row.id, after: placementAudit(row), at: now });
    return row.id;
  });
  return getPlacement(db, actor, id);
}

/**
 * An administrator changes a placement. Checked against the stored values: pay ≤ charge, end ≥ start, two
 * different members. Once it has timesheets its unit and contractor stay; once one is approved its rates stay
 * (the approved profit is history: a correction is an adjustment). Its sheets must stay within its dates. Sheets
 * not yet approved move to a new client. Audited with the fields before and after.
 */
export async function updatePlacement(db: Db, actor: Actor, id: string, data: PlacementUpdateData, now: Date): Promise<Placement> {
  requireAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(placements).where(eq(placements.id, id)).for('update');
    if (!row) throw new AppError('not_found', M.placementNotFound);
    const next = {
      contractorId: data.contractorId ?? row.contractorId,
      clientId: data.clientId ?? row.clientId,
      chargeRatePence: data.chargeRate ?? row.chargeRatePence,
      payRatePence: data.payRate ?? row.payRatePence,
      unit: data.unit ?? row.unit,
      startDate: data.startDate ?? row.startDate,
      endDate: data.endDate ?? row.endDate,
    };
    if (next.payRatePence > next.chargeRatePence) throw invalid('payRate', M.payAboveCharge);
    if (next.endDate < next.startDate) throw invalid('endDate', M.endBeforeStart);
    if (next.contractorId === next.clientId) throw invalid('clientId', M.sameParty);
    if (next.clientId !== row.clientId) {
      const [lead] = await tx.select({ partnerId: leads.submitterId }).from(leads).where(eq(leads.id, row.leadId));
      if (lead?.partnerId === next.clientId) throw invalid('clientId', M.clientIsReferrer);
    }
    await checkParties(tx, {
      contractorId: next.contractorId !== row.contractorId ? next.contractorId : undefined,
      clientId: next.clientId !== row.clientId ? next.clientId : undefined,
    });
    const sheets = await tx
      .select({ status: timesheets.status, outside: sql<boolean>`${timesheets.weekEnding} < ${next.startDate} or ${timesheets.weekStarting} > ${next.endDate}` })
      .from(timesheets)
      .where(eq(timesheets.placementId, id))
      // FOR SHARE: an approval in flight finishes first and is seen, so rates never change under approved time
      .for('share');
    if (sheets.length && next.unit !== row.unit) throw new AppError('conflict', M.unitLocked);
    if (sheets.length && next.contractorId !== row.contractorId) throw new AppError('conflict', M.contractorLocked);
    const ratesChanged = next.chargeRatePence !== row.chargeRatePence || next.payRatePence !== row.payRatePence;
    if (ratesChanged && sheets.some((s) => s.status === 'approved')) throw new AppError('conflict', M.ratesLocked);
    if (sheets.some((s) => s.outside)) throw new AppError('conflict', M.sheetsOutsideDates);
    const [after] = await tx
      .update(placements)
      .set({ ...next, updatedAt: now })
      .where(eq(placements.id, id))
      .returning();
    if (next.clientId !== row.clientId) {
      await tx
        .update(timesheets)
        .set({ clientId: next.clientId, updatedAt: now })
        .where(and(eq(timesheets.placementId, id), ne(timesheets.status, 'approved')));
    }
    const before = placementAudit(row);
    const now_ = placementAudit(after);
    const changed = (Object.keys(now_) as (keyof typeof now_)[]).filter((k) => before[k] !== now_[k]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'placement.update',
      entityType: 'placement',
      entityId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, now_[k]])),
      at: now,
    });
  });
  return getPlacement(db, actor, id);
}

/* ---------- timesheets: reading ---------- */

function timesheetRows(db: Db | Tx) {
  return db
    .select({
      t: timesheets,
      contractorName: nameOf(contractor),
      clientName: nameOf(client),
      approvedByName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
      referrerId: referrerOfRow,
    })
    .from(timesheets)
    .innerJoin(contractor, eq(contractor.id, timesheets.contractorId))
    .innerJoin(client, eq(client.id, timesheets.clientId))
    .leftJoin(approver, eq(approver.id, timesheets.approvedBy));
}
type TimesheetRowOut = Awaited<ReturnType<ReturnType<typeof timesheetRows>['where']>>[number];

function presentTimesheet(viewer: Actor, r: TimesheetRowOut): Timesheet {
  const t = r.t;
  return {
    id: t.id,
    placementId: t.placementId,
    projectName: t.projectName,
    contractorId: t.contractorId,
    contractorName: r.contractorName,
    clientId: t.clientId,
    clientName: r.clientName,
    unit: t.unitType as PlacementUnit,
    weekStarting: t.weekStarting,
    weekEnding: t.weekEnding,
    totalUnits: hundredths(t.totalUnits) / 100,
    status: t.status as TimesheetStatus,
    submittedAt: iso(t.submittedAt),
    approvedAt: iso(t.approvedAt),
    approvedBy: t.approvedBy,
    approvedByName: t.approvedBy ? r.approvedByName : null,
    approvalComments: t.approvalComments,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    can: timesheetAbilities(viewer, { ...t, referrerId: r.referrerId }),
  };
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
    return db
      .select({
        t: timesheets,
        contractorName: nameOf(contractor),
        clientName: nameOf(client),
        approvedByName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
        referrerId: referrerOfRow,
        total: total.mapWith(Number),
      })
      .from(timesheets)
      .innerJoin(contractor, eq(contractor.id, timesheets.contractorId))
      .innerJoin(client, eq(client.id, timesheets.clientId))
      .leftJoin(approver, eq(approver.id, timesheets.approvedBy))
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

/** One sheet with its entries, day by day. 404 outside the viewer's scope. */
export async function getTimesheet(db: Db | Tx, viewer: Actor, id: string): Promise<TimesheetDetail> {
  const [row] = await timesheetRows(db).where(and(eq(timesheets.id, id), timesheetScope(viewer)));
  if (!row) throw new AppError('not_found', M.notFound);
  const entries = await db
    .select({ date: timesheetEntries.date, units: timesheetEntries.units, description: timesheetEntries.description })
    .from(timesheetEntries)
    .where(eq(timesheetEntries.timesheetId, id))
    .orderBy(timesheetEntries.date);
  return { ...presentTimesheet(viewer, row), entries: entries.map((e) => ({ date: e.date, units: hundredths(e.units) / 100, description: e.description })) };
}

/* ---------- timesheets: writing ---------- */

/** The contractor starts the sheet of one week of their placement; one per placement and week. */
export async function createTimesheet(db: Db, actor: Actor, data: TimesheetCreateData, now: Date): Promise<TimesheetDetail> {
  const weekEnding = addDays(data.weekStarting, 6);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      // FOR NO KEY UPDATE: creates for one placement queue here, while its sheets' foreign keys still insert
      const [p] = await tx
        .select({ p: placements, companyName: leads.companyName })
        .from(placements)
        .innerJoin(leads, eq(leads.id, placements.leadId))
        .where(and(eq(placements.id, data.placementId), placementScope(actor)))
        .for('no key update', { of: placements });
      if (!p) throw new AppError('not_found', M.placementNotFound);
      if (p.p.contractorId !== actor.id) throw new AppError('forbidden', M.onlyContractorCreates);
      if (weekEnding < p.p.startDate || data.weekStarting > p.p.endDate) throw invalid('weekStarting', M.weekOutsidePlacement);
      const [existing] = await tx
        .select({ id: timesheets.id })
        .from(timesheets)
        .where(and(eq(timesheets.placementId, data.placementId), eq(timesheets.weekStarting, data.weekStarting)));
      if (existing) throw new AppError('conflict', M.duplicateWeek);
      const [row] = await tx
        .insert(timesheets)
        .values({
          placementId: p.p.id,
          contractorId: p.p.contractorId,
          clientId: p.p.clientId,
          projectName: p.companyName.slice(0, 255),
          weekStarting: data.weekStarting,
          weekEnding,
          unitType: p.p.unit,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: timesheets.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', M.duplicateWeek);
    throw err;
  }
  return getTimesheet(db, actor, id);
}

/** Locks a sheet the actor sees (404 otherwise) and checks they may do `action` to it now (403, 409). */
async function lockSheet(tx: Tx, actor: Actor, id: string, action: TimesheetAction): Promise<TimesheetRow> {
  const [found] = await tx
    .select({ t: timesheets, referrerId: referrerOfRow })
    .from(timesheets)
    .where(and(eq(timesheets.id, id), timesheetScope(actor)))
    .for('update', { of: timesheets });
  if (!found) throw new AppError('not_found', M.notFound);
  const row = found.t;
  const sheet = { ...row, referrerId: found.referrerId };
  const status = row.status as TimesheetStatus;
  switch (timesheetPermission(actor, sheet, action)) {
    case 'ok':
      return row;
    case 'not_found':
      throw new AppError('not_found', M.notFound);
    case 'forbidden':
      if (action === 'approve' && mayDecide(actor, sheet) && earnsFromSheet(actor, sheet)) throw new AppError('forbidden', M.noOwnCommissionApproval);
      throw new AppError('forbidden', action === 'edit' ? M.onlyContractorEdits : action === 'submit' ? M.onlyContractorSubmits : M.onlyClientDecides);
    case 'conflict':
      throw new AppError('conflict', action === 'edit' ? M.notEditable(status) : action === 'submit' ? M.notSubmittable(status) : M.notPending(status));
  }
}

/**
 * The contractor replaces a draft or rejected sheet's entries. Every day lies in the sheet's week and the
 * placement's dates and holds at most 24 hours or 1 day; the total is the sum the server computes from them.
 */
export async function updateTimesheetEntries(db: Db, actor: Actor, id: string, data: TimesheetUpdateData, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, actor, id, 'edit');
    await replaceEntries(tx, sheet, data.entries, now);
  });
  return getTimesheet(db, actor, id);
}

/** Checks a week's entries against the sheet's week, its placement's dates and its unit, stores them, and answers the new total in hundredths. */
async function replaceEntries(tx: Tx, sheet: TimesheetRow, entries: TimesheetUpdateData['entries'], now: Date): Promise<number> {
  const id = sheet.id;
  const [p] = await tx.select({ startDate: placements.startDate, endDate: placements.endDate }).from(placements).where(eq(placements.id, sheet.placementId));
  const unit = sheet.unitType as PlacementUnit;
  const max = MAX_UNITS_PER_DAY[unit];
  entries.forEach((e, i) => {
    if (e.date < sheet.weekStarting || e.date > sheet.weekEnding) throw invalid(`entries.${i}.date`, M.dateOutsideWeek);
    if (e.date < p.startDate || e.date > p.endDate) throw invalid(`entries.${i}.date`, M.dateOutsidePlacement);
    if (e.units > max) throw invalid(`entries.${i}.units`, M.unitsTooMany(max, unit));
  });
  // checked against the server's clock: the browser's date is only a courtesy
  const [future] = futureTimeIndexes(entries, londonToday(now));
  if (future !== undefined) throw invalid(`entries.${future}.units`, M.futureDay);
  const total = entries.reduce((sum, e) => sum + hundredths(e.units), 0);
  await tx.delete(timesheetEntries).where(eq(timesheetEntries.timesheetId, id));
  if (entries.length) {
    await tx
      .insert(timesheetEntries)
      .values(entries.map((e) => ({ timesheetId: id, date: e.date, units: (hundredths(e.units) / 100).toFixed(2), description: e.description || null, createdAt: now })));
  }
  await tx
    .update(timesheets)
    .set({ totalUnits: (total / 100).toFixed(2), updatedAt: now })
    .where(eq(timesheets.id, id));
  return total;
}

/**
 * An administrator corrects an approved sheet: its entries are replaced, and the difference in gross profit earns
 * (or takes back) commission as an adjustment in the month the week ends in. The sheet stays approved. Audited with
 * the entries before and after and the reason; the contractor is told. Never by the sheet's own contractor.
 */
export async function adjustTimesheet(db: Db, actor: Actor, id: string, data: TimesheetAdjustData, now: Date): Promise<TimesheetDetail> {
  if (!canManagePlacements(actor)) throw new AppError('forbidden', M.onlyAdminAdjusts);
  await db.transaction(async (tx) => {
    await lockPartner(tx, partnerOfSheet(id));
    const [found] = await tx.select({ t: timesheets, referrerId: referrerOfRow }).from(timesheets).where(eq(timesheets.id, id)).for('update', { of: timesheets });
    if (!found) throw new AppError('not_found', M.notFound);
    const sheet = found.t;
    if (sheet.contractorId === actor.id) throw new AppError('forbidden', M.noOwnAdjustment);
    if (!mayAdjust(actor, { ...sheet, referrerId: found.referrerId })) throw new AppError('forbidden', M.noOwnCommissionAdjustment);
    if (sheet.status !== 'approved') throw new AppError('conflict', M.adjustOnlyApproved);
    const beforeEntries = await tx
      .select({ date: timesheetEntries.date, units: timesheetEntries.units, description: timesheetEntries.description })
      .from(timesheetEntries)
      .where(eq(timesheetEntries.timesheetId, id))
      .orderBy(timesheetEntries.date);
    const unitsAfter = await replaceEntries(tx, sheet, data.entries, now);
    const written = await commissionForTime(tx, { sheetId: id, kind: 'adjustment' }, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'timesheet.adjust',
      entityType: 'timesheet',
      entityId: id,
      before: { totalUnits: sheet.totalUnits, entries: beforeEntries },
      after: {
        totalUnits: (unitsAfter / 100).toFixed(2),
        entries: data.entries.map((e) => ({ date: e.date, units: (hundredths(e.units) / 100).toFixed(2), description: e.description || null })),
        reason: data.reason,
        commissions: written.map((c) => ({ id: c.id, amount: c.amount, basis: c.basis, month: c.month.slice(0, 7) })),
      },
      at: now,
    });
    await notify(
      tx,
      sheet.contractorId,
      'timesheet_decided',
      { type: 'timesheet', id },
      {
        title: `Timesheet corrected: ${sheet.projectName}`.slice(0, 200),
        message:
          `An administrator corrected your approved time for the ${weekText(sheet)} from ${unitsText(sheet)} to ${unitsText({ ...sheet, totalUnits: (unitsAfter / 100).toFixed(2) })}: “${data.reason}”.`.slice(
            0,
            300,
          ),
        actionUrl: `/timesheets/${id}`,
        actorId: actor.id,
        at: now,
      },
    );
  });
  return getTimesheet(db, actor, id);
}

const weekText = (t: TimesheetRow) =>
  `week of ${new Date(`${t.weekStarting}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
const unitsText = (t: TimesheetRow) => {
  const n = hundredths(t.totalUnits) / 100;
  return `${n} ${t.unitType === 'day' ? (n === 1 ? 'day' : 'days') : n === 1 ? 'hour' : 'hours'}`;
};

/** Time stored on a day still to come (entered before that check existed) is neither submitted nor approved. */
async function refuseFutureTime(tx: Tx, sheetId: string, now: Date) {
  const [ahead] = await tx
    .select({ date: timesheetEntries.date })
    .from(timesheetEntries)
    .where(and(eq(timesheetEntries.timesheetId, sheetId), sql`${timesheetEntries.units} > 0`, sql`${timesheetEntries.date} > ${londonToday(now)}::date`))
    .limit(1);
  if (ahead) throw new AppError('conflict', M.futureTimeOnSheet);
}

/** The contractor submits a draft or rejected sheet with time on it: pending, and the client is told. */
export async function submitTimesheet(db: Db, actor: Actor, id: string, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, actor, id, 'submit');
    if (sheet.weekStarting > londonToday(now)) throw new AppError('conflict', M.futureWeek);
    if (hundredths(sheet.totalUnits) <= 0) throw new AppError('conflict', M.emptySheet);
    await refuseFutureTime(tx, id, now);
    await tx.update(timesheets).set({ status: 'pending', submittedAt: now, updatedAt: now }).where(eq(timesheets.id, id));
    const [who] = await tx
      .select({ name: nameOf(contractor) })
      .from(contractor)
      .where(eq(contractor.id, sheet.contractorId));
    await notify(
      tx,
      sheet.clientId,
      'timesheet_submitted',
      { type: 'timesheet', id },
      {
        title: `Timesheet to approve: ${sheet.projectName}`.slice(0, 200),
        message: `${who?.name ?? 'The contractor'} submitted ${unitsText(sheet)} for the ${weekText(sheet)}.`.slice(0, 300),
        actionUrl: `/timesheets/${id}`,
        actorId: actor.id,
        at: now,
      },
    );
  });
  return getTimesheet(db, actor, id);
}

/** The client (or an administrator) decides a pending sheet; the contractor is told. Audited. */
async function decide(db: Db, actor: Actor, id: string, decision: 'approve' | 'reject', comments: string | undefined, now: Date): Promise<TimesheetDetail> {
  await db.transaction(async (tx) => {
    // approval earns the referring partner commission: their lock first, as every commission change takes it
    if (decision === 'approve') await lockPartner(tx, partnerOfSheet(id));
    const sheet = await lockSheet(tx, actor, id, decision);
    if (decision === 'approve') await refuseFutureTime(tx, id, now);
    const status: TimesheetStatus = decision === 'approve' ? 'approved' : 'rejected';
    const note = comments?.trim() || null;
    await tx
      .update(timesheets)
      .set(
        decision === 'approve'
          ? { status, approvedBy: actor.id, approvedAt: now, approvalComments: note, updatedAt: now }
          : { status, approvedBy: null, approvedAt: null, approvalComments: note, updatedAt: now },
      )
      .where(eq(timesheets.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `timesheet.${decision}`,
      entityType: 'timesheet',
      entityId: id,
      before: { status: sheet.status },
      after: { status, totalUnits: sheet.totalUnits, comments: note },
      at: now,
    });
    if (decision === 'approve') await commissionForTime(tx, { sheetId: id, kind: 'time' }, now);
    await notify(
      tx,
      sheet.contractorId,
      'timesheet_decided',
      { type: 'timesheet', id },
      {
        title: `Timesheet ${status}: ${sheet.projectName}`.slice(0, 200),
        message: (decision === 'approve'
          ? `Your ${unitsText(sheet)} for the ${weekText(sheet)} were approved.${note ? ` “${note}”` : ''}`
          : `Your timesheet for the ${weekText(sheet)} was rejected: “${note}”. Correct it and submit it again.`
        ).slice(0, 300),
        actionUrl: `/timesheets/${id}`,
        priority: decision === 'reject' ? 'high' : 'normal',
        actorId: actor.id,
        at: now,
      },
    );
  });
  return getTimesheet(db, actor, id);
}

export const approveTimesheet = (db: Db, actor: Actor, id: string, comments: string | undefined, now: Date) => decide(db, actor, id, 'approve', comments, now);
export const rejectTimesheet = (db: Db, actor: Actor, id: string, comments: string, now: Date) => decide(db, actor, id, 'reject', comments, now);
