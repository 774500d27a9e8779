import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutDetails, payoutLines, payoutRuns } from '../../db/schema/index.ts';
import { iso, moneyFromPence } from '../../presenters/wire.ts';
import type { FeatureData } from '../data-types.ts';

const FILE = 'payout-details.json';
const RUN_ADMIN = 'which administrator drafted, approved, paid or cancelled a payout run: an id only, the name shows as "Deleted member"';
const ACCOUNTS = 'the organisation’s accounts rest on it: a payout run records what was paid to whom and where';

/**
 * The member's payout details and their payouts. The account is exported masked, as every screen shows it: the
 * export is built from the database alone (the payout key never reaches it), and the archive waits in storage for
 * a day, where a readable account number would sit outside the seal that guards it everywhere else.
 */
async function collect(db: Db, userId: string) {
  const [d] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId)).limit(1);
  const lines = await db
    .select({ line: payoutLines, run: payoutRuns })
    .from(payoutLines)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId))
    .where(eq(payoutLines.partnerId, userId))
    .orderBy(asc(payoutRuns.number));
  return {
    json: {
      details: d
        ? {
            method: d.method,
            account: d.masked,
            vatRegistered: d.vatRegistered,
            vatNumber: d.vatNumber,
            createdAt: iso(d.createdAt),
            changedAt: iso(d.changedAt),
            updatedAt: iso(d.updatedAt),
          }
        : null,
      payouts: lines.map(({ line, run }) => ({
        reference: line.reference,
        periodEnd: run.periodEnd,
        runStatus: run.status,
        state: line.state,
        holdReason: line.holdReason,
        amount: moneyFromPence(line.amountPence),
        commissionCount: line.commissionCount,
        method: line.method,
        account: line.maskedDetails,
        valueDate: run.valueDate,
      })),
    },
  };
}

/** Payouts: the member's payout details (erased with the account) and the payout runs' lines (kept for the accounts). */
export const payoutsData = {
  feature: 'payouts',
  personalTables: [
    { column: payoutDetails.userId, file: FILE, erase: 'deleted' },
    {
      column: payoutLines.partnerId,
      file: FILE,
      erase: 'kept',
      reason: `${ACCOUNTS}; the line keeps the account it was paid to, sealed, as the record of the payment`,
    },
    { column: payoutRuns.createdBy, notExported: 'the organisation’s record of who drafted a payout run', erase: 'kept', reason: RUN_ADMIN },
    { column: payoutRuns.approvedBy, notExported: 'the organisation’s record of who approved a payout run', erase: 'kept', reason: RUN_ADMIN },
    { column: payoutRuns.paidBy, notExported: 'the organisation’s record of who marked a payout run paid', erase: 'kept', reason: RUN_ADMIN },
    { column: payoutRuns.cancelledBy, notExported: 'the organisation’s record of who cancelled a payout run', erase: 'kept', reason: RUN_ADMIN },
  ],
  sections: [{ file: FILE, describe: 'your payout details (the account masked) and your payouts', collect: (db, userId) => collect(db, userId) }],
  async erase(tx, target) {
    // where to pay an erased member is no longer anyone's business; past payments keep their own sealed copy
    await tx.delete(payoutDetails).where(eq(payoutDetails.userId, target.id));
  },
} satisfies FeatureData;
