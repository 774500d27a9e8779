import { and, eq } from 'drizzle-orm';
import { commissions, leads } from '../../db/schema/index.ts';
import { keysetPages, mapPages, streamKey, type StreamOrder } from '../../lib/stream-pages.ts';
import { iso } from '../../presenters/wire.ts';
import type { FeatureData } from '../data-types.ts';

const OLDEST_COMMISSION_FIRST: StreamOrder = {
  parts: [
    { expr: commissions.createdAt, type: 'timestamptz' },
    { expr: commissions.id, type: 'uuid' },
  ],
};

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
      // read in keyset pages as the file is written
      pages: (db, userId) =>
        mapPages(
          keysetPages(OLDEST_COMMISSION_FIRST, (p) =>
            db
              .select({ c: commissions, companyName: leads.companyName, key: streamKey(OLDEST_COMMISSION_FIRST) })
              .from(commissions)
              .innerJoin(leads, eq(leads.id, commissions.leadId))
              .where(and(eq(commissions.partnerId, userId), p.after))
              .orderBy(...p.orderBy)
              .limit(p.limit),
          ),
          (rows) =>
            rows.map(({ c, companyName }) => ({
              id: c.id,
              leadId: c.leadId,
              companyName,
              amount: c.amount,
              rate: c.rate,
              status: c.status,
              paidAt: iso(c.paidAt),
              createdAt: iso(c.createdAt),
            })),
        ),
    },
  ],
} satisfies FeatureData;
