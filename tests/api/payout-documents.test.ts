import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { earningsStatementListSchema } from '../../common/schemas/payouts.ts';
import { makePayoutRun, type MadePayoutRun } from '../../server/db/factories/payouts.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, commissions } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';
import { pain001Errors } from '../helpers/iso20022.ts';
import { pdfText } from '../helpers/pdf-text.ts';

/**
 * The payout documents: an approved run's bank file (pain.001, valid against the ISO 20022 schema) and PayPal
 * file for administrators only, each download audited; a payout's PDF statement for the partner it pays (and
 * administrators), never for anyone else; the yearly earnings statements of the partner's own tax years.
 */

const DEBTOR = { name: 'Chief Partners Ltd', sortCode: '200000', accountNumber: '55779911' };
const UK = { method: 'bank', accountName: 'Priya Shah', sortCode: '089999', accountNumber: '66374958' } as const;
const IBAN = { method: 'bank', accountName: 'Jörg Müller', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' } as const;
const PAYPAL = { method: 'paypal', paypalEmail: 'sam.paypal@example.com' } as const;

let ctx: TestContext;
let drafter: SignedIn;
let approver: SignedIn;
let priya: SignedIn;
let jorg: SignedIn;
let sam: SignedIn;
let outsider: SignedIn;
let approved: MadePayoutRun;
let draft: MadePayoutRun;
let paid: MadePayoutRun;

beforeAll(async () => {
  ctx = await createTestApp({ config: { payoutDebtor: DEBTOR } });
  drafter = await makeSignedIn(ctx, { role: 'admin' });
  approver = await makeSignedIn(ctx, { role: 'admin' });
  priya = await makeSignedIn(ctx, { firstName: 'Priya', lastName: 'Shah' });
  jorg = await makeSignedIn(ctx, { firstName: 'Jorg', lastName: 'Muller' });
  sam = await makeSignedIn(ctx, { firstName: 'Sam', lastName: 'Paypal' });
  outsider = await makeSignedIn(ctx);
  const key = ctx.config.payoutKey;
  // paid first (its commissions were paid on 15 Oct 2026: tax year 2026-27), then the approved run and a draft
  paid = await makePayoutRun(ctx.db, key, {
    createdBy: drafter.user.id,
    approvedBy: approver.user.id,
    status: 'paid',
    periodEnd: '2026-09-30',
    valueDate: '2026-10-15',
    lines: [
      { partnerId: priya.user.id, account: UK, vatNumber: 'GB123456789', commissions: [{ amount: '250.00', company: 'Northwind Ltd' }, { amount: '80.50' }] },
      { partnerId: jorg.user.id, state: 'carried_over', commissions: [{ amount: '20.00' }] },
    ],
  });
  approved = await makePayoutRun(ctx.db, key, {
    createdBy: drafter.user.id,
    approvedBy: approver.user.id,
    status: 'approved',
    lines: [
      { partnerId: priya.user.id, account: UK, commissions: [{ amount: '120.45', company: 'Acme Widgets Ltd' }, { amount: '60.00' }] },
      { partnerId: jorg.user.id, account: IBAN, commissions: [{ amount: '99.99' }] },
      { partnerId: sam.user.id, account: PAYPAL, commissions: [{ amount: '75.10' }] },
      { partnerId: outsider.user.id, state: 'carried_over', commissions: [{ amount: '10.00' }] },
    ],
  });
  draft = await makePayoutRun(ctx.db, key, {
    createdBy: drafter.user.id,
    status: 'draft',
    periodEnd: '2026-11-30',
    lines: [{ partnerId: priya.user.id, account: UK, commissions: [{ amount: '500.00' }] }],
  });
});
afterAll(async () => {
  await ctx?.close();
});

const fileAudits = (runId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payout_run.download_file'), eq(auditLog.entityId, runId)));

describe('the bank file', () => {
  const url = (id: string) => `/api/admin/payout-runs/${id}/bank-file.xml`;

  it('of a paid run asks for the day the money left', async () => {
    const res = await approver.api.get(url(paid.run.id));
    expect(res.statusCode).toBe(200);
    expect(await pain001Errors(res.body)).toEqual([]);
    expect(res.body).toContain('<ReqdExctnDt>2026-10-15</ReqdExctnDt>');
    expect(res.body).toContain('<CtrlSum>330.50</CtrlSum>');
  });

  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(approved.run.id) })).statusCode).toBe(401);
    expectError(await priya.api.get(url(approved.run.id)), 403, 'forbidden');
    expectError(await outsider.api.get(url(approved.run.id)), 403, 'forbidden');
    expectError(await drafter.api.get(url(NO_SUCH_ID)), 404, 'not_found');
    expect(await fileAudits(approved.run.id)).toHaveLength(0);
  });

  it('does not exist for a draft', async () => {
    expectError(await drafter.api.get(url(draft.run.id)), 409, 'conflict');
  });

  it('is a valid pain.001.001.03 paying exactly the bank lines, in GBP, with their references', async () => {
    const res = await drafter.api.get(url(approved.run.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="CP\d{4}-bank\.xml"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await pain001Errors(res.body)).toEqual([]);

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document read back as plain objects
    const doc = (convert(res.body, { format: 'object' }) as any).Document.CstmrCdtTrfInitn;
    const bankLines = approved.lines.slice(0, 2).map((l) => l.line);
    const bankTotal = bankLines.reduce((s, l) => s + l.amountPence, 0);
    expect(bankTotal).toBe(12_045 + 6_000 + 9_999);
    expect(doc.GrpHdr.NbOfTxs).toBe(String(bankLines.length));
    expect(doc.GrpHdr.CtrlSum).toBe('280.44');
    expect(doc.PmtInf.CtrlSum).toBe('280.44');
    expect(doc.PmtInf.Dbtr.Nm).toBe('Chief Partners Ltd');
    expect(doc.PmtInf.DbtrAcct.Id.Othr.Id).toBe('20000055779911');
    // approved on Mon 2 Nov 2026: paid on the 15th, a Sunday, so Monday the 16th
    expect(doc.PmtInf.ReqdExctnDt).toBe('2026-11-16');
    const txs = doc.PmtInf.CdtTrfTxInf;
    expect(txs.map((t: { PmtId: { EndToEndId: string } }) => t.PmtId.EndToEndId)).toEqual(bankLines.map((l) => l.reference));
    expect(txs[0].CdtrAcct.Id.Othr.Id).toBe('08999966374958');
    expect(txs[0].Amt.InstdAmt).toEqual({ '@Ccy': 'GBP', '#': '180.45' });
    expect(txs[1].CdtrAcct.Id.IBAN).toBe(IBAN.iban);
    expect(txs[1].Cdtr.Nm).toBe('Jorg Muller');
    expect(res.body).not.toContain(PAYPAL.paypalEmail);
  });

  it('is audited: who downloaded which file, how many transfers, for how much', async () => {
    const [entry, ...rest] = await fileAudits(approved.run.id);
    expect(rest).toHaveLength(0);
    expect(entry.actorId).toBe(drafter.user.id);
    expect(entry.after).toEqual({ file: 'bank', transferCount: 2, totalPence: 28_044 });
    expect(JSON.stringify(entry)).not.toContain('66374958');
  });

  it('answers 409 with what to set when the organisation’s account is not configured', async () => {
    const saved = ctx.config.payoutDebtor;
    ctx.config.payoutDebtor = undefined;
    try {
      const res = await approver.api.get(url(approved.run.id));
      expectError(res, 409, 'conflict');
      expect(res.json().error.message).toMatch(/PAYOUT_DEBTOR_NAME/);
    } finally {
      ctx.config.payoutDebtor = saved;
    }
  });
});

describe('the PayPal file', () => {
  const url = (id: string) => `/api/admin/payout-runs/${id}/paypal.csv`;

  it('is for administrators only, and not for drafts', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(approved.run.id) })).statusCode).toBe(401);
    expectError(await sam.api.get(url(approved.run.id)), 403, 'forbidden');
    expectError(await drafter.api.get(url(draft.run.id)), 409, 'conflict');
  });

  it('reads back as the PayPal lines: e-mail, amount, GBP, reference', async () => {
    const res = await approver.api.get(url(approved.run.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['x-file-parts']).toBe('1');
    const rows = parseCsv(res.body);
    const line = approved.lines[2].line;
    expect(rows).toEqual([[PAYPAL.paypalEmail, '75.10', 'GBP', line.reference, `${ctx.config.brandName} commission, reference ${line.reference}`, 'PAYPAL']]);
    const audits = await fileAudits(approved.run.id);
    expect(audits.map((a) => a.after)).toContainEqual({ file: 'paypal', transferCount: 1, totalPence: 7_510 });
  });

  it('has no part past the last', async () => {
    expectError(await approver.api.get(url(approved.run.id), { query: { part: 2 } }), 404, 'not_found');
  });

  it('does not exist for a run that pays nobody by PayPal', async () => {
    const res = await approver.api.get(url(paid.run.id));
    expectError(res, 409, 'conflict');
    expect(res.json().error.message).toBe('This run pays nobody by PayPal.');
  });
});

describe('the remittance statement', () => {
  const url = (lineId: string) => `/api/payouts/${lineId}/statement.pdf`;

  it('is never shown to anyone but the partner it pays and administrators', async () => {
    const lineId = approved.lines[0].line.id;
    expect((await ctx.app.inject({ method: 'GET', url: url(lineId) })).statusCode).toBe(401);
    expectError(await jorg.api.get(url(lineId)), 404, 'not_found');
    expectError(await outsider.api.get(url(lineId)), 404, 'not_found');
    expectError(await priya.api.get(url(NO_SUCH_ID)), 404, 'not_found');
  });

  it('does not exist for the partner while the run is a draft', async () => {
    expectError(await priya.api.get(url(draft.lines[0].line.id)), 404, 'not_found');
  });

  it('is a PDF saying the reference, each commission, the masked account, the total and that it is paid gross', async () => {
    const line = approved.lines[0].line;
    const res = await priya.api.get(url(line.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="remittance-${line.reference}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(line.reference);
    expect(text).toContain('Priya Shah');
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain('Closed won');
    expect(text).toContain('£180.45');
    expect(text).toContain('Bank transfer •••• 4958');
    expect(text).toMatch(/paid gross/i);
    expect(text).not.toContain('66374958');
  });

  it('is open to any administrator', async () => {
    const res = await approver.api.get(url(approved.lines[1].line.id));
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('£99.99');
    // Jorg was carried over in the earlier, paid run; this payout is his first since
    expect(text).toContain('Carried over from earlier runs');
    expect(text).toContain('£20.00');
  });

  it('shows the partner’s VAT number and the day the money left once paid', async () => {
    const res = await priya.api.get(url(paid.lines[0].line.id));
    const text = pdfText(res.rawPayload);
    expect(text).not.toContain('Carried over');
    expect(text).toContain('GB123456789');
    expect(text).toContain('Paid on 15 Oct 2026');
    expect(text).toContain('£330.50');
  });
});

describe('commission earned on approved time', () => {
  it('says which week of time it was earned on', async () => {
    const contractor = await makeSignedIn(ctx);
    const customer = await makeSignedIn(ctx);
    const placement = await makePlacement(ctx.db, { by: drafter.user, referrer: sam.user, contractor: contractor.user, client: customer.user, now: ctx.clock.now() });
    const sheet = await makeTimesheet(ctx.db, {
      placement,
      contractor: contractor.user,
      weekStarting: '2026-06-01',
      units: [8, 8, 8, 8, 8],
      status: 'approved',
      decidedBy: drafter.user,
      now: ctx.clock.now(),
    });
    const [earned] = await ctx.db
      .select({ id: commissions.id })
      .from(commissions)
      .where(and(eq(commissions.timesheetId, sheet.id), eq(commissions.kind, 'time')));
    const run = await makePayoutRun(ctx.db, ctx.config.payoutKey, {
      createdBy: drafter.user.id,
      approvedBy: approver.user.id,
      status: 'approved',
      periodEnd: '2026-06-30',
      lines: [{ partnerId: sam.user.id, account: PAYPAL, commissions: [], existingCommissionIds: [earned.id] }],
    });
    // a cell's text may wrap onto a second line
    const text = pdfText((await sam.api.get(`/api/payouts/${run.lines[0].line.id}/statement.pdf`)).rawPayload).replace(/\s*\n\s*/g, ' ');
    expect(text).toContain('Approved time (week starting 1 Jun 2026)');
    expect(text).toContain('Sam Paypal');
  });
});

describe('a statement longer than a page', () => {
  it('continues on the next pages with the table header repeated, and the carried-over amounts and total at the end', async () => {
    const long = await makePayoutRun(ctx.db, ctx.config.payoutKey, {
      createdBy: drafter.user.id,
      approvedBy: approver.user.id,
      status: 'approved',
      periodEnd: '2026-12-31',
      lines: [{ partnerId: outsider.user.id, account: PAYPAL, commissions: Array.from({ length: 70 }, (_, i) => ({ amount: '10.00', company: `Client ${i + 1} Ltd` })) }],
    });
    const res = await outsider.api.get(`/api/payouts/${long.lines[0].line.id}/statement.pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.split('\n').filter((t) => t === 'Earned on')).toHaveLength(pages);
    for (let i = 1; i <= 70; i += 1) expect(text).toContain(`Client ${i} Ltd`);
    // the partner was carried over in the approved run (below the minimum then)
    expect(text).toContain('Carried over from earlier runs');
    expect(text).toContain(`CP${String(approved.run.number).padStart(4, '0')}`);
    expect(text).toContain('£10.00');
    expect(text).toContain('£700.00');
  });
});

describe('the yearly earnings statements', () => {
  it('lists only the tax years the partner was paid in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/earnings-statements' })).statusCode).toBe(401);
    expect(await priya.api.getOk(earningsStatementListSchema, '/api/earnings-statements')).toEqual({ taxYears: ['2026-27'] });
    expect(await sam.api.getOk(earningsStatementListSchema, '/api/earnings-statements')).toEqual({ taxYears: [] });
  });

  it('is the partner’s own commissions paid in the tax year, as CSV with the total', async () => {
    const res = await priya.api.get('/api/earnings-statements/2026-27.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Paid on', 'Company', 'Earned on', 'Reference', 'Amount (GBP)']);
    const ref = paid.lines[0].line.reference;
    expect(rows).toHaveLength(5);
    // both were paid at the same moment: their order between them is not part of the statement
    expect(rows.slice(1, 3)).toEqual(
      expect.arrayContaining([
        ['2026-10-15', 'Northwind Ltd', 'Closed won', ref, '250.00'],
        ['2026-10-15', expect.stringMatching(/Ltd$/), 'Closed won', ref, '80.50'],
      ]),
    );
    expect(rows[3]).toEqual(['Total', '', '', '', '330.50']);
    expect(rows[4][0]).toMatch(/paid gross/i);
  });

  it('is a PDF with the total and "paid gross"', async () => {
    const res = await priya.api.get('/api/earnings-statements/2026-27.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('2026-27');
    expect(text).toContain('£330.50');
    expect(text).toMatch(/paid gross/i);
  });

  it('does not exist for a year the partner was not paid in, or for another partner', async () => {
    expectError(await priya.api.get('/api/earnings-statements/2025-26.pdf'), 404, 'not_found');
    expectError(await sam.api.get('/api/earnings-statements/2026-27.csv'), 404, 'not_found');
    expectError(await priya.api.get('/api/earnings-statements/2026-28.pdf'), 404, 'not_found');
    expect((await priya.api.get('/api/earnings-statements/2026.pdf')).statusCode).toBe(400);
  });
});
