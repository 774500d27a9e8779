import { asc, eq } from 'drizzle-orm';
import { commissions, leads } from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import type { FeatureData } from '../data-types.ts';

/** The member's commissions, with the company of the lead each was earned on. */
export const commissionsData = {
  feature: 'commissions',
  personalTables: [
    {
      column: commissions.partnerId,
      file: 'commissions.json',
      erase: 'kept',
      reason: 'the organisation’s accounts rest on it: the row and its amounts stay, the member shows as "Deleted member"',
    },
  ],
  sections: [
    {
      file: 'commissions.json',
      describe: 'your commissions',
      async collect(db, userId) {
        const rows = await db
          .select({ c: commissions, companyName: leads.companyName })
          .from(commissions)
          .innerJoin(leads, eq(leads.id, commissions.leadId))
          .where(eq(commissions.partnerId, userId))
          .orderBy(asc(commissions.createdAt), asc(commissions.id));
        return {
          json: rows.map(({ c, companyName }) => ({
            id: c.id,
            leadId: c.leadId,
            companyName,
            amount: c.amount,
            rate: c.rate,
            status: c.status,
            paidAt: iso(c.paidAt),
            createdAt: iso(c.createdAt),
          })),
        };
      },
    },
  ],
} satisfies FeatureData;
