import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { fromPence, toPence } from '../../common/rules/money.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { commissions, leads, payoutDetails, payoutLineCommissions, payoutLines, payoutRuns, timesheets, users } from '../db/schema/index.ts';
import { csvLine } from '../lib/csv.ts';
import { pounds, StatementPdf, type PdfTableRow } from './payout-pdf.ts';

/**
 * The partner's payout documents: the remittance statement of one payout (what a run paid them and for what)
 * and the yearly earnings statement for a UK tax year (6 April to 5 April), as PDF and CSV. Commission is paid
 * gross: nothing is deducted, and a VAT-registered partner accounts for VAT on their own invoice.
 */

const ZONE = 'Europe/London';
const PAID_GROSS = 'Paid gross: no tax or VAT has been deducted. You are responsible for declaring this income.';

/** "CP0007" from a run number. */
export function runReference(number: number): string {
  return `CP${String(number).padStart(4, '0')}`;
}

/** "2026-11-03" → "3 Nov 2026". */
export function dayLabel(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: ZONE }).toFormat('d LLL yyyy');
}

function instantDay(at: Date): string {
  return DateTime.fromJSDate(at, { zone: ZONE }).toISODate() ?? '';
}

/** "0.1250" → "12.5%". */
function rateLabel(rate: string): string {
  return `${Number((Number(rate) * 100).toFixed(2))}%`;
}

/** What a commission was earned on, in the words the statements use. */
export function earnedOnLabel(kind: string, weekStarting: string | null): string {
  if (kind === 'time') return weekStarting ? `Approved time (week starting ${dayLabel(weekStarting)})` : 'Approved time';
  if (kind === 'adjustment') return weekStarting ? `Correction to approved time (week starting ${dayLabel(weekStarting)})` : 'Correction to approved time';
  return 'Closed won';
}

const methodLabel = (method: string | null) => (method === 'paypal' ? 'PayPal' : method === 'bank' ? 'Bank transfer' : 'Not recorded');

export class StatementNotFound extends Error {}

/** The remittance statement of one payout line, as a PDF (attached to the "paid" e-mail and downloadable). */
export async function remittanceStatementPdf(db: Db, config: Config, lineId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [row] = await db
    .select({
      line: payoutLines,
      run: payoutRuns,
      firstName: users.firstName,
      lastName: users.lastName,
      vatNumber: payoutDetails.vatNumber,
      vatRegistered: payoutDetails.vatRegistered,
    })
    .from(payoutLines)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId))
    .innerJoin(users, eq(users.id, payoutLines.partnerId))
    .leftJoin(payoutDetails, eq(payoutDetails.userId, payoutLines.partnerId))
    .where(eq(payoutLines.id, lineId))
    .limit(1);
  if (!row) throw new StatementNotFound('No such payout');
  const { line, run } = row;

  // the commissions the line paid: its open claims, and for a failed line the claims its failure released
  const claimed = await db
    .select({
      amountPence: payoutLineCommissions.amountPence,
      company: leads.companyName,
      kind: commissions.kind,
      basis: commissions.basis,
      rate: commissions.rate,
      createdAt: commissions.createdAt,
      weekStarting: timesheets.weekStarting,
    })
    .from(payoutLineCommissions)
    .innerJoin(commissions, eq(commissions.id, payoutLineCommissions.commissionId))
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .leftJoin(timesheets, eq(timesheets.id, commissions.timesheetId))
    .where(
      and(
        eq(payoutLineCommissions.lineId, line.id),
        line.state === 'failed'
          ? sql`true`
          : or(isNull(payoutLineCommissions.releasedAt), run.approvedAt ? gte(payoutLineCommissions.releasedAt, run.approvedAt) : sql`false`),
      ),
    )
    .orderBy(asc(commissions.createdAt), asc(commissions.id));

  // amounts left over from earlier runs (below the minimum then) that this payout includes
  const carried = await db
    .select({ number: payoutRuns.number, periodEnd: payoutRuns.periodEnd, amountPence: payoutLines.amountPence })
    .from(payoutLines)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId))
    .where(
      and(
        eq(payoutLines.partnerId, line.partnerId),
        eq(payoutLines.state, 'carried_over'),
        lt(payoutRuns.number, run.number),
        sql`${payoutRuns.status} <> 'cancelled'`,
        sql`${payoutRuns.number} > coalesce((select max(r2.number) from payout_lines l2 join payout_runs r2 on r2.id = l2.run_id
              where l2.partner_id = ${line.partnerId} and l2.state in ('paid', 'payable') and r2.status in ('approved', 'paid') and r2.number < ${run.number}), 0)`,
      ),
    )
    .orderBy(asc(payoutRuns.number));

  const partner = `${row.firstName} ${row.lastName}`;
  const status =
    line.state === 'paid' && run.valueDate
      ? `Paid on ${dayLabel(run.valueDate)}`
      : line.state === 'failed'
        ? 'Payment failed: it will be retried in the next run'
        : 'Scheduled';
  const doc = new StatementPdf(`Remittance statement ${line.reference}`, config.brandName);
  doc.header(config.brandName, config.supportEmail, 'Remittance statement', `Payment reference ${line.reference}`);
  doc.facts([
    ['Partner', partner],
    ['VAT number', row.vatRegistered && row.vatNumber ? row.vatNumber : 'Not VAT registered'],
    ['Period', `Commission earned up to ${dayLabel(run.periodEnd)}`],
    ['Payout run', runReference(run.number)],
    ['Reference', line.reference],
    ['Payment method', `${methodLabel(line.method)}${line.maskedDetails ? ` ${line.maskedDetails}` : ''}`],
    ['Status', status],
  ]);

  doc.heading('Commissions');
  const rows: PdfTableRow[] = claimed.map((c) => ({
    cells: [c.company, earnedOnLabel(c.kind, c.weekStarting), pounds(toPence(c.basis)), rateLabel(c.rate), pounds(c.amountPence)],
  }));
  const total = claimed.reduce((s, c) => s + c.amountPence, 0);
  rows.push({ cells: ['Total', '', '', '', pounds(line.amountPence)], strong: true });
  doc.table(
    [
      { label: 'Company', width: 30 },
      { label: 'Earned on', width: 35 },
      { label: 'Basis', width: 13, align: 'right' },
      { label: 'Rate', width: 10, align: 'right' },
      { label: 'Amount', width: 12, align: 'right' },
    ],
    rows,
  );
  if (carried.length) {
    doc.heading('Carried over from earlier runs');
    doc.paragraph('These amounts were below the minimum payout when those runs were drafted; they are included in the total above.', { muted: true });
    doc.table(
      [
        { label: 'Run', width: 30 },
        { label: 'Period', width: 45 },
        { label: 'Amount', width: 25, align: 'right' },
      ],
      carried.map((c) => ({ cells: [runReference(c.number), `Up to ${dayLabel(c.periodEnd)}`, pounds(c.amountPence)] })),
    );
  }
  if (total !== line.amountPence) doc.paragraph(`Commissions listed: ${pounds(total)}.`, { muted: true });
  doc.paragraph(`Total ${pounds(line.amountPence)}, paid gross: no VAT or tax deducted.`, { bold: true });
  doc.paragraph(PAID_GROSS, { muted: true });
  doc.paragraph(`Questions about this statement: ${config.supportEmail}, quoting ${line.reference}.`, { muted: true });
  const pdf = await doc.finish(`${config.brandName} · Remittance statement ${line.reference}`);
  return { filename: `remittance-${line.reference}.pdf`, pdf };
}

/** A UK tax year's bounds: "2025-26" → 6 April 2025 to 5 April 2026 inclusive, as London instants [from, to). */
export function taxYearBounds(taxYear: string): { from: Date; to: Date; first: string; last: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(taxYear);
  if (!m) return null;
  const start = Number(m[1]);
  if (Number(m[2]) !== (start + 1) % 100 || start < 2000 || start > 2999) return null;
  const from = DateTime.fromObject({ year: start, month: 4, day: 6 }, { zone: ZONE });
  const to = from.plus({ years: 1 });
  return { from: from.toJSDate(), to: to.toJSDate(), first: from.toISODate() ?? '', last: to.minus({ days: 1 }).toISODate() ?? '' };
}

/** The tax year an instant falls in (London): 5 April 2026 is in "2025-26", 6 April 2026 in "2026-27". */
export function taxYearOf(at: Date): string {
  const d = DateTime.fromJSDate(at, { zone: ZONE });
  const start = d.month > 4 || (d.month === 4 && d.day >= 6) ? d.year : d.year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The tax years in which the partner was paid commission, newest first. */
export async function earningsTaxYears(db: Db, partnerId: string): Promise<string[]> {
  const rows = await db
    .select({ paidAt: commissions.paidAt })
    .from(commissions)
    .where(and(eq(commissions.partnerId, partnerId), eq(commissions.status, 'paid'), sql`${commissions.paidAt} is not null`));
  return [...new Set(rows.map((r) => taxYearOf(r.paidAt as Date)))].sort().reverse();
}

interface EarningsRow {
  paidOn: string;
  company: string;
  earnedOn: string;
  reference: string;
  amountPence: number;
}

async function earningsRows(db: Db, partnerId: string, from: Date, to: Date): Promise<EarningsRow[]> {
  const rows = await db
    .select({
      paidAt: commissions.paidAt,
      company: leads.companyName,
      kind: commissions.kind,
      weekStarting: timesheets.weekStarting,
      amount: commissions.amount,
      reference: sql<string | null>`(select pl.reference from payout_line_commissions plc join payout_lines pl on pl.id = plc.line_id
        where plc.commission_id = ${commissions.id} and plc.released_at is null and pl.state = 'paid' limit 1)`,
    })
    .from(commissions)
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .leftJoin(timesheets, eq(timesheets.id, commissions.timesheetId))
    .where(and(eq(commissions.partnerId, partnerId), eq(commissions.status, 'paid'), gte(commissions.paidAt, from), lt(commissions.paidAt, to)))
    .orderBy(asc(commissions.paidAt), asc(commissions.createdAt), asc(commissions.id));
  return rows.map((r) => ({
    paidOn: instantDay(r.paidAt as Date),
    company: r.company,
    earnedOn: earnedOnLabel(r.kind, r.weekStarting),
    reference: r.reference ?? '',
    amountPence: toPence(r.amount),
  }));
}

async function partnerName(db: Db, partnerId: string): Promise<{ name: string; vat: string }> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, vatRegistered: payoutDetails.vatRegistered, vatNumber: payoutDetails.vatNumber })
    .from(users)
    .leftJoin(payoutDetails, eq(payoutDetails.userId, users.id))
    .where(eq(users.id, partnerId))
    .limit(1);
  if (!u) throw new StatementNotFound('No such partner');
  return { name: `${u.firstName} ${u.lastName}`, vat: u.vatRegistered && u.vatNumber ? u.vatNumber : 'Not VAT registered' };
}

/** The yearly earnings statement as a PDF; null when the tax year is malformed. */
export async function earningsStatementPdf(db: Db, config: Config, partnerId: string, taxYear: string): Promise<{ filename: string; pdf: Buffer } | null> {
  const bounds = taxYearBounds(taxYear);
  if (!bounds) return null;
  const [who, rows] = await Promise.all([partnerName(db, partnerId), earningsRows(db, partnerId, bounds.from, bounds.to)]);
  const total = rows.reduce((s, r) => s + r.amountPence, 0);
  const doc = new StatementPdf(`Earnings statement ${taxYear}`, config.brandName);
  doc.header(config.brandName, config.supportEmail, `Earnings statement, tax year ${taxYear}`, `${dayLabel(bounds.first)} to ${dayLabel(bounds.last)}`);
  doc.facts([
    ['Partner', who.name],
    ['VAT number', who.vat],
    ['Tax year', `${taxYear} (${dayLabel(bounds.first)} to ${dayLabel(bounds.last)})`],
    ['Commissions paid', String(rows.length)],
  ]);
  doc.heading('Commission paid in the tax year');
  doc.table(
    [
      { label: 'Paid on', width: 13 },
      { label: 'Company', width: 26 },
      { label: 'Earned on', width: 31 },
      { label: 'Reference', width: 16 },
      { label: 'Amount', width: 14, align: 'right' },
    ],
    [
      ...rows.map((r) => ({ cells: [dayLabel(r.paidOn), r.company, r.earnedOn, r.reference, pounds(r.amountPence)] })),
      { cells: ['Total', '', '', '', pounds(total)], strong: true },
    ],
  );
  doc.paragraph(`Total paid in ${taxYear}: ${pounds(total)}, paid gross.`, { bold: true });
  doc.paragraph(PAID_GROSS, { muted: true });
  const pdf = await doc.finish(`${config.brandName} · Earnings statement ${taxYear}`);
  return { filename: `earnings-${taxYear}.pdf`, pdf };
}

/** The same statement as CSV (formula-safe cells): one row per commission, then the total. */
export async function earningsStatementCsv(db: Db, partnerId: string, taxYear: string): Promise<{ filename: string; csv: string } | null> {
  const bounds = taxYearBounds(taxYear);
  if (!bounds) return null;
  const rows = await earningsRows(db, partnerId, bounds.from, bounds.to);
  let csv = csvLine(['Paid on', 'Company', 'Earned on', 'Reference', 'Amount (GBP)']);
  for (const r of rows) csv += csvLine([r.paidOn, r.company, r.earnedOn, r.reference, fromPence(r.amountPence)]);
  csv += csvLine(['Total', '', '', '', fromPence(rows.reduce((s, r) => s + r.amountPence, 0))]);
  csv += csvLine(['Paid gross: no tax or VAT deducted', '', '', '', '']);
  return { filename: `earnings-${taxYear}.csv`, csv };
}
