import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { DEFAULT_MINIMUM_PAYOUT_PENCE, type payoutSettingsSchema } from '../../common/schemas/payouts.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { appSettings, commissions, payoutDetails, payoutLineCommissions, payoutLines, payoutRuns } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { runReference, type RunTotals } from '../presenters/payouts.ts';
import { payoutAdminPermission } from '../policies/payouts.ts';
import type { Actor } from '../policies/roles.ts';
import { recordAudit } from './audit.ts';

/**
 * What the payout services share: run and line references, the minimum payout setting, and keeping a draft's lines
 * equal to their still-pending commissions when a commission leaves the draft.
 */

/** The rows of a raw statement, whichever driver ran it (PGlite or node-postgres). */
export const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/** The app setting holding the minimum payout, in pence. */
export const MINIMUM_PAYOUT_KEY = 'payout.minimum_pence';

/** The minimum payout in pence: the saved setting, or £50 while none was saved. */
export async function minimumPayoutPence(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MINIMUM_PAYOUT_KEY));
  return typeof row?.value === 'number' ? row.value : DEFAULT_MINIMUM_PAYOUT_PENCE;
}

export async function getPayoutSettings(db: Db, actor: Actor): Promise<PayoutSettings> {
  authorize(payoutAdminPermission(actor));
  return { minimumPayout: fromPence(await minimumPayoutPence(db)) };
}

/** Saves the minimum payout (runs drafted from now on use it; a drafted run keeps its own), audited before and after. */
export async function setPayoutSettings(db: Db, actor: Actor, next: PayoutSettings, now: Date): Promise<PayoutSettings> {
  authorize(payoutAdminPermission(actor));
  const pence = toPence(next.minimumPayout);
  if (pence < 0)
    throw new AppError('validation_failed', 'The minimum payout cannot be negative.', { issues: [{ path: 'minimumPayout', message: 'Enter £0.00 or more' }] });
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MINIMUM_PAYOUT_KEY)).for('update');
    const was = typeof before?.value === 'number' ? before.value : DEFAULT_MINIMUM_PAYOUT_PENCE;
    if (was === pence) return;
    await tx
      .insert(appSettings)
      .values({ key: MINIMUM_PAYOUT_KEY, value: pence, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: pence, updatedBy: actor.id, updatedAt: now } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_settings.update',
      entityType: 'app_setting',
      entityId: MINIMUM_PAYOUT_KEY,
      before: { minimumPence: was },
      after: { minimumPence: pence },
      at: now,
    });
  });
  return { minimumPayout: fromPence(pence) };
}

/** Sets each of these lines' amount and count to the sum of its open claims: a line always equals what it claims. */
export async function recomputeLines(tx: Tx, lineIds: SQL): Promise<void> {
  await tx.execute(sql`
    update ${payoutLines} set
      amount_pence = (select coalesce(sum(p.amount_pence), 0)::int from ${payoutLineCommissions} p where p.line_id = ${payoutLines.id} and p.released_at is null),
      commission_count = (select count(*)::int from ${payoutLineCommissions} p where p.line_id = ${payoutLines.id} and p.released_at is null)
    where ${payoutLines.id} in (${lineIds})`);
}

/**
 * A commission that stopped being pending (cancelled, superseded by time, or paid on its own) while a draft run
 * claimed it leaves the draft: its claim is released and its line summed again, so the draft's lines, and the run's
 * totals summed from them, always equal the commissions it will pay. Called in the transaction that changed the
 * commission, with the condition selecting it; approved and paid runs are frozen and never touched here.
 */
export async function releaseFromDrafts(tx: Tx, which: SQL, now?: Date): Promise<void> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const released = rowsOf<{ line_id: string }>(
    await tx.execute(sql`
      update ${payoutLineCommissions} set released_at = ${at}
      where ${payoutLineCommissions.releasedAt} is null
        and ${payoutLineCommissions.commissionId} in (select ${commissions.id} from ${commissions} where ${which} and ${commissions.status} <> 'pending')
        and ${payoutLineCommissions.lineId} in (
          select l.id from ${payoutLines} l join ${payoutRuns} r on r.id = l.run_id where r.status = 'draft'
        )
      returning ${payoutLineCommissions.lineId} as line_id`),
  );
  if (!released.length) return;
  const ids = [...new Set(released.map((r) => r.line_id))];
  await recomputeLines(
    tx,
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    ),
  );
}

/**
 * The commissions no approved run holds. Approval freezes what a run pays, as payment itself would: a commission an
 * approved run holds is no longer cancelled when its lead leaves closed-won or gets a placement; it is paid with the
 * run, like a commission already paid (an advance against time, or a matter for the organisation and the partner).
 */
export const notFrozen = sql`not exists (
  select 1 from ${payoutLineCommissions} p join ${payoutLines} l on l.id = p.line_id join ${payoutRuns} r on r.id = l.run_id
  where p.commission_id = ${commissions.id} and p.released_at is null and r.status = 'approved')`;

/** The open claim on a commission in a run that is no longer a draft, if any: such a commission is paid with its run. */
export async function frozenClaimOf(tx: Tx, commissionId: string): Promise<{ reference: string; status: string } | null> {
  const [row] = rowsOf<{ number: number; status: string }>(
    await tx.execute(sql`
      select r.number, r.status from ${payoutLineCommissions} p
      join ${payoutLines} l on l.id = p.line_id join ${payoutRuns} r on r.id = l.run_id
      where p.commission_id = ${commissionId} and p.released_at is null and r.status <> 'draft'
      limit 1`),
  );
  return row ? { reference: runReference(Number(row.number)), status: row.status } : null;
}

/** The sums of each of these runs' lines, in pence (one grouped statement). */
export async function runTotals(db: Db | Tx, runIds: string[]): Promise<Map<string, RunTotals>> {
  if (!runIds.length) return new Map();
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select l.run_id,
        coalesce(sum(l.amount_pence) filter (where l.state in ('payable', 'paid')), 0) as total,
        coalesce(sum(l.amount_pence) filter (where l.state in ('payable', 'paid') and coalesce(l.method, d.method) = 'bank'), 0) as bank,
        coalesce(sum(l.amount_pence) filter (where l.state in ('payable', 'paid') and coalesce(l.method, d.method) = 'paypal'), 0) as paypal,
        count(*) filter (where l.state in ('payable', 'paid') and coalesce(l.method, d.method) = 'paypal') as paypal_count,
        count(*) filter (where l.state in ('payable', 'paid')) as payable_count,
        count(*) filter (where l.state = 'held') as held_count,
        coalesce(sum(l.amount_pence) filter (where l.state = 'held'), 0) as held,
        count(*) filter (where l.state = 'carried_over') as carried_count,
        coalesce(sum(l.amount_pence) filter (where l.state = 'carried_over'), 0) as carried,
        count(*) filter (where l.state = 'failed') as failed_count
      from ${payoutLines} l left join ${payoutDetails} d on d.user_id = l.partner_id
      where l.run_id in (${sql.join(
        runIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by l.run_id`),
  );
  return new Map(
    rows.map((r) => [
      String(r.run_id),
      {
        totalPence: Number(r.total),
        bankPence: Number(r.bank),
        paypalPence: Number(r.paypal),
        paypalCount: Number(r.paypal_count),
        payableCount: Number(r.payable_count),
        heldCount: Number(r.held_count),
        heldPence: Number(r.held),
        carriedOverCount: Number(r.carried_count),
        carriedOverPence: Number(r.carried),
        failedCount: Number(r.failed_count),
      },
    ]),
  );
}
