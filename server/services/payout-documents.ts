import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYPAL_FILE_MAX_ROWS } from '../../common/schemas/payouts.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { payoutLines, payoutRuns } from '../db/schema/index.ts';
import { AppError } from '../../common/errors.ts';
import { openPayoutAccount } from '../lib/payout-account.ts';
import { authorize } from '../policies/authorize.ts';
import { PAYOUT_MESSAGES, payoutRunPermission, payoutStatementPermission } from '../policies/payouts.ts';
import type { Actor } from '../policies/roles.ts';
import { recordAudit } from './audit.ts';
import { buildPain001, paymentDay, type BankTransfer } from './payout-files/pain001.ts';
import { buildPaypalCsv, paypalPartCount, type PaypalTransfer } from './payout-files/paypal.ts';
import { earningsStatementCsv, earningsStatementPdf, earningsTaxYears, remittanceStatementPdf, runReference } from './payout-statement.ts';

/**
 * The documents of payout runs: the payment files an administrator uploads to the bank and to PayPal (from an
 * approved or paid run, with the details frozen at approval, opened only here and only for the file), and the
 * partner's statements. A download of a payment file holds partners' bank details, so each one is audited.
 */

export const PAYOUT_FILE_MESSAGES = {
  noDebtor:
    "The bank file needs the organisation's own account: set PAYOUT_DEBTOR_NAME and PAYOUT_DEBTOR_SORT_CODE with PAYOUT_DEBTOR_ACCOUNT (or PAYOUT_DEBTOR_IBAN) on the server.",
  noBankLines: 'This run pays nobody by bank transfer.',
  noPaypalLines: 'This run pays nobody by PayPal.',
  noPaypalPart: 'This run has no such PayPal file.',
  taxYearNotFound: 'No earnings statement for that tax year.',
} as const;

/** The lines a run's files pay: payable (or, once paid, paid) lines with their details as frozen at approval. */
async function fileLines(db: Db, actor: Actor, runId: string) {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).limit(1);
  if (!run) throw new AppError('not_found', PAYOUT_MESSAGES.notFound);
  const [paidHere] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payoutLines)
    .where(and(eq(payoutLines.runId, run.id), eq(payoutLines.partnerId, actor.id), sql`${payoutLines.state} in ('payable', 'paid')`));
  authorize(payoutRunPermission(actor, 'downloadFiles', { status: run.status, createdBy: run.createdBy, actorPaidInRun: (paidHere?.n ?? 0) > 0 }));
  // what the run pays, as its totals count it: payable lines, or once paid the paid ones (failed lines are not in it)
  const lines = await db
    .select({ id: payoutLines.id, reference: payoutLines.reference, amountPence: payoutLines.amountPence, method: payoutLines.method, sealed: payoutLines.sealedDetails })
    .from(payoutLines)
    .where(and(eq(payoutLines.runId, run.id), sql`${payoutLines.state} in ('payable', 'paid')`, sql`${payoutLines.sealedDetails} is not null`))
    .orderBy(asc(payoutLines.reference));
  return { run, lines };
}

/** The run's bank file (pain.001.001.03) for its bank-transfer lines; audited. */
export async function payoutBankFile(db: Db, config: Config, actor: Actor, runId: string, now: Date): Promise<{ filename: string; xml: string }> {
  const { run, lines } = await fileLines(db, actor, runId);
  const debtor = config.payoutDebtor;
  if (!debtor) throw new AppError('conflict', PAYOUT_FILE_MESSAGES.noDebtor);
  const transfers: BankTransfer[] = [];
  for (const line of lines) {
    if (line.method !== 'bank' || !line.sealed) continue;
    const account = openPayoutAccount(config.payoutKey, line.sealed);
    if (account.method !== 'bank') continue;
    transfers.push({ reference: line.reference, amountPence: line.amountPence, account });
  }
  if (!transfers.length) throw new AppError('conflict', PAYOUT_FILE_MESSAGES.noBankLines);
  const reference = runReference(run.number);
  // a paid run's file carries the day the money left; an approved one asks for the payment day after approval
  const executionDate = run.valueDate ?? paymentDay(run.approvedAt ?? now);
  const xml = buildPain001({ runReference: reference, createdAt: now, executionDate, debtor, transfers });
  await recordAudit(db, {
    actorId: actor.id,
    action: 'payout_run.download_file',
    entityType: 'payout_run',
    entityId: run.id,
    after: { file: 'bank', transferCount: transfers.length, totalPence: transfers.reduce((s, t) => s + t.amountPence, 0) },
    at: now,
  });
  return { filename: `${reference}-bank.xml`, xml };
}

/** Part `part` of the run's PayPal file (5,000 payouts a file); audited. */
export async function payoutPaypalFile(
  db: Db,
  config: Config,
  actor: Actor,
  runId: string,
  part: number,
  now: Date,
): Promise<{ filename: string; csv: string; parts: number }> {
  const { run, lines } = await fileLines(db, actor, runId);
  const transfers: PaypalTransfer[] = [];
  for (const line of lines) {
    if (line.method !== 'paypal' || !line.sealed) continue;
    const account = openPayoutAccount(config.payoutKey, line.sealed);
    if (account.method !== 'paypal') continue;
    transfers.push({ email: account.paypalEmail, amountPence: line.amountPence, reference: line.reference });
  }
  if (!transfers.length) throw new AppError('conflict', PAYOUT_FILE_MESSAGES.noPaypalLines);
  const parts = paypalPartCount(transfers.length, PAYPAL_FILE_MAX_ROWS);
  const csv = buildPaypalCsv(transfers, config.brandName, part, PAYPAL_FILE_MAX_ROWS);
  if (csv === null) throw new AppError('not_found', PAYOUT_FILE_MESSAGES.noPaypalPart);
  const inPart = transfers.slice((part - 1) * PAYPAL_FILE_MAX_ROWS, part * PAYPAL_FILE_MAX_ROWS);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'payout_run.download_file',
    entityType: 'payout_run',
    entityId: run.id,
    after: { file: parts > 1 ? `paypal part ${part} of ${parts}` : 'paypal', transferCount: inPart.length, totalPence: inPart.reduce((s, t) => s + t.amountPence, 0) },
    at: now,
  });
  const reference = runReference(run.number);
  return { filename: parts > 1 ? `${reference}-paypal-${part}-of-${parts}.csv` : `${reference}-paypal.csv`, csv, parts };
}

/**
 * A payout's remittance statement: the partner it pays, once its run is approved (and only for a line that pays
 * them), or any administrator; anyone else, and a partner asking too early, gets the same 404.
 */
export async function payoutStatement(db: Db, config: Config, actor: Actor, lineId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [line] = await db
    .select({ partnerId: payoutLines.partnerId, state: payoutLines.state, status: payoutRuns.status })
    .from(payoutLines)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutLines.runId))
    .where(eq(payoutLines.id, lineId))
    .limit(1);
  if (!line) throw new AppError('not_found', PAYOUT_MESSAGES.statementNotFound);
  authorize(payoutStatementPermission(actor, line));
  return remittanceStatementPdf(db, config, lineId);
}

/** The tax years the signed-in partner was paid commission in. */
export async function listEarningsStatements(db: Db, actor: Actor): Promise<{ taxYears: string[] }> {
  return { taxYears: await earningsTaxYears(db, actor.id) };
}

/** The signed-in partner's earnings statement for a tax year they were paid in, as PDF or CSV. */
export async function earningsStatement(
  db: Db,
  config: Config,
  actor: Actor,
  taxYear: string,
  format: 'pdf' | 'csv',
): Promise<{ filename: string; body: Buffer | string; type: string }> {
  const years = await earningsTaxYears(db, actor.id);
  if (!years.includes(taxYear)) throw new AppError('not_found', PAYOUT_FILE_MESSAGES.taxYearNotFound);
  if (format === 'csv') {
    const made = await earningsStatementCsv(db, actor.id, taxYear);
    if (!made) throw new AppError('not_found', PAYOUT_FILE_MESSAGES.taxYearNotFound);
    return { filename: made.filename, body: made.csv, type: 'text/csv; charset=utf-8' };
  }
  const made = await earningsStatementPdf(db, config, actor.id, taxYear);
  if (!made) throw new AppError('not_found', PAYOUT_FILE_MESSAGES.taxYearNotFound);
  return { filename: made.filename, body: made.pdf, type: 'application/pdf' };
}
