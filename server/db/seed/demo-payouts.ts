import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { maskPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../../lib/payout-account.ts';
import { isAdmin } from '../../policies/roles.ts';
import { londonMonth } from '../../services/commissions.ts';
import { markPayoutRunPaid } from '../../services/payout-run-paid.ts';
import { approvePayoutRun, draftPayoutRun } from '../../services/payout-runs.ts';
import type { Db } from '../client.ts';
import type { UserRow } from '../factories/members.ts';
import { commissions, payoutDetails } from '../schema/index.ts';
import { ADMIN, DAY, PAYER, person } from './demo-people.ts';

/**
 * The demo's payouts: payout details for the partners who earned commission (bank accounts that pass the modulus
 * check, one PayPal address), two monthly runs paid in past months, and a draft for last month in which one
 * partner is held for giving no details and another for having just replaced theirs. Drafted by one administrator and approved by another
 * through the real services, at back-dated moments; the administrators' own commission waits (no details given).
 */

/** UK accounts from the modulus check's published examples: each passes it. */
const ACCOUNTS: Array<[string, string]> = [
  ['089999', '66374958'],
  ['107999', '88837491'],
  ['202959', '63748472'],
  ['871427', '46238510'],
  ['820000', '73688637'],
  ['827101', '28748352'],
];

const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** A London month `back` months before `now`'s, as [year, month (1-12)]. */
function monthBefore(now: Date, back: number): [number, number] {
  const [y, m] = londonMonth(now).split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1];
}
const dayOf = ([y, m]: [number, number], day: number, hour = 10) => new Date(Date.UTC(y, m - 1, day, hour));
const endOf = ([y, m]: [number, number]) => ymd(new Date(Date.UTC(y, m, 0)));

/**
 * From when the demo's commissions are paid by payout runs rather than one by one: the start of the London month
 * two before `now`'s (the months three and two back are paid by the two runs).
 */
export const paidByRunsFrom = (now: Date) => dayOf(monthBefore(now, 2), 1, 0);

export async function seedPayouts(db: Db, people: Map<string, UserRow>, now: Date, payoutKey: string): Promise<number> {
  const ids = [...people.values()].map((p) => p.id);
  const earners = await db
    .selectDistinct({ partnerId: commissions.partnerId })
    .from(commissions)
    .where(and(inArray(commissions.partnerId, ids), ne(commissions.status, 'cancelled')));
  const partners = earners.map((e) => [...people.values()].find((p) => p.id === e.partnerId)!).filter((p) => !isAdmin(p));
  partners.sort((a, b) => a.username!.localeCompare(b.username!));
  // the partners owed commission earned last month: the draft for it holds the first (no details given) and the
  // second (details replaced two days ago), and pays the last; everyone else is paid by the runs
  const lastMonth = monthBefore(now, 1);
  const recent = await db
    .selectDistinct({ partnerId: commissions.partnerId })
    .from(commissions)
    .where(
      and(
        inArray(commissions.partnerId, ids),
        eq(commissions.status, 'pending'),
        gte(commissions.createdAt, dayOf(lastMonth, 1, 0)),
        lt(commissions.createdAt, dayOf(monthBefore(now, 0), 1, 0)),
      ),
    );
  const recentIds = partners.filter((p) => recent.some((r) => r.partnerId === p.id)).map((p) => p.id);
  // the draft must still pay someone: hold one partner when two earned last month, two when three did
  const [noDetailsId, replacedId] = recentIds.slice(0, recentIds.length - 1);
  const given = partners.filter((p) => p.id !== noDetailsId);
  for (const [i, p] of given.entries()) {
    const account: PayoutAccount =
      i === 1
        ? { method: 'paypal', paypalEmail: `${p.firstName.toLowerCase()}.payouts@${p.email.split('@')[1]}` }
        : { method: 'bank', accountName: `${p.firstName} ${p.lastName}`, sortCode: ACCOUNTS[i % ACCOUNTS.length][0], accountNumber: ACCOUNTS[i % ACCOUNTS.length][1] };
    await db.insert(payoutDetails).values({
      userId: p.id,
      method: account.method,
      sealed: sealPayoutAccount(payoutKey, account),
      masked: maskPayoutAccount(account),
      createdAt: new Date(now.getTime() - 200 * DAY),
      updatedAt: new Date(now.getTime() - 200 * DAY),
    });
  }
  const drafter = person(people, ADMIN);
  const approver = person(people, PAYER);
  // two paid runs: the months three and two before this one, each drafted on the 1st of the next month and paid on the 15th
  for (const back of [3, 2]) {
    const month = monthBefore(now, back);
    const next = monthBefore(now, back - 1);
    const runId = await draftPayoutRun(db, drafter, { periodEnd: endOf(month) }, dayOf(next, 1));
    await approvePayoutRun(db, approver, runId, dayOf(next, 2));
    await markPayoutRunPaid(db, approver, runId, { valueDate: ymd(dayOf(next, 15)) }, dayOf(next, 15, 9));
  }
  // one partner replaced their details two days ago: last month's draft holds them for a week
  if (replacedId) {
    const changedAt = new Date(now.getTime() - 2 * DAY);
    await db.update(payoutDetails).set({ changedAt, updatedAt: changedAt }).where(eq(payoutDetails.userId, replacedId));
  }
  await draftPayoutRun(db, drafter, {}, now);
  return 3;
}
