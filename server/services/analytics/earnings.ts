import { sql } from 'drizzle-orm';
import { fromPence } from '../../../common/rules/money.ts';
import type { PartnerEarnings } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { commissions } from '../../db/schema/index.ts';
import { londonMonth } from '../commissions.ts';
import { bucketStarts, int, rows } from './range.ts';

/**
 * A partner's commission per London month for the twelve months ending with this one, as their Commission
 * Tracker counts it (by the commission's month, cancelled excluded): closed deals apart from approved time.
 */
export async function partnerEarnings(db: Db, partnerId: string, now: Date): Promise<PartnerEarnings> {
  const [y, m] = londonMonth(now).split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
  const found = await rows<{ month: string; closed_won: number; time: number }>(
    db,
    sql`select month::text as month,
        coalesce(sum(round(amount * 100)) filter (where kind = 'closed_won'), 0)::bigint as closed_won,
        coalesce(sum(round(amount * 100)) filter (where kind <> 'closed_won'), 0)::bigint as time
      from ${commissions}
      where partner_id = ${partnerId} and month between ${first}::date and ${last}::date and status <> 'cancelled'
      group by month`,
  );
  const byMonth = new Map(found.map((r) => [r.month, r]));
  return {
    months: bucketStarts(first, last, 'month').map((month) => ({
      month,
      closedWon: fromPence(int(byMonth.get(month)?.closed_won)),
      time: fromPence(int(byMonth.get(month)?.time)),
    })),
  };
}
