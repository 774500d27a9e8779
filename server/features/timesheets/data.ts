import { aliasedTable, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads, placements, timesheetEntries, timesheets, users } from '../../db/schema/index.ts';
import { iso, moneyFromPence } from '../../presenters/wire.ts';
import { nameOf, type FeatureData } from '../data-types.ts';

const INVOICED =
  'time worked is invoiced to the client and paid to the contractor, and commissions are earned on it: like leads and commissions, the organisation’s accounts rest on it, so the row stays and the member shows as "Deleted member"';

/**
 * The placements the member works on (as contractor) or engages (as client), with the rate their side agreed (the
 * contractor's pay rate, the client's charge rate), and the weekly sheets of both with every day's entry.
 */
async function timesheetsOf(db: Db, userId: string) {
  const contractor = aliasedTable(users, 'contractor');
  const client = aliasedTable(users, 'client');
  const mine = or(eq(placements.contractorId, userId), eq(placements.clientId, userId));
  const placementRows = await db
    .select({ p: placements, companyName: leads.companyName, contractorName: nameOf(contractor), clientName: nameOf(client) })
    .from(placements)
    .innerJoin(leads, eq(leads.id, placements.leadId))
    .innerJoin(contractor, eq(contractor.id, placements.contractorId))
    .innerJoin(client, eq(client.id, placements.clientId))
    .where(mine)
    .orderBy(asc(placements.startDate), asc(placements.id));
  const sheetRows = await db
    .select()
    .from(timesheets)
    .where(or(eq(timesheets.contractorId, userId), eq(timesheets.clientId, userId)))
    .orderBy(asc(timesheets.weekStarting), asc(timesheets.id));
  const sheetIds = sheetRows.map((t) => t.id);
  const entryRows = sheetIds.length
    ? await db.select().from(timesheetEntries).where(inArray(timesheetEntries.timesheetId, sheetIds)).orderBy(asc(timesheetEntries.date))
    : [];
  const roleOf = (row: { contractorId: string }) => (row.contractorId === userId ? 'contractor' : 'client');
  return {
    placements: placementRows.map(({ p, companyName, contractorName, clientName }) => ({
      id: p.id,
      role: roleOf(p),
      companyName,
      contractor: contractorName,
      client: clientName,
      unit: p.unit,
      rate: moneyFromPence(p.contractorId === userId ? p.payRatePence : p.chargeRatePence),
      startDate: p.startDate,
      endDate: p.endDate,
      createdAt: iso(p.createdAt),
    })),
    timesheets: sheetRows.map((t) => ({
      id: t.id,
      placementId: t.placementId,
      role: roleOf(t),
      projectName: t.projectName,
      weekStarting: t.weekStarting,
      weekEnding: t.weekEnding,
      unitType: t.unitType,
      totalUnits: t.totalUnits,
      description: t.description,
      status: t.status,
      approvalComments: t.approvalComments,
      submittedAt: iso(t.submittedAt),
      approvedAt: iso(t.approvedAt),
      createdAt: iso(t.createdAt),
      entries: entryRows.filter((e) => e.timesheetId === t.id).map((e) => ({ date: e.date, units: e.units, description: e.description })),
    })),
  };
}

/** Placements and timesheets: kept on erasure, as the organisation's accounts need them. */
export const timesheetsData = {
  feature: 'timesheets',
  personalTables: [
    { column: placements.contractorId, file: 'timesheets.json', erase: 'kept', reason: INVOICED },
    { column: placements.clientId, file: 'timesheets.json', erase: 'kept', reason: INVOICED },
    {
      column: placements.createdById,
      notExported: 'which administrator set up a placement',
      erase: 'kept',
      reason: 'which administrator set up a placement: an id only',
    },
    { column: timesheets.contractorId, file: 'timesheets.json', erase: 'kept', reason: INVOICED },
    { column: timesheets.clientId, file: 'timesheets.json', erase: 'kept', reason: INVOICED },
    {
      column: timesheets.approvedBy,
      notExported: 'who approved a sheet (the client, or an administrator): the sheet itself is in the parties’ exports',
      erase: 'kept',
      reason: 'the approval is part of the invoiced record; the approver shows as "Deleted member"',
    },
  ],
  sections: [
    {
      file: 'timesheets.json',
      describe: 'your placements (as contractor or client) and their timesheets, each day’s entry included',
      collect: async (db, userId) => ({ json: await timesheetsOf(db, userId) }),
    },
  ],
} satisfies FeatureData;
