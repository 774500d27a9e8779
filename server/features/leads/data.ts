import { aliasedTable, and, asc, eq, inArray } from 'drizzle-orm';
import { analyticsPartnerDays, analyticsPartnerYears, leadActivities, leadComments, leads, users } from '../../db/schema/index.ts';
import { keysetPages, mapPages, streamKey, type StreamOrder } from '../../lib/stream-pages.ts';
import { iso } from '../../presenters/wire.ts';
import { nameOf, type FeatureData } from '../data-types.ts';

const OLDEST_LEAD_FIRST: StreamOrder = {
  parts: [
    { expr: leads.createdAt, type: 'timestamptz' },
    { expr: leads.id, type: 'uuid' },
  ],
};

const OLDEST_MESSAGE_FIRST: StreamOrder = {
  parts: [
    { expr: leadComments.createdAt, type: 'timestamptz' },
    { expr: leadComments.id, type: 'uuid' },
  ],
};

const ACCOUNTS_REQUIRE = 'the organisation’s accounts rest on it: the row and its figures stay, the member shows as "Deleted member"';

/** The leads the member referred, each with its timeline (who moved it, by name only), and the messages they wrote on leads. */
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
    { column: leadComments.authorId, file: 'lead-messages.json', erase: 'deleted' },
    {
      column: analyticsPartnerDays.partnerId,
      notExported: 'the programme analytics’ daily totals of the deals they won, counted from their leads (in leads.json)',
      erase: 'kept',
      reason: ACCOUNTS_REQUIRE,
    },
    {
      column: analyticsPartnerYears.partnerId,
      notExported: 'the programme analytics’ yearly totals of the deals they won, counted from their leads (in leads.json)',
      erase: 'kept',
      reason: ACCOUNTS_REQUIRE,
    },
    {
      column: leads.assignedTo,
      notExported: 'which administrator owns a lead: the organisation’s share of its work, no personal content',
      erase: 'nulled',
    },
  ],
  async erase(tx, target) {
    const messages = await tx.delete(leadComments).where(eq(leadComments.authorId, target.id)).returning({ id: leadComments.id });
    const owned = await tx.update(leads).set({ assignedTo: null }).where(eq(leads.assignedTo, target.id)).returning({ id: leads.id });
    return { counts: { leadMessages: messages.length, leadsUnassigned: owned.length } };
  },
  sections: [
    {
      file: 'lead-messages.json',
      describe: 'the messages you wrote in leads’ discussions, with the lead each is on',
      pages: (db, userId) =>
        mapPages(
          keysetPages(OLDEST_MESSAGE_FIRST, (p) =>
            db
              .select({ c: leadComments, companyName: leads.companyName, key: streamKey(OLDEST_MESSAGE_FIRST) })
              .from(leadComments)
              .innerJoin(leads, eq(leads.id, leadComments.leadId))
              .where(and(eq(leadComments.authorId, userId), p.after))
              .orderBy(...p.orderBy)
              .limit(p.limit),
          ),
          (rows) =>
            rows.map(({ c, companyName }) => ({
              leadId: c.leadId,
              companyName,
              content: c.content,
              internal: c.internal,
              createdAt: iso(c.createdAt),
              editedAt: c.editedAt ? iso(c.editedAt) : null,
              deletedAt: c.deletedAt ? iso(c.deletedAt) : null,
            })),
        ),
    },
    {
      file: 'leads.json',
      describe: 'the leads you referred, each with its timeline',
      // read in keyset pages as the file is written, each page of leads with the timelines of those leads
      pages: (db, userId) => {
        const other = aliasedTable(users, 'other');
        const leadPages = keysetPages(OLDEST_LEAD_FIRST, (p) =>
          db
            .select({ l: leads, key: streamKey(OLDEST_LEAD_FIRST) })
            .from(leads)
            .where(and(eq(leads.submitterId, userId), p.after))
            .orderBy(...p.orderBy)
            .limit(p.limit),
        );
        return mapPages(leadPages, async (rows) => {
          const activityRows = await db
            .select({ a: leadActivities, by: nameOf(other) })
            .from(leadActivities)
            .leftJoin(other, eq(other.id, leadActivities.userId))
            .where(
              inArray(
                leadActivities.leadId,
                rows.map((r) => r.l.id),
              ),
            )
            .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id));
          const timelines = new Map<string, typeof activityRows>();
          for (const r of activityRows) {
            const timeline = timelines.get(r.a.leadId);
            if (timeline) timeline.push(r);
            else timelines.set(r.a.leadId, [r]);
          }
          return rows.map(({ l }) => ({
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
            withdrawnAt: l.withdrawnAt ? iso(l.withdrawnAt) : null,
            withdrawnReason: l.withdrawnReason,
            createdAt: iso(l.createdAt),
            updatedAt: iso(l.updatedAt),
            timeline: (timelines.get(l.id) ?? []).map(({ a, by }) => ({
              activity: a.activity,
              kind: a.kind,
              fromStatus: a.fromStatus,
              toStatus: a.toStatus,
              notes: a.notes,
              by,
              at: iso(a.createdAt),
            })),
          }));
        });
      },
    },
  ],
} satisfies FeatureData;
