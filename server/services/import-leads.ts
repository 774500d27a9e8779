import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../common/constants/options.ts';
import { AppError } from '../../common/errors.ts';
import { companyKey, contactDomain } from '../../common/rules/company-key.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import { IMPORT_MESSAGES, LEAD_IMPORT_COLUMNS, leadImportRowSchema, type ImportReport, type ImportRowError, type LeadImportRow } from '../../common/schemas/imports.ts';
import type { Db, Tx } from '../db/client.ts';
import { leadActivities, leads, users } from '../db/schema/index.ts';
import { mayImport } from '../policies/imports.ts';
import type { Actor } from '../policies/roles.ts';
import { chunks, readImportFile, recordInput, rowErrors } from './import-csv.ts';
import { auditImport, importReport, INSERT_CHUNK, recordEvents, type ImportDeps } from './imports.ts';

/** What makes a lead the same lead on a second run: its company (as the duplicate check compares it), contact and partner. */
const sameLead = (company: string, contactEmail: string, partnerId: string) => `${companyKey(company)}\u0000${contactEmail.toLowerCase()}\u0000${partnerId}`;

interface PlannedLead {
  row: number;
  data: LeadImportRow;
  submitterId: string;
}

/**
 * Every row checked with the lead form's schema, each partner looked up once (an approved, active member), and the
 * leads already there found in one query; a lead already there, or repeating an earlier row, is skipped.
 */
async function planLeads(db: Db | Tx, bytes: Buffer, dryRun: boolean): Promise<{ report: ImportReport; create: PlannedLead[] }> {
  const { header, records, headerProblem } = readImportFile(bytes, LEAD_IMPORT_COLUMNS);
  if (headerProblem) return { report: { ...importReport('leads', dryRun, records.length, [], 0, 0), valid: 0, errors: [headerProblem] }, create: [] };
  const errors: ImportRowError[] = [];
  const parsed: Array<{ row: number; data: LeadImportRow }> = [];
  for (const record of records) {
    const result = leadImportRowSchema.safeParse(recordInput(LEAD_IMPORT_COLUMNS, header, record.cells));
    if (result.success) parsed.push({ row: record.row, data: result.data });
    else errors.push(...rowErrors(LEAD_IMPORT_COLUMNS, record.row, result.error));
  }
  const partnerEmails = [...new Set(parsed.map((p) => p.data.partnerEmail))];
  const partners = new Map<string, string>();
  for (const part of chunks(partnerEmails, 5000)) {
    const found = await db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, part), eq(users.accountStatus, 'approved'), eq(users.isActive, true), isNull(users.removedAt)));
    for (const f of found) partners.set(f.email, f.id);
  }
  const partnerIds = [...new Set(partners.values())];
  const existing = new Set<string>();
  if (partnerIds.length) {
    const rows = await db
      .select({ companyName: leads.companyName, contactEmail: leads.contactEmail, submitterId: leads.submitterId })
      .from(leads)
      .where(inArray(leads.submitterId, partnerIds));
    for (const r of rows) existing.add(sameLead(r.companyName, r.contactEmail, r.submitterId));
  }
  const create: PlannedLead[] = [];
  let skipped = 0;
  for (const p of parsed) {
    const submitterId = partners.get(p.data.partnerEmail);
    if (!submitterId) {
      errors.push({ row: p.row, column: 'partner_email', message: IMPORT_MESSAGES.unknownPartner });
      continue;
    }
    const key = sameLead(p.data.companyName, p.data.contactEmail, submitterId);
    if (existing.has(key)) {
      skipped++;
      continue;
    }
    existing.add(key);
    create.push({ row: p.row, data: p.data, submitterId });
  }
  return { report: importReport('leads', dryRun, records.length, errors, create.length, skipped), create };
}

/**
 * The leads, their first timeline entries and their `lead.created` facts, a chunk of rows per statement. The
 * partner's own submission also awards points and achievements and tells the administrators; an imported referral
 * is history brought in, so it does neither.
 */
async function writeLeads(tx: Tx, actor: Actor, create: PlannedLead[], now: Date): Promise<void> {
  const rows = create.map(({ data, submitterId }) => {
    const { partnerEmail: _partner, ...lead } = data;
    return {
      ...lead,
      id: randomUUID(),
      submitterId,
      companyKey: companyKey(lead.companyName),
      contactDomain: contactDomain(lead.contactEmail),
      createdAt: now,
      updatedAt: now,
    };
  });
  // keeps lead_status_totals and partner_period_stats (triggers on leads, per statement)
  for (const part of chunks(rows, INSERT_CHUNK)) await tx.insert(leads).values(part);
  const submitted = activityText('submitted', null, 'submitted');
  const activities = rows.map((r) => ({ leadId: r.id, userId: r.submitterId, kind: 'submitted', toStatus: 'submitted', activity: submitted, createdAt: now }));
  for (const part of chunks(activities, INSERT_CHUNK)) await tx.insert(leadActivities).values(part);
  await recordEvents(
    tx,
    'lead.created',
    rows.map((r) => ({
      entityId: r.id,
      data: { leadId: r.id, submitterId: r.submitterId, status: 'submitted' as LeadStatus, estimatedValue: r.estimatedValue, sourceEventId: null },
    })),
    { actorId: actor.id, at: now },
  );
}

/**
 * An administrator imports referrals from a CSV file: each row checked as the lead form checks it, with the partner
 * who referred it. A dry run answers the report only; otherwise every row must be valid, and the leads are written in
 * one transaction (nothing at all when a row has a problem). Running the same file again creates nothing twice.
 */
export async function importLeads(deps: Pick<ImportDeps, 'db' | 'now'>, actor: Actor, bytes: Buffer, dryRun: boolean): Promise<ImportReport> {
  if (!mayImport(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  if (dryRun) return (await planLeads(deps.db, bytes, true)).report;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { report, create } = await planLeads(tx, bytes, false);
    if (report.errors.length) return report;
    await writeLeads(tx, actor, create, now);
    await auditImport(tx, actor.id, 'leads', report, now);
    return report;
  });
}
