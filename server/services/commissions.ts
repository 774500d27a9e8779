import { and, inArray, count, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { CommissionStatus } from '../../common/constants/leads.ts';
import { marginalCommission } from '../../common/rules/commission-tiers.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { commissions, leads, placements, timesheets, users } from '../db/schema/index.ts';
import type { CommissionOrder } from '../../common/schemas/commission.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { commissionAbilities, OWN_COMMISSION_MESSAGE } from '../policies/commissions.ts';
import type { Actor } from '../policies/roles.ts';
import { presentCommission } from '../presenters/commission.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMember } from './notify.ts';
import { commissionFacts, monthBasis } from './commission-for-time.ts';
import { frozenClaimOf, notFrozen, releaseFromDrafts } from './payout-claims.ts';

export { commissionForTime, grossProfitPence, monthOfDay, type TimeCommissionInput } from './commission-for-time.ts';

type LeadRow = typeof leads.$inferSelect;

/** Commission months are calendar months in London, whatever the server's zone. */
export const COMMISSION_TZ = 'Europe/London';
/** The first day of the London calendar month of an instant, as YYYY-MM-DD: the month whose tiers it falls in. */
export function londonMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: COMMISSION_TZ, year: 'numeric', month: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-01`;
}

/**
 * Locks a partner's user row. Every computation of a partner's monthly commission holds it, taken before any other
 * lock of the transaction, so two of them (two leads closing, two sheets approved) queue and the second sees the
 * first one's commission in the month's basis. FOR NO KEY UPDATE: it queues commission work, but not the inserts
 * elsewhere that merely refer to the partner (a notification, an audit row), so those cannot deadlock against it.
 */
export async function lockPartner(tx: Tx, partnerId: SQL | string) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(typeof partnerId === 'string' ? eq(users.id, partnerId) : sql`${users.id} = (${partnerId})`)
    .for('no key update');
}

/**
 * Creates the pending commission of a lead that just became closed-won: the marginal amount it adds to the
 * partner's closed-won value this month. The caller holds a FOR UPDATE lock on the partner's user row, so two
 * admins closing leads of the same partner at once are serialised and both see the right earlier total.
 */
export async function createCommissionForWonLead(tx: Tx, lead: LeadRow, now: Date) {
  const [earlier] = await tx
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(eq(commissions.leadId, lead.id), eq(commissions.kind, 'closed_won'), inArray(commissions.status, ['paid', 'pending'])))
    .limit(1);
  // already paid out for this lead once, or held by an approved payout run (which kept it pending when the lead left
  // closed-won): closing it again must not pay twice
  if (earlier) return null;
  const [placed] = await tx.select({ id: placements.id }).from(placements).where(eq(placements.leadId, lead.id)).limit(1);
  if (placed) return null; // a lead with a placement earns from its approved time, not from its estimate
  const month = londonMonth(now);
  const prior = await monthBasis(tx, lead.submitterId, month);
  const { amountPence, rate } = marginalCommission(prior, toPence(lead.estimatedValue));
  const [created] = await tx
    .insert(commissions)
    .values({
      leadId: lead.id,
      partnerId: lead.submitterId,
      amount: fromPence(amountPence),
      rate: rate.toFixed(4),
      status: 'pending',
      kind: 'closed_won',
      basis: lead.estimatedValue,
      month,
      createdAt: now,
    })
    .returning();
  await notifyMember(
    tx,
    lead.submitterId,
    'commission_earned',
    { source: 'won_lead', companyName: lead.companyName, amountPence, rate },
    { entity: { type: 'commission', id: created.id }, at: now },
  );
  await recordEvent(tx, 'commission.created', commissionFacts(created), { entityId: created.id, at: now });
  return created;
}

/**
 * A lead that leaves closed-won loses the unpaid commission on its estimate; a paid one stays paid. Commission on
 * approved time stays: the work was done and billed whatever became of the deal.
 */
export async function cancelUnpaidCommission(tx: Tx, leadId: string) {
  await tx
    .update(commissions)
    .set({ status: 'cancelled' })
    .where(and(eq(commissions.leadId, leadId), eq(commissions.kind, 'closed_won'), eq(commissions.status, 'pending'), notFrozen));
  // a draft payout run that claimed it no longer pays it
  await releaseFromDrafts(tx, eq(commissions.leadId, leadId));
}

/**
 * A lead's first placement: its pending commission on the estimate gives way to commission on approved time
 * (cancelled, marked superseded, and out of its month's basis). A paid one stays as an advance against the time.
 * The caller holds the partner's lock.
 */
export async function supersedeEstimateCommission(tx: Tx, leadId: string, now: Date) {
  await tx
    .update(commissions)
    .set({ status: 'cancelled', supersededAt: now })
    .where(and(eq(commissions.leadId, leadId), eq(commissions.kind, 'closed_won'), eq(commissions.status, 'pending'), notFrozen));
  await releaseFromDrafts(tx, eq(commissions.leadId, leadId), now);
}

export const partnerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** What a commission is shown with (on screen and in the CSV): its row, the partner's name, its lead and week of time. */
export const commissionColumns = {
  c: commissions,
  partnerName,
  companyName: leads.companyName,
  industry: leads.industry,
  leadType: leads.leadType,
  estimatedValue: leads.estimatedValue,
  weekStarting: timesheets.weekStarting,
};

export interface CommissionFilter extends PageQuery {
  status?: CommissionStatus;
  /** YYYY-MM, a London calendar month. */
  month?: string;
}

/** The conditions of a commission filter within a scope (also the payout CSV's, `commission-export.ts`). */
export function filterConditions(scope: SQL, f: Omit<CommissionFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [scope];
  if (f.status) conditions.push(eq(commissions.status, f.status));
  if (f.month) conditions.push(eq(commissions.month, `${f.month}-01`));
  return and(...conditions);
}

/**
 * The orders of a commission list, by (created, id): newest first, or oldest first. The indexes on (created, id),
 * (partner, created, id), (status, created, id) and (month, created, id) hold them for each scope and filter.
 */
const COMMISSION_ORDER: Record<CommissionOrder, KeyOrder> = {
  newest: [
    { expr: commissions.createdAt, desc: true },
    { expr: commissions.id, desc: true },
  ],
  oldest: [{ expr: commissions.createdAt }, { expr: commissions.id }],
};

/**
 * One page of the commissions a scope selects (the actor's own, or all for payouts), newest first unless asked
 * otherwise, with the total and the cursors either side.
 */
export async function listCommissions(db: Db, actor: Actor, scope: SQL, f: CommissionFilter & { order?: CommissionOrder }) {
  const where = filterConditions(scope, f);
  const order = COMMISSION_ORDER[f.order ?? 'newest'];
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(order) })
        .from(commissions)
        .where(where)
        .orderBy(...keysetOrderBy(order, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      order,
      f,
      (plan) =>
        db
          .select({
            ...commissionColumns,
            ...keysetColumns(order),
          })
          .from(commissions)
          .innerJoin(leads, eq(leads.id, commissions.leadId))
          .innerJoin(users, eq(users.id, commissions.partnerId))
          .leftJoin(timesheets, eq(timesheets.id, commissions.timesheetId))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(commissions).where(where),
  ]);
  return { items: page.rows.map((r) => presentCommission(actor, r)), total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** What is owed: the count and sum of every pending commission in the scope, whatever month it belongs to. */
export async function owedCommissions(db: Db, scope: SQL) {
  const [row] = await db
    .select({ count: count(), pence: sql<string>`coalesce(sum(round(${commissions.amount} * 100)), 0)` })
    .from(commissions)
    .where(and(scope, eq(commissions.status, 'pending')));
  return { count: row?.count ?? 0, amount: fromPence(Number(row?.pence ?? 0)) };
}

/** An admin marks a pending commission paid (monthly payout), audited. */
export async function markCommissionPaid(db: Db, actor: Actor, scope: SQL, id: string, now: Date) {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.id, id), scope))
      .for('update');
    if (!current) throw new AppError('not_found', 'Commission not found.');
    if (current.status !== 'pending') throw new AppError('conflict', `This commission is ${current.status}; only pending commissions can be paid.`);
    if (!commissionAbilities(actor, current).markPaid) {
      throw new AppError('forbidden', current.partnerId === actor.id ? OWN_COMMISSION_MESSAGE : 'Only an administrator can pay commissions.');
    }
    // an approved payout run pays it; paid on its own here it would be paid twice
    const frozen = await frozenClaimOf(tx, id);
    if (frozen) throw new AppError('conflict', `This commission is in payout run ${frozen.reference} (${frozen.status}); it is paid with that run.`);
    const [paid] = await tx.update(commissions).set({ status: 'paid', paidAt: now }).where(eq(commissions.id, id)).returning();
    await releaseFromDrafts(tx, eq(commissions.id, id), now);
    const [lead] = await tx.select({ companyName: leads.companyName }).from(leads).where(eq(leads.id, paid.leadId));
    await notifyMember(
      tx,
      paid.partnerId,
      'commission_paid',
      { amountPence: toPence(paid.amount), companyName: lead?.companyName ?? null },
      { entity: { type: 'commission', id }, actorId, at: now },
    );
    await recordAudit(tx, {
      actorId,
      action: 'commission.pay',
      entityType: 'commission',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'paid', paidAt: now.toISOString(), amount: paid.amount },
      at: now,
    });
    await recordEvent(
      tx,
      'commission.paid',
      { commissionId: id, partnerId: paid.partnerId, leadId: paid.leadId, amount: paid.amount, paidAt: now.toISOString() },
      { entityId: id, actorId, at: now },
    );
    return paid;
  });
}
