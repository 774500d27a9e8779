import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { PAYOUT_DETAILS_HOLD_DAYS } from '../../common/schemas/payouts.ts';
import { fromPence } from '../../common/rules/money.ts';
import { londonToday } from '../../common/rules/timesheets.ts';
import type { Db, Tx } from '../db/client.ts';
import { commissions, payoutDetails, payoutLineCommissions, payoutLines, payoutRuns, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { PAYOUT_MESSAGES, payoutAdminPermission, payoutRunPermission, type PayoutRunAction } from '../policies/payouts.ts';
import type { Actor } from '../policies/roles.ts';
import { NO_TOTALS, runReference } from '../presenters/payouts.ts';
import { recordAudit } from './audit.ts';
import { londonMonth } from './commissions.ts';
import { recordEvent } from './domain-events.ts';
import { minimumPayoutPence, recomputeLines, runTotals } from './payout-claims.ts';
import { actorPaidInRun } from './payout-run-queries.ts';

/**
 * Drafting, approving and cancelling payout runs. A draft gathers every pending commission earned up to the
 * period end that no other open run claims, one line per partner: payable, carried over below the minimum, or
 * held (no payout details, or details replaced within the last seven days). Only payable lines claim their
 * commissions. Approval (by a second administrator) checks the lines again and freezes them with the partner's
 * payout details as they are; cancelling a draft releases its claims. Nothing is deleted.
 */

/** Drafts queue on this advisory lock, so two drafted at once never count the same commission (the partial unique index backs it). */
const DRAFT_LOCK = sql`hashtext('payout_runs.draft')`;

/** The end of the London month before the one `now` is in, as YYYY-MM-DD. */
export function lastMonthEnd(now: Date): string {
  const [y, m] = londonMonth(now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

/** Commissions earned up to the period end: created before the next London midnight. */
const earnedBy = (periodEnd: string) => sql`(${periodEnd}::date + 1)::timestamp at time zone 'Europe/London'`;

const unclaimed = sql`not exists (select 1 from ${payoutLineCommissions} p where p.commission_id = c.id and p.released_at is null)`;

/** A partner held for changed details: replaced them within the hold period before `now`. */
const changedSince = (now: Date) => new Date(now.getTime() - PAYOUT_DETAILS_HOLD_DAYS * 86_400_000).toISOString();

/**
 * The line each partner would get in a run drafted now to the period end: every pending commission earned by then
 * that no open run claims, summed; payable, carried over below the minimum, or held (no details, or details
 * replaced within the hold period). The draft writes these lines; the analytics' next-run figure sums them, without
 * the partners' names (`named: false`), which it does not show.
 */
export function payoutLineDecisions(periodEnd: string, minimumPence: number, now: Date, { named = true } = {}): SQL {
  const cutoff = earnedBy(periodEnd);
  return sql`
      with owed as (
        select c.partner_id, sum(round(c.amount * 100))::bigint as pence, count(*)::int as n
        from ${commissions} c
        where c.status = 'pending' and c.created_at < ${cutoff} and ${unclaimed}
        group by c.partner_id
      )
      select o.partner_id, o.pence, o.n, ${named ? sql`u.first_name || ' ' || u.last_name` : sql`null`} as name,
        case when o.pence < ${minimumPence} then 'carried_over'
             when d.user_id is null or d.changed_at > ${changedSince(now)}::timestamptz then 'held'
             else 'payable' end as state,
        case when o.pence < ${minimumPence} then null
             when d.user_id is null then 'no_details'
             when d.changed_at > ${changedSince(now)}::timestamptz then 'details_changed' end as hold_reason
      from owed o ${named ? sql`join ${users} u on u.id = o.partner_id` : sql``} left join ${payoutDetails} d on d.user_id = o.partner_id`;
}

export async function draftPayoutRun(db: Db, actor: Actor, input: { periodEnd?: string }, now: Date): Promise<string> {
  authorize(payoutAdminPermission(actor));
  const periodEnd = input.periodEnd ?? lastMonthEnd(now);
  if (periodEnd > londonToday(now)) {
    throw new AppError('validation_failed', 'The period end cannot be in the future.', { issues: [{ path: 'periodEnd', message: 'Choose today or an earlier day' }] });
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DRAFT_LOCK})`);
    const minimumPence = await minimumPayoutPence(tx);
    const [run] = await tx.insert(payoutRuns).values({ periodEnd, minimumPence, createdBy: actor.id, createdAt: now, status: 'draft' }).returning();
    const reference = runReference(run.number);
    const cutoff = earnedBy(periodEnd);
    await tx.execute(sql`
      with decided as (${payoutLineDecisions(periodEnd, minimumPence, now)})
      insert into ${payoutLines} (run_id, partner_id, state, hold_reason, amount_pence, commission_count, reference)
      select ${run.id}::uuid, partner_id, state, hold_reason, pence, n,
        ${reference} || '-' || lpad((row_number() over (order by name, partner_id))::text, 4, '0')
      from decided`);
    await tx.execute(sql`
      insert into ${payoutLineCommissions} (line_id, commission_id, amount_pence)
      select l.id, c.id, round(c.amount * 100)::int
      from ${payoutLines} l join ${commissions} c on c.partner_id = l.partner_id
      where l.run_id = ${run.id} and l.state = 'payable' and c.status = 'pending' and c.created_at < ${cutoff} and ${unclaimed}`);
    // a line is what it claims: a commission that changed between the two statements is counted as claimed
    await recomputeLines(tx, sql`select id from ${payoutLines} where run_id = ${run.id} and state = 'payable'`);
    const totals = (await runTotals(tx, [run.id])).get(run.id) ?? NO_TOTALS;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_run.draft',
      entityType: 'payout_run',
      entityId: run.id,
      after: { periodEnd, minimumPence, totalPence: totals.totalPence, payableCount: totals.payableCount },
      at: now,
    });
    return run.id;
  });
}

/** Locks a run's row and asks the policy whether the actor may act on it now. */
async function lockRun(tx: Tx, actor: Actor, id: string, action: PayoutRunAction) {
  authorize(payoutAdminPermission(actor));
  const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, id)).for('update');
  if (!run) throw new AppError('not_found', PAYOUT_MESSAGES.notFound);
  const paid = action === 'approve' ? await actorPaidInRun(tx, actor.id, id) : false;
  authorize(payoutRunPermission(actor, action, { status: run.status, createdBy: run.createdBy, actorPaidInRun: paid }));
  return run;
}

/** Releases the claims of a run's lines that are not payable (or of every line): those commissions are free for another run. */
async function releaseClaims(tx: Tx, runId: string, now: Date, onlyUnpayable: boolean) {
  await tx.execute(sql`
    update ${payoutLineCommissions} set released_at = ${now.toISOString()}::timestamptz
    where released_at is null and line_id in (
      select id from ${payoutLines} where run_id = ${runId} ${onlyUnpayable ? sql`and state <> 'payable'` : sql``}
    )`);
}

export const PAYS_NOBODY = 'This run pays nobody: every partner in it is held or carried over. Cancel it, and draft again once they can be paid.';

/**
 * A second administrator approves a draft: lines now below the run's minimum are carried over and partners without
 * details, or who replaced them within the hold, are held (their claims released); each payable line keeps the
 * partner's payout details as they are now, sealed and masked, for the files and the statement.
 */
export async function approvePayoutRun(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, actor, id, 'approve');
    const since = changedSince(now);
    const noDetails = sql`not exists (select 1 from ${payoutDetails} d where d.user_id = ${payoutLines.partnerId})`;
    const changed = sql`exists (select 1 from ${payoutDetails} d where d.user_id = ${payoutLines.partnerId} and d.changed_at > ${since}::timestamptz)`;
    await tx.execute(sql`
      update ${payoutLines} set
        state = case when amount_pence < ${run.minimumPence} then 'carried_over' else 'held' end,
        hold_reason = case when amount_pence < ${run.minimumPence} then null when ${noDetails} then 'no_details' else 'details_changed' end
      where run_id = ${id} and state = 'payable' and (amount_pence < ${run.minimumPence} or ${noDetails} or ${changed})`);
    await releaseClaims(tx, id, now, true);
    await tx.execute(sql`
      update ${payoutLines} l set method = d.method, sealed_details = d.sealed, masked_details = d.masked
      from ${payoutDetails} d where d.user_id = l.partner_id and l.run_id = ${id} and l.state = 'payable'`);
    await tx.update(payoutRuns).set({ status: 'approved', approvedBy: actor.id, approvedAt: now }).where(eq(payoutRuns.id, id));
    const totals = (await runTotals(tx, [id])).get(id) ?? NO_TOTALS;
    // a run that pays nobody has nothing to approve (the transaction leaves it a draft)
    if (!totals.payableCount) throw new AppError('conflict', PAYS_NOBODY);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_run.approve',
      entityType: 'payout_run',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved', totalPence: totals.totalPence, payableCount: totals.payableCount },
      at: now,
    });
    await recordEvent(
      tx,
      'payout_run.approved',
      { runId: id, reference: runReference(run.number), periodEnd: run.periodEnd, total: fromPence(totals.totalPence), payableCount: totals.payableCount },
      { entityId: id, actorId: actor.id, at: now },
    );
  });
}

/** Cancels a draft: every claim released, the run and its lines kept as they were. */
export async function cancelPayoutRun(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRun(tx, actor, id, 'cancel');
    await releaseClaims(tx, id, now, false);
    await tx.update(payoutRuns).set({ status: 'cancelled', cancelledBy: actor.id, cancelledAt: now }).where(eq(payoutRuns.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_run.cancel',
      entityType: 'payout_run',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled' },
      at: now,
    });
  });
}

export { lockRun as lockPayoutRun, releaseClaims as releaseRunClaims };
