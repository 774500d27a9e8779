import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../common/errors.ts';
import type { PayoutLineState } from '../../common/schemas/payouts.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { payoutDetails, payoutLines, payoutRuns, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { authorize } from '../policies/authorize.ts';
import { issuedPayoutSql, PAYOUT_MESSAGES, payoutAdminPermission } from '../policies/payouts.ts';
import type { Actor } from '../policies/roles.ts';
import { NO_TOTALS, presentLine, presentPartnerPayout, presentRun } from '../presenters/payouts.ts';
import { runTotals } from './payout-claims.ts';

/**
 * Reading payout runs: the administrators' list (newest first, a keyset page), one run, a run's lines of one
 * state (by partner name), and a partner's own payouts. Every total is an SQL sum over the run's lines, so a run's
 * totals are the sum of its lines by construction; a draft's lines show the partner's current payout method and
 * mask, an approved run's the ones it froze.
 */

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const runColumns = {
  run: payoutRuns,
  createdByName: sql<string>`${creator.firstName} || ' ' || ${creator.lastName}`,
  approvedByName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
};

/** The runs among these in which the actor has a payable line (so may not approve them). */
async function runsPaying(db: Db | Tx, actorId: string, runIds: string[]): Promise<Set<string>> {
  if (!runIds.length) return new Set();
  const rows = await db
    .select({ runId: payoutLines.runId })
    .from(payoutLines)
    .where(and(eq(payoutLines.partnerId, actorId), eq(payoutLines.state, 'payable'), inArray(payoutLines.runId, runIds)));
  return new Set(rows.map((r) => r.runId));
}

/** Whether the actor has a payable line in the run (the four-eyes rule of approval). */
export async function actorPaidInRun(db: Db | Tx, actorId: string, runId: string): Promise<boolean> {
  return (await runsPaying(db, actorId, [runId])).has(runId);
}

async function presentRuns(db: Db | Tx, actor: Actor, rows: Array<{ run: typeof payoutRuns.$inferSelect; createdByName: string; approvedByName: string | null }>) {
  const ids = rows.map((r) => r.run.id);
  const [totals, paying] = await Promise.all([runTotals(db, ids), runsPaying(db, actor.id, ids)]);
  return rows.map((r) =>
    presentRun(actor, { ...r.run, createdByName: r.createdByName, approvedByName: r.approvedByName }, totals.get(r.run.id) ?? NO_TOTALS, paying.has(r.run.id)),
  );
}

/** Runs newest first; `payout_runs_created_id_idx` holds the order. */
const RUN_ORDER: KeyOrder = [
  { expr: payoutRuns.createdAt, desc: true },
  { expr: payoutRuns.id, desc: true },
];

export async function listPayoutRuns(db: Db, actor: Actor, q: PageQuery) {
  authorize(payoutAdminPermission(actor));
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(RUN_ORDER) })
        .from(payoutRuns)
        .orderBy(...keysetOrderBy(RUN_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      RUN_ORDER,
      q,
      (plan) =>
        db
          .select({ ...runColumns, ...keysetColumns(RUN_ORDER) })
          .from(payoutRuns)
          .innerJoin(creator, eq(creator.id, payoutRuns.createdBy))
          .leftJoin(approver, eq(approver.id, payoutRuns.approvedBy))
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(payoutRuns),
  ]);
  return { items: await presentRuns(db, actor, page.rows), total, page: page.page, pageSize: q.pageSize, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** One run with its totals; outside what the actor may see (or no such run): 404. */
export async function getPayoutRun(db: Db | Tx, actor: Actor, id: string) {
  authorize(payoutAdminPermission(actor));
  const rows = await db
    .select(runColumns)
    .from(payoutRuns)
    .innerJoin(creator, eq(creator.id, payoutRuns.createdBy))
    .leftJoin(approver, eq(approver.id, payoutRuns.approvedBy))
    .where(eq(payoutRuns.id, id));
  if (!rows.length) throw new AppError('not_found', PAYOUT_MESSAGES.notFound);
  return (await presentRuns(db, actor, rows))[0];
}

const partnerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
/** A run's lines by partner name (then id, so the key is unique). */
const LINE_ORDER: KeyOrder = [{ expr: partnerName, type: 'text' }, { expr: payoutLines.id }];

/** One state's lines of a run, a keyset page by partner name, with the masked details (frozen once approved). */
export async function listPayoutLines(db: Db, actor: Actor, runId: string, q: PageQuery & { state: PayoutLineState }) {
  authorize(payoutAdminPermission(actor));
  const [run] = await db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw new AppError('not_found', PAYOUT_MESSAGES.notFound);
  const where = and(eq(payoutLines.runId, runId), eq(payoutLines.state, q.state));
  const frozen = sql`${payoutLines.sealedDetails} is not null or ${payoutLines.state} in ('paid', 'failed')`;
  const page = await readKeysetPage(LINE_ORDER, q, (plan) =>
    db
      .select({
        id: payoutLines.id,
        partnerId: payoutLines.partnerId,
        partnerName,
        state: payoutLines.state,
        holdReason: payoutLines.holdReason,
        amountPence: payoutLines.amountPence,
        commissionCount: payoutLines.commissionCount,
        reference: payoutLines.reference,
        method: sql<string | null>`case when ${frozen} then ${payoutLines.method} else ${payoutDetails.method} end`,
        masked: sql<string | null>`case when ${frozen} then ${payoutLines.maskedDetails} else ${payoutDetails.masked} end`,
        detailsChangedAt: payoutDetails.changedAt,
        ...keysetColumns(LINE_ORDER),
      })
      .from(payoutLines)
      .innerJoin(users, eq(users.id, payoutLines.partnerId))
      .leftJoin(payoutDetails, eq(payoutDetails.userId, payoutLines.partnerId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
  );
  const [{ total }] = await db.select({ total: count() }).from(payoutLines).where(where);
  return { items: page.rows.map(presentLine), total, page: page.page, pageSize: q.pageSize, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** A partner's payouts: their scheduled, paid and failed lines of approved and paid runs, newest run first. */
const PARTNER_ORDER: KeyOrder = [
  { expr: payoutRuns.number, desc: true },
  { expr: payoutLines.id, desc: true },
];

export async function listPartnerPayouts(db: Db, actor: Actor, q: PageQuery) {
  const where = and(eq(payoutLines.partnerId, actor.id), issuedPayoutSql(payoutLines.state, payoutRuns.status));
  const page = await readKeysetPage(PARTNER_ORDER, q, (plan) =>
    db
      .select({
        id: payoutLines.id,
        reference: payoutLines.reference,
        periodEnd: payoutRuns.periodEnd,
        state: payoutLines.state,
        amountPence: payoutLines.amountPence,
        commissionCount: payoutLines.commissionCount,
        method: payoutLines.method,
        masked: payoutLines.maskedDetails,
        valueDate: payoutRuns.valueDate,
        ...keysetColumns(PARTNER_ORDER),
      })
      .from(payoutLines)
      .innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
  );
  const [{ total }] = await db.select({ total: count() }).from(payoutLines).innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId)).where(where);
  return { items: page.rows.map(presentPartnerPayout), total, page: page.page, pageSize: q.pageSize, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}
