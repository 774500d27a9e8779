import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { CommissionStatus } from '../../common/constants/leads.ts';
import { marginalCommission } from '../../common/rules/commission-tiers.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { commissions, leads, users } from '../db/schema/index.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import { commissionAbilities } from '../policies/commissions.ts';
import type { Actor } from '../policies/roles.ts';
import { presentCommission } from '../presenters/commission.ts';
import { recordAudit } from './audit.ts';
import { notify } from './notify.ts';

type LeadRow = typeof leads.$inferSelect;

/** Commission months are calendar months in London, whatever the server's zone. */
export const COMMISSION_TZ = 'Europe/London';
const sameMonth = (at: Date) =>
  sql`date_trunc('month', ${commissions.createdAt} at time zone ${COMMISSION_TZ}) = date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${COMMISSION_TZ})`;

/**
 * Creates the pending commission of a lead that just became closed-won: the marginal amount it adds to the
 * partner's closed-won value this month. The caller holds a FOR UPDATE lock on the partner's user row, so two
 * admins closing leads of the same partner at once are serialised and both see the right earlier total.
 */
export async function createCommissionForWonLead(tx: Tx, lead: LeadRow, now: Date) {
  const [paid] = await tx
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(eq(commissions.leadId, lead.id), eq(commissions.status, 'paid')))
    .limit(1);
  if (paid) return null; // already paid out for this lead once; closing it again must not pay twice
  const [{ prior }] = await tx
    .select({ prior: sql<string>`coalesce(sum(${leads.estimatedValue}), 0)::text` })
    .from(commissions)
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .where(and(eq(commissions.partnerId, lead.submitterId), ne(commissions.status, 'cancelled'), sameMonth(now)));
  const { amountPence, rate } = marginalCommission(toPence(prior), toPence(lead.estimatedValue));
  const [created] = await tx
    .insert(commissions)
    .values({ leadId: lead.id, partnerId: lead.submitterId, amount: fromPence(amountPence), rate: rate.toFixed(4), status: 'pending', createdAt: now })
    .returning();
  await notify(
    tx,
    lead.submitterId,
    'commission_earned',
    { type: 'commission', id: created.id },
    {
      title: `Commission earned: ${pounds(amountPence)}`,
      message:
        `${lead.companyName} closed won: your commission of ${pounds(amountPence)} (${(rate * 100).toFixed(1).replace(/\.0$/, '')}%) is pending and will be paid with the next monthly payout.`.slice(
          0,
          300,
        ),
      actionUrl: '/commissions',
      priority: 'high',
      at: now,
    },
  );
  return created;
}

/** An amount of pence as a member reads it in a message: £1,234.50 (pence shown only when there are some). */
function pounds(pence: number): string {
  const whole = pence % 100 === 0;
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A lead that leaves closed-won loses its unpaid commission; a paid one stays paid. */
export async function cancelUnpaidCommission(tx: Tx, leadId: string) {
  await tx
    .update(commissions)
    .set({ status: 'cancelled' })
    .where(and(eq(commissions.leadId, leadId), eq(commissions.status, 'pending')));
}

const partnerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

export interface CommissionFilter extends PageQuery {
  status?: CommissionStatus;
  /** YYYY-MM, a London calendar month. */
  month?: string;
}

function filterConditions(scope: SQL, f: Omit<CommissionFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [scope];
  if (f.status) conditions.push(eq(commissions.status, f.status));
  if (f.month) conditions.push(sql`to_char(${commissions.createdAt} at time zone ${COMMISSION_TZ}, 'YYYY-MM') = ${f.month}`);
  return and(...conditions);
}

function commissionRows(db: Db, where: SQL | undefined) {
  return db
    .select({ c: commissions, partnerName, companyName: leads.companyName, industry: leads.industry, leadType: leads.leadType, estimatedValue: leads.estimatedValue })
    .from(commissions)
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .innerJoin(users, eq(users.id, commissions.partnerId))
    .where(where)
    .orderBy(desc(commissions.createdAt), desc(commissions.id));
}

/** One page of the commissions a scope selects (the actor's own, or all for payouts), newest first, with the total. */
export async function listCommissions(db: Db, actor: Actor, scope: SQL, f: CommissionFilter) {
  const where = filterConditions(scope, f);
  const [rows, [{ total }]] = await Promise.all([
    commissionRows(db, where).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ total: count() }).from(commissions).where(where),
  ]);
  return { items: rows.map((r) => presentCommission(actor, r)), total };
}

/** Every commission a filter selects, for the payout CSV (streamed by the caller in pages of a thousand). */
export async function* allCommissions(db: Db, actor: Actor, scope: SQL, f: Omit<CommissionFilter, 'page' | 'pageSize'>) {
  const where = filterConditions(scope, f);
  for (let offset = 0; ; offset += 1000) {
    const rows = await commissionRows(db, where).limit(1000).offset(offset);
    for (const r of rows) yield presentCommission(actor, r);
    if (rows.length < 1000) return;
  }
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
    if (!commissionAbilities(actor, current).markPaid) throw new AppError('forbidden', 'Only an administrator can pay commissions.');
    const [paid] = await tx.update(commissions).set({ status: 'paid', paidAt: now }).where(eq(commissions.id, id)).returning();
    const [lead] = await tx.select({ companyName: leads.companyName }).from(leads).where(eq(leads.id, paid.leadId));
    await notify(
      tx,
      paid.partnerId,
      'commission_paid',
      { type: 'commission', id },
      {
        title: `Commission paid: ${pounds(toPence(paid.amount))}`,
        message: `Your commission of ${pounds(toPence(paid.amount))} for ${lead?.companyName ?? 'your referral'} has been paid.`.slice(0, 300),
        actionUrl: '/commissions',
        actorId,
        at: now,
      },
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
    return paid;
  });
}

/** Quotes a CSV field so commas, quotes and formula prefixes cannot break the sheet or run in it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
