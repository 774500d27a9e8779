import { aliasedTable, asc, eq, inArray } from 'drizzle-orm';
import { leadActivities, leads, users } from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import { nameOf, type FeatureData } from '../data-types.ts';

const ACCOUNTS_REQUIRE = 'the organisation’s accounts rest on it: the row and its figures stay, the member shows as "Deleted member"';

/** The leads the member referred, each with its timeline (who moved it, by name only). */
export const leadsData = {
  feature: 'leads',
  personalTables: [
    { column: leads.submitterId, file: 'leads.json', erase: 'kept', reason: ACCOUNTS_REQUIRE },
    {
      column: leadActivities.userId,
      file: 'leads.json',
      erase: 'kept',
      reason: 'a lead’s timeline is the record of its pipeline; who moved it shows as "Deleted member"',
    },
  ],
  sections: [
    {
      file: 'leads.json',
      describe: 'the leads you referred, each with its timeline',
      async collect(db, userId) {
        const other = aliasedTable(users, 'other');
        const leadRows = await db.select().from(leads).where(eq(leads.submitterId, userId)).orderBy(asc(leads.createdAt), asc(leads.id));
        const leadIds = leadRows.map((l) => l.id);
        const activityRows = leadIds.length
          ? await db
              .select({ a: leadActivities, by: nameOf(other) })
              .from(leadActivities)
              .leftJoin(other, eq(other.id, leadActivities.userId))
              .where(inArray(leadActivities.leadId, leadIds))
              .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id))
          : [];
        return {
          json: leadRows.map((l) => ({
            id: l.id,
            leadType: l.leadType,
            companyName: l.companyName,
            industry: l.industry,
            contactName: l.contactName,
            contactEmail: l.contactEmail,
            projectDescription: l.projectDescription,
            estimatedValue: l.estimatedValue,
            urgency: l.urgency,
            relationshipStrength: l.relationshipStrength,
            status: l.status,
            notes: l.notes,
            createdAt: iso(l.createdAt),
            updatedAt: iso(l.updatedAt),
            timeline: activityRows
              .filter((r) => r.a.leadId === l.id)
              .map(({ a, by }) => ({ activity: a.activity, kind: a.kind, fromStatus: a.fromStatus, toStatus: a.toStatus, notes: a.notes, by, at: iso(a.createdAt) })),
          })),
        };
      },
    },
  ],
} satisfies FeatureData;
