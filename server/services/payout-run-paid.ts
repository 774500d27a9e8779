import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../common/errors.ts';
import { fromPence } from '../../common/rules/money.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobKind, JobQueue } from '../jobs/queue.ts';
import { commissions, notifications, payoutLineCommissions, payoutLines, payoutRuns, users } from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { Actor } from '../policies/roles.ts';
import { NO_TOTALS, runReference } from '../presenters/payouts.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { notifyMember } from './notify.ts';
import { rowsOf, runTotals } from './payout-claims.ts';
import { lockPayoutRun, releaseRunClaims } from './payout-runs.ts';
import { remittanceStatementPdf } from './payout-statement.ts';

/**
 * Marking an approved run paid, on the day the money left. Lines the bank or PayPal returned are failed: their
 * claims are released, so their commissions stay pending for the next run. Every other payable line is paid, and
 * its commissions with it (paid at the value date). Each paid partner is told in the app, and e-mailed their
 * remittance statement by the job `payout-run.statements`, sent in the same transaction (no lock is held while
 * mail goes out).
 */

/** The job that e-mails a paid run's statements: the run and the lines whose partners are owed the e-mail. */
export const PAYOUT_STATEMENTS_JOB = 'payout-run.statements';
export interface PayoutStatementsJob {
  runId: string;
  lineIds: string[];
}

export interface PaidDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}

interface PaidLine {
  id: string;
  partner_id: string;
  amount_pence: number;
  commission_count: number;
  reference: string;
}

/** The value date as an instant: noon in London, so the day reads the same in any zone a screen shows it in. */
const valueInstant = (day: string) => sql`(${day}::date + time '12:00')::timestamp at time zone 'Europe/London'`;

/** A paid partner owed the e-mail with their statement: their line, address and first name. */
interface StatementOwed {
  entity_id: string;
  email: string;
  first_name: string;
}

/**
 * Marks the run paid in one transaction, with the job that e-mails the statements owed (without `jobs`, as the
 * demo data does, none are e-mailed).
 */
export async function markPayoutRunPaid(
  db: Db,
  actor: Actor,
  id: string,
  input: { valueDate: string; failedLineIds?: string[] },
  now: Date,
  jobs?: Pick<JobQueue, 'send'>,
): Promise<void> {
  const failedIds = [...new Set(input.failedLineIds ?? [])];
  return db.transaction(async (tx) => {
    const run = await lockPayoutRun(tx, actor, id, 'markPaid');
    if (failedIds.length) {
      const found = await tx
        .select({ id: payoutLines.id })
        .from(payoutLines)
        .where(
          sql`${payoutLines.runId} = ${id} and ${payoutLines.state} = 'payable' and ${payoutLines.id} in (${sql.join(
            failedIds.map((f) => sql`${f}::uuid`),
            sql`, `,
          )})`,
        );
      const known = new Set(found.map((f) => f.id));
      const unknown = failedIds.findIndex((f) => !known.has(f));
      if (unknown >= 0) {
        throw new AppError('validation_failed', 'A failed payout is not a payable line of this run.', {
          issues: [{ path: `failedLineIds.${unknown}`, message: 'Line not found in this run.' }],
        });
      }
      const failed = await tx
        .update(payoutLines)
        .set({ state: 'failed', failedAt: now })
        .where(
          sql`${payoutLines.id} in (${sql.join(
            failedIds.map((f) => sql`${f}::uuid`),
            sql`, `,
          )})`,
        )
        .returning();
      for (const line of failed) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'payout_line.fail',
          entityType: 'payout_line',
          entityId: line.id,
          before: { state: 'payable' },
          after: { state: 'failed', amountPence: line.amountPence },
          at: now,
        });
      }
    }
    await releaseRunClaims(tx, id, now, true);
    // the commissions of every line still payable are paid with the run
    await tx.execute(sql`
      update ${commissions} set status = 'paid', paid_at = ${valueInstant(input.valueDate)}
      where status = 'pending' and id in (
        select p.commission_id from ${payoutLineCommissions} p join ${payoutLines} l on l.id = p.line_id
        where l.run_id = ${id} and l.state = 'payable' and p.released_at is null
      )`);
    const paid = rowsOf<PaidLine>(
      await tx.execute(sql`
        update ${payoutLines} set state = 'paid' where run_id = ${id} and state = 'payable'
        returning id, partner_id, amount_pence, commission_count, reference`),
    );
    await tx.update(payoutRuns).set({ status: 'paid', paidBy: actor.id, paidAt: now, valueDate: input.valueDate }).where(eq(payoutRuns.id, id));
    const totals = (await runTotals(tx, [id])).get(id) ?? NO_TOTALS;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout_run.mark_paid',
      entityType: 'payout_run',
      entityId: id,
      before: { status: 'approved' },
      after: { status: 'paid', valueDate: input.valueDate, totalPence: totals.totalPence, payableCount: totals.payableCount, failedCount: totals.failedCount },
      at: now,
    });
    await recordEvent(
      tx,
      'payout_run.paid',
      {
        runId: id,
        reference: runReference(run.number),
        valueDate: input.valueDate,
        total: fromPence(totals.totalPence),
        paidCount: paid.length,
        failedCount: totals.failedCount,
      },
      { entityId: id, actorId: actor.id, at: now },
    );
    for (const line of paid) {
      const amountPence = Number(line.amount_pence);
      await recordEvent(
        tx,
        'payout.paid',
        {
          lineId: line.id,
          runId: id,
          partnerId: line.partner_id,
          reference: line.reference,
          amount: fromPence(amountPence),
          commissionCount: Number(line.commission_count),
          valueDate: input.valueDate,
        },
        { entityId: line.id, actorId: actor.id, at: now },
      );
      // every paid partner is told, the administrator who marked it too: it is the organisation paying them
      await notifyMember(
        tx,
        line.partner_id,
        'payout_paid',
        { amountPence, reference: line.reference, valueDate: input.valueDate, commissionCount: Number(line.commission_count) },
        { entity: { type: 'payout_line', id: line.id }, at: now },
      );
    }
    if (!paid.length) return;
    // the statement goes with the job's e-mail: the notification sender must not send a bare one first
    const owed = rowsOf<{ entity_id: string }>(
      await tx.execute(sql`
        with owed as (
          select n.id, n.entity_id from ${notifications} n
          where n.type = 'payout_paid' and n.email_pending is not null
            and n.entity_id in (select id::text from ${payoutLines} where run_id = ${id} and state = 'paid')
        )
        update ${notifications} n set email_pending = null from owed where n.id = owed.id returning owed.entity_id`),
    );
    if (owed.length) await jobs?.send(PAYOUT_STATEMENTS_JOB, { runId: id, lineIds: owed.map((o) => o.entity_id) } satisfies PayoutStatementsJob, { tx });
  });
}

/**
 * Sends each owed partner of a paid run their remittance statement, one after another. Each e-mail is claimed first
 * by stamping its notification as e-mailed, so a job run again (after a stopped process) sends no statement twice;
 * an account closed meanwhile gets none.
 */
export async function sendPayoutStatements(deps: PaidDeps, job: PayoutStatementsJob): Promise<void> {
  for (const lineId of job.lineIds) {
    const [owed] = rowsOf<StatementOwed>(
      await deps.db.execute(sql`
        with claimed as (
          update ${notifications} n set emailed_at = ${deps.now().toISOString()}::timestamptz
          where n.type = 'payout_paid' and n.entity_id = ${lineId} and n.email_pending is null and n.emailed_at is null
            and n.entity_id in (select id::text from ${payoutLines} where run_id = ${job.runId} and state = 'paid')
          returning n.user_id, n.entity_id
        )
        select claimed.entity_id, u.email, u.first_name from claimed join ${users} u on u.id = claimed.user_id
        where u.is_active and u.anonymised_at is null and u.removed_at is null`),
    );
    if (owed) await sendStatement(deps, owed);
  }
}

/** The statements' job: a failed e-mail is logged and not tried again (the payment stands, the statement is online). */
export function payoutStatementJobs(deps: PaidDeps): JobKind[] {
  const statements: JobKind<PayoutStatementsJob> = {
    name: PAYOUT_STATEMENTS_JOB,
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 1800,
    handler: (data) => sendPayoutStatements(deps, data),
  };
  return [statements as unknown as JobKind];
}

/** The paid partner's e-mail with their remittance statement; a failure is logged, the payment stands. */
async function sendStatement(deps: PaidDeps, o: StatementOwed) {
  try {
    const [line] = await deps.db
      .select({ reference: payoutLines.reference, amountPence: payoutLines.amountPence })
      .from(payoutLines)
      .where(eq(payoutLines.id, o.entity_id));
    const { filename, pdf } = await remittanceStatementPdf(deps.db, deps.config, o.entity_id);
    const site = deps.config.publicUrl ? `${deps.config.publicUrl}/commissions?tab=payouts` : `${deps.config.brandName}: Commission Tracker → Payouts`;
    await deps.mailer.send({
      to: o.email,
      subject: `Your payout ${line.reference}: £${fromPence(line.amountPence)}`,
      text: `Dear ${o.first_name},\n\nYour payout of £${fromPence(line.amountPence)} (reference ${line.reference}) has been sent. Your remittance statement is attached.\n\nYour payouts and statements: ${site}\n\nThe ${deps.config.brandName} team`,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    deps.log.error({ err, lineId: o.entity_id }, 'remittance statement e-mail could not be sent');
  }
}
