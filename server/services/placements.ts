import { and, count, eq, ne, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { PLACEMENT_LEAD_TYPES, TIMESHEET_MESSAGES as M, type PlacementUnit } from '../../common/constants/timesheets.ts';
import type { DomainEventData } from '../../common/events/index.ts';
import { AppError } from '../../common/errors.ts';
import type { Placement, PlacementCreateData, PlacementQuery, PlacementUpdateData } from '../../common/schemas/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { leads, placements, timesheets, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { placementPermission, placementScope } from '../policies/timesheets.ts';
import { presentPlacement } from '../presenters/timesheet.ts';
import { recordAudit } from './audit.ts';
import { lockPartner, supersedeEstimateCommission } from './commissions.ts';
import { recordEvent } from './domain-events.ts';
import { nameOf } from './timesheet-lists.ts';

/**
 * Placements: an administrator places a contractor with a client on a won interim or recruitment lead, at a
 * charge and a pay rate per hour or day, between two dates; its parties see it (each their own rate).
 */

type PlacementRow = typeof placements.$inferSelect;

const contractor = alias(users, 'contractor');
const client = alias(users, 'client');

/** Latest start first, then id: `placements_contractor_idx`, `placements_client_idx` and `placements_order_idx` hold this order (migration 0031). */
const PLACEMENT_ORDER: KeyOrder = [
  { expr: placements.startDate, desc: true },
  { expr: placements.id, desc: true },
];

const invalid = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });

function placementRows<Extra extends SelectedFields = Record<never, never>>(db: Db | Tx, extra = {} as Extra) {
  return db
    .select({
      p: placements,
      companyName: leads.companyName,
      leadType: leads.leadType,
      contractorName: nameOf(contractor),
      clientName: nameOf(client),
      ...extra,
    })
    .from(placements)
    .innerJoin(leads, eq(leads.id, placements.leadId))
    .innerJoin(contractor, eq(contractor.id, placements.contractorId))
    .innerJoin(client, eq(client.id, placements.clientId));
}

/** One page of the placements the viewer may see (administrators all; a member those they work on or for), latest start first. */
export async function listPlacements(db: Db, viewer: Actor, q: PlacementQuery) {
  const where = placementScope(viewer, q.role);
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(PLACEMENT_ORDER) })
        .from(placements)
        .where(where)
        .orderBy(...keysetOrderBy(PLACEMENT_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      PLACEMENT_ORDER,
      q,
      (plan) =>
        placementRows(db, keysetColumns(PLACEMENT_ORDER))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(placements).where(where),
  ]);
  return { items: page.rows.map((r) => presentPlacement(viewer, r)), total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

export async function getPlacement(db: Db | Tx, viewer: Actor, id: string): Promise<Placement> {
  const [row] = await placementRows(db).where(and(eq(placements.id, id), placementScope(viewer)));
  if (!row) throw new AppError('not_found', M.placementNotFound);
  return presentPlacement(viewer, row);
}

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

/** A placement's terms as its domain events carry them. */
const placementTerms = (p: PlacementRow): DomainEventData<'placement.created'> => ({ placementId: p.id, ...placementAudit(p), unit: p.unit as PlacementUnit });

/** An administrator places a contractor with a client on a closed-won interim or recruitment lead. Audited. */
export async function createPlacement(db: Db, actor: Actor, data: PlacementCreateData, now: Date): Promise<Placement> {
  authorize(placementPermission(actor, 'create'));
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
    await recordEvent(tx, 'placement.created', placementTerms(row), { entityId: row.id, actorId: actor.id, at: now });
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
  authorize(placementPermission(actor, 'edit'));
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
      // fires timesheet_status_totals_apply, which keeps timesheet_status_totals (no status changes here)
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
    await recordEvent(tx, 'placement.updated', { ...placementTerms(after), changed }, { entityId: id, actorId: actor.id, at: now });
  });
  return getPlacement(db, actor, id);
}
