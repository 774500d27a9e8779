import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRefusalSchema, importReportSchema, importTemplateCsv, LEAD_IMPORT_COLUMNS, MEMBER_IMPORT_COLUMNS } from '../../common/schemas/imports.ts';
import { auditLog, domainEvents, leadActivities, leads, outbox, users, webhookDeliveries, webhookEndpoints } from '../../server/db/schema/index.ts';
import { csvLine } from '../../server/lib/csv.ts';
import { client, parseOk } from '../helpers/client.ts';
import { createTestApp, login, makeSignedIn, makeUser, registration, type SignedIn, type TestContext } from '../helpers/app.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';
import { expectError } from '../helpers/http.ts';

/**
 * An administrator brings an organisation's members and referrals from CSV files: checked row by row with the
 * product's own form rules (a dry run writes nothing), imported whole or not at all, never twice.
 */

let ctx: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  // the real mailer: with no SMTP server every e-mail is kept in the outbox table
  // workers off: the invitations' jobs are worked by the test (drainInvitations), when it chooses
  ctx = await createTestApp({ realMailer: true, config: { publicUrl: 'https://partners.example', jobs: { workers: false, pollingSeconds: 2 } } });
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

type Upload = { csv: string | Buffer; fields?: Record<string, string>; filename?: string; type?: string };

/** A multipart/form-data body as a browser's FormData sends it: the text fields, then the file in `file`. */
function multipart({ csv, fields = {}, filename = 'import.csv', type = 'text/csv' }: Upload) {
  const boundary = `----cpform${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const body = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (who: { api: ReturnType<typeof client> }, kind: 'members' | 'leads', upload: Upload, dryRun?: boolean) =>
  who.api.post(`/api/admin/imports/${kind}`, { ...multipart(upload), query: dryRun === undefined ? undefined : { dryRun } });

/** A CSV of lead rows (objects keyed by header), every column of the template in its order. */
function leadCsv(rows: Array<Record<string, string>>) {
  return importTemplateCsv('leads') + rows.map((r) => csvLine(LEAD_IMPORT_COLUMNS.map((c) => r[c.header] ?? ''))).join('');
}
let n = 0;
const leadRow = (partnerEmail: string, o: Record<string, string> = {}) => ({
  partner_email: partnerEmail,
  company_name: `Harbour Analytics ${++n}`,
  industry: 'Technology',
  contact_name: 'Dana Whitfield',
  contact_email: `dana${n}@harbour.example`,
  project_description: 'Interim CFO for a funding round',
  estimated_value: '25000',
  lead_type: 'interim',
  urgency: 'high',
  relationship_strength: 'strong',
  ...o,
});

/** A CSV of member rows from registration bodies, lists joined with semicolons. */
function memberCsv(rows: Array<Record<string, unknown>>) {
  return (
    importTemplateCsv('members') +
    rows.map((r) => csvLine(MEMBER_IMPORT_COLUMNS.map((c) => (Array.isArray(r[c.field]) ? (r[c.field] as string[]).join('; ') : String(r[c.field] ?? ''))))).join('')
  );
}

const leadsOf = (partnerId: string) => ctx.db.select().from(leads).where(eq(leads.submitterId, partnerId));

describe('who may import', () => {
  it('signed out: 401; a partner: 403; an applicant: 403; nothing is written', async () => {
    const partner = await makeSignedIn(ctx);
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending' });
    const applicantApi = { api: client(ctx.app, await login(ctx.app, applicant.username!, applicant.plainPassword)) };
    const csv = leadCsv([leadRow(partner.user.email)]);
    const before = await snapshotTables(ctx.db);
    for (const kind of ['members', 'leads'] as const) {
      const upload = { csv: kind === 'leads' ? csv : memberCsv([registration()]), fields: kind === 'members' ? { status: 'approved' } : ({} as Record<string, string>) };
      const form = multipart(upload);
      expectError(await ctx.app.inject({ method: 'POST', url: `/api/admin/imports/${kind}`, headers: form.headers, payload: form.body }), 401, 'unauthorized');
      expectError(await post(partner, kind, upload), 403, 'forbidden');
      expectError(await post(applicantApi, kind, upload), 403, 'forbidden');
      expectError(await post(partner, kind, upload, true), 403, 'forbidden');
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });
});

describe('the file', () => {
  it('refuses what is not a CSV file by its bytes (415), a JSON body (415), no file (400)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = expectError(await post(admin, 'leads', { csv: png, filename: 'leads.csv' }), 415, 'unsupported_media_type');
    expect(refused.message).toBe('The file is not a CSV file. Save the sheet as CSV (UTF-8) and try again.');
    expectError(await post(admin, 'leads', { csv: Buffer.from([0x61, 0xff, 0xfe, 0x2c]) }), 415, 'unsupported_media_type');
    expectError(await admin.api.post('/api/admin/imports/leads', { body: { rows: [] } }), 415, 'unsupported_media_type');
    const empty = expectError(await post(admin, 'leads', { csv: '' }), 400, 'validation_failed');
    expect(empty.message).toBe('Choose a CSV file to import.');
    expectError(await post(admin, 'leads', { csv: importTemplateCsv('leads') }), 400, 'validation_failed');
  });

  it('refuses a file over 5 MB and over 20,000 rows (413) with clear messages', async () => {
    const big = expectError(await post(admin, 'leads', { csv: importTemplateCsv('leads') + 'x'.repeat(5 * 1024 * 1024) }), 413, 'payload_too_large');
    expect(big.message).toBe('The file is larger than 5 MB. Split it into smaller files.');
    const many = expectError(await post(admin, 'leads', { csv: importTemplateCsv('leads') + 'a\n'.repeat(20_001) }, true), 413, 'payload_too_large');
    expect(many.message).toBe('The file has more than 20,000 rows. Split it into smaller files.');
  });

  it('names unknown and missing header columns in one error', async () => {
    const csv = 'partner_email,company,industry,contact_name,contact_email,project_description,estimated_value\r\nx,y,z,a,b,c,1\r\n';
    const report = parseOk(importReportSchema, await post(admin, 'leads', { csv }, true));
    expect(report.errors).toEqual([
      {
        row: 1,
        column: null,
        message: `Unknown columns: company. Missing columns: company_name. The header must name these columns: ${LEAD_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`,
      },
    ]);
    expect(report).toMatchObject({ rows: 1, valid: 0, created: 0 });
  });
});

describe('importing leads', () => {
  it('a dry run reports each problem with its row, column and the lead form’s own message, and writes nothing', async () => {
    const partner = await makeUser(ctx.db);
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const csv = leadCsv([
      leadRow(partner.email),
      leadRow(partner.email, { company_name: '', estimated_value: '12.345' }),
      leadRow(partner.email, { contact_email: 'not-an-address', industry: 'Farming' }),
      leadRow('nobody@nowhere.example'),
      leadRow(pending.email),
      leadRow(partner.email, { lead_type: '', urgency: '', relationship_strength: '' }),
    ]);
    const before = await snapshotTables(ctx.db);
    const report = parseOk(importReportSchema, await post(admin, 'leads', { csv }, true));
    expect(report).toMatchObject({ kind: 'leads', dryRun: true, rows: 6, valid: 2, created: 2, skipped: 0 });
    expect(report.errors).toEqual([
      { row: 3, column: 'estimated_value', message: 'Budget can have at most 2 decimal places' },
      { row: 3, column: 'company_name', message: 'Company name is required' },
      { row: 4, column: 'industry', message: 'Please select an industry' },
      { row: 4, column: 'contact_email', message: 'Please enter a valid contact email' },
      { row: 5, column: 'partner_email', message: 'No approved member has this email address' },
      { row: 6, column: 'partner_email', message: 'No approved member has this email address' },
    ]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('a bad row blocks the whole import: 422 with the same report, nothing written', async () => {
    const partner = await makeUser(ctx.db);
    const csv = leadCsv([leadRow(partner.email), leadRow(partner.email, { contact_name: '' })]);
    const before = await snapshotTables(ctx.db);
    const refused = parseOk(importRefusalSchema, await post(admin, 'leads', { csv }), 422);
    expect(refused.error.message).toBe('Some rows have problems. Nothing was imported: correct them and import the file again.');
    expect(refused.report.errors).toEqual([{ row: 3, column: 'contact_name', message: 'Contact name is required' }]);
    expect(refused.report.dryRun).toBe(false);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('imports every row in one go with its timeline entry, lead.created fact and one audit entry; a re-run creates nothing twice', async () => {
    const partner = await makeUser(ctx.db);
    const rows = [leadRow(partner.email), leadRow(partner.email.toUpperCase()), leadRow(partner.email, { estimated_value: '1500.5' })];
    // the same lead twice in one file is one lead
    const csv = leadCsv([...rows, { ...rows[0], company_name: `${rows[0].company_name} Ltd`, contact_email: rows[0].contact_email.toUpperCase() }]);
    const report = parseOk(importReportSchema, await post(admin, 'leads', { csv }));
    expect(report).toEqual({ kind: 'leads', dryRun: false, rows: 4, valid: 4, created: 3, skipped: 1, errors: [] });
    const made = await leadsOf(partner.id);
    expect(made.map((l) => l.companyName).sort()).toEqual(rows.map((r) => r.company_name).sort());
    expect(made.find((l) => l.companyName === rows[2].company_name)).toMatchObject({
      status: 'submitted',
      estimatedValue: '1500.50',
      leadType: 'interim',
      urgency: 'high',
    });
    const ids = made.map((l) => l.id);
    expect(await ctx.db.select().from(leadActivities).where(inArray(leadActivities.leadId, ids))).toHaveLength(3);
    const facts = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'lead.created'), inArray(domainEvents.entityId, ids)));
    expect(facts).toHaveLength(3);
    expect(facts.every((f) => f.actorId === admin.user.id)).toBe(true);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.leads'), eq(auditLog.actorId, admin.user.id)));
    expect(audit.at(-1)).toMatchObject({ entityType: 'import', after: { rows: 4, created: 3, skipped: 1 } });

    const again = parseOk(importReportSchema, await post(admin, 'leads', { csv }));
    expect(again).toMatchObject({ rows: 4, valid: 4, created: 0, skipped: 4, errors: [] });
    expect(await leadsOf(partner.id)).toHaveLength(3);
  });

  it('tells integrations of imported leads: a delivery and its job per lead for an endpoint that chose lead.created', async () => {
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://crm.example/hooks', events: ['lead.created'], description: 'CRM', secretSealed: 'unused-in-this-test', createdBy: admin.user.id })
      .returning();
    try {
      const partner = await makeUser(ctx.db);
      const rows = [leadRow(partner.email), leadRow(partner.email)];
      parseOk(importReportSchema, await post(admin, 'leads', { csv: leadCsv(rows) }));
      const ids = (await leadsOf(partner.id)).map((l) => l.id);
      const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(deliveries.map((d) => d.entityId).sort()).toEqual([...ids].sort());
      expect(deliveries.every((d) => d.type === 'lead.created' && (d.payload as { type: string }).type === 'lead.created')).toBe(true);
      const jobs = (await ctx.db.execute(sql`select data->>'deliveryId' as id from pgboss.job where name = 'webhook.deliver'`)) as unknown as { rows: { id: string }[] };
      expect(jobs.rows.map((j) => j.id).sort()).toEqual(deliveries.map((d) => d.id).sort());
    } finally {
      await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    }
  });

  it('imports 10,000 rows', async () => {
    const partner = await makeUser(ctx.db);
    const rows = Array.from({ length: 10_000 }, (_, i) => leadRow(partner.email, { company_name: `Bulk Client ${i}`, contact_email: `c${i}@bulk.example` }));
    const report = parseOk(importReportSchema, await post(admin, 'leads', { csv: leadCsv(rows) }));
    expect(report).toMatchObject({ rows: 10_000, valid: 10_000, created: 10_000, skipped: 0 });
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.submitterId, partner.id));
    expect(count).toBe(10_000);
  }, 120_000);
});

describe('importing members', () => {
  const outboxTo = (emails: string[]) => ctx.db.select().from(outbox).where(inArray(outbox.to, emails));
  const drainInvitations = () => ctx.app.ctx.jobs.drain('import.invite');

  it('a dry run reports the registration form’s own messages and writes nothing', async () => {
    const taken = await makeUser(ctx.db);
    const csv = memberCsv([
      registration(),
      registration({ email: 'nope', bio: 'Too short' }),
      registration({ username: taken.username, expertise: [] }),
      registration({ dateOfBirth: '1975-02-30', yearsExperience: '' }),
    ]);
    const before = await snapshotTables(ctx.db);
    const report = parseOk(importReportSchema, await post(admin, 'members', { csv, fields: { status: 'approved' } }, true));
    expect(report).toMatchObject({ kind: 'members', rows: 4, valid: 1, created: 1, skipped: 0 });
    expect(report.errors).toEqual([
      { row: 3, column: 'email', message: 'Invalid email address' },
      { row: 3, column: 'bio', message: 'Please provide at least 20 characters about your professional background' },
      { row: 4, column: 'expertise', message: 'Please select at least one area of expertise' },
      { row: 5, column: 'date_of_birth', message: 'Please enter a valid date of birth' },
      { row: 5, column: 'years_experience', message: 'Years of experience must be 0 or greater' },
    ]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
    // a username taken by another account is found once the row is otherwise valid
    const clash = parseOk(
      importReportSchema,
      await post(admin, 'members', { csv: memberCsv([registration({ username: taken.username!.toUpperCase() })]), fields: { status: 'approved' } }, true),
    );
    expect(clash.errors).toEqual([{ row: 2, column: 'username', message: 'This username is already taken.' }]);
  });

  it('needs the status chosen (approved or pending)', async () => {
    const csv = memberCsv([registration()]);
    expectError(await post(admin, 'members', { csv }), 400, 'validation_failed');
    expectError(await post(admin, 'members', { csv, fields: { status: 'rejected' } }), 400, 'validation_failed');
  });

  it('imports approved members, invites each new one once (an outbox e-mail), records the facts; a re-run skips them', async () => {
    const existing = await makeUser(ctx.db);
    const people = [registration(), registration()];
    const csv = memberCsv([...people, registration({ email: existing.email.toUpperCase() })]);
    const report = parseOk(importReportSchema, await post(admin, 'members', { csv, fields: { status: 'approved' } }));
    expect(report).toEqual({ kind: 'members', dryRun: false, rows: 3, valid: 3, created: 2, skipped: 1, errors: [] });
    const emails = people.map((p) => p.email);
    const made = await ctx.db.select().from(users).where(inArray(users.email, emails));
    expect(made).toHaveLength(2);
    for (const u of made)
      expect(u).toMatchObject({ accountStatus: 'approved', approvedBy: admin.user.id, password: null, role: 'partner', company: 'Northwind Advisory' });
    expect(made[0].expertise).toEqual(['Operations Management', 'Strategic Planning']);
    // the invitations are jobs written with the accounts: nothing is mailed until they are worked
    expect(await outboxTo(emails)).toHaveLength(0);
    expect(await drainInvitations()).toBe(2);
    const mails = await outboxTo([...emails, existing.email]);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(mails.every((m) => m.subject.startsWith('You are invited to join'))).toBe(true);
    const ids = made.map((u) => u.id);
    const facts = await ctx.db.select().from(domainEvents).where(inArray(domainEvents.entityId, ids));
    expect(facts.map((f) => f.type).sort()).toEqual(['member.applied', 'member.applied', 'member.approved', 'member.approved']);
    expect(facts.find((f) => f.type === 'member.applied')?.data).toMatchObject({ via: 'import' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.members'), eq(auditLog.actorId, admin.user.id)));
    expect(audit.at(-1)?.after).toMatchObject({ rows: 3, created: 2, skipped: 1, memberStatus: 'approved' });

    const again = parseOk(importReportSchema, await post(admin, 'members', { csv, fields: { status: 'approved' } }));
    expect(again).toMatchObject({ created: 0, skipped: 3 });
    expect(await drainInvitations()).toBe(0);
    expect(await outboxTo(emails)).toHaveLength(2);
    expect(await ctx.db.select().from(users).where(inArray(users.email, emails))).toHaveLength(2);
  });

  it('imports pending applicants when the administrator chooses pending', async () => {
    const person = registration();
    const report = parseOk(importReportSchema, await post(admin, 'members', { csv: memberCsv([person]), fields: { status: 'pending' } }));
    expect(report.created).toBe(1);
    const [u] = await ctx.db.select().from(users).where(eq(users.email, person.email));
    expect(u).toMatchObject({ accountStatus: 'pending', approvedAt: null, approvedBy: null });
    const facts = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, u.id));
    expect(facts.map((f) => f.type)).toEqual(['member.applied']);
    expect(await drainInvitations()).toBe(1);
    const [mail] = await outboxTo([person.email]);
    expect(mail!.text).toContain('Your membership application is with our team for review');
  });
});
