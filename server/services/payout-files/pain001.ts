import { DateTime } from 'luxon';
import { create } from 'xmlbuilder2';
import { fromPence } from '../../../common/rules/money.ts';

/**
 * The bank file of a payout run: an ISO 20022 credit transfer initiation (pain.001.001.03), the message UK banks
 * take for bulk BACS payments uploaded to their business portals. One payment instruction, in GBP, from the
 * organisation's own account, with one transfer per partner paid by bank transfer. The builder is pure: it gets
 * the opened account details and answers the XML text.
 *
 * How accounts are written:
 * - a UK account is the 14 digits of sort code and account number in CdtrAcct/Id/Othr/Id with the scheme code
 *   BBAN, and the sort code again as the agent's clearing system member (GBDSC, the UK domestic sort code);
 * - an international account is its IBAN, with the BIC of its bank as the creditor agent.
 * Text goes through `bankText`: the Latin letters, digits and punctuation the payment schemes carry, within the
 * schema's length (names 70, remittance information 140, identifiers 35).
 */

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
const ZONE = 'Europe/London';

export type BankAccount = { accountName: string; sortCode: string; accountNumber: string } | { accountName: string; iban: string; bic: string };

/** The organisation's own account the run is paid from (PAYOUT_DEBTOR_* settings). */
export interface PayoutDebtor {
  name: string;
  sortCode?: string;
  accountNumber?: string;
  iban?: string;
  bic?: string;
}

export interface BankTransfer {
  /** The line's payment reference (CP0007-0042): the end-to-end id and the remittance information. */
  reference: string;
  amountPence: number;
  account: BankAccount;
}

export interface Pain001Input {
  /** "CP0007" */
  runReference: string;
  createdAt: Date;
  /** The day the bank is asked to pay (ISO date). */
  executionDate: string;
  debtor: PayoutDebtor;
  transfers: BankTransfer[];
}

/**
 * Text as the payment schemes carry it: accents dropped, "&" written "and", anything else outside letters,
 * digits, space and / - ? : ( ) . , ' + turned into a space, cut to `max` characters.
 */
export function bankText(value: string, max: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim();
}

const digits = (v: string) => v.replace(/\D/g, '');
const compact = (v: string) => v.replace(/\s/g, '').toUpperCase();

/** Good Friday and Easter Monday of a year (the only bank holidays that can fall on or just after the 15th). */
function easterHolidays(year: number): string[] {
  // the anonymous Gregorian computus
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const easter = DateTime.fromObject({ year, month, day }, { zone: ZONE });
  return [easter.minus({ days: 2 }).toISODate()!, easter.plus({ days: 1 }).toISODate()!];
}

/**
 * The payment day of a run approved at `approvedAt`: the 15th of the month (London), the approval day itself when
 * it is the 15th, else the next 15th; when that is a Saturday, a Sunday or an Easter bank holiday, the next
 * working day (the other bank holidays never fall between the 15th and the 18th).
 */
export function paymentDay(approvedAt: Date): string {
  const approved = DateTime.fromJSDate(approvedAt, { zone: ZONE }).startOf('day');
  let day = approved.set({ day: 15 });
  if (day < approved) day = day.plus({ months: 1 });
  const holidays = new Set([...easterHolidays(day.year)]);
  while (day.weekday > 5 || holidays.has(day.toISODate()!)) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

type Node = ReturnType<ReturnType<typeof create>['ele']>;

function account(parent: Node, name: string, a: { sortCode?: string; accountNumber?: string; iban?: string }): void {
  const id = parent.ele(name).ele('Id');
  if (a.iban) id.ele('IBAN').txt(compact(a.iban));
  else {
    const othr = id.ele('Othr');
    othr.ele('Id').txt(`${digits(a.sortCode ?? '')}${digits(a.accountNumber ?? '')}`);
    othr.ele('SchmeNm').ele('Cd').txt('BBAN');
  }
}

function agent(parent: Node, name: string, a: { sortCode?: string; iban?: string; bic?: string }): void {
  const fin = parent.ele(name).ele('FinInstnId');
  if (a.bic) fin.ele('BIC').txt(compact(a.bic));
  else if (a.sortCode && !a.iban) {
    const member = fin.ele('ClrSysMmbId');
    member.ele('ClrSysId').ele('Cd').txt('GBDSC');
    member.ele('MmbId').txt(digits(a.sortCode));
  } else fin.ele('Othr').ele('Id').txt('NOTPROVIDED');
}

/** The pain.001.001.03 document for the transfers, as UTF-8 XML text. */
export function buildPain001(input: Pain001Input): string {
  const { runReference, createdAt, executionDate, debtor, transfers } = input;
  if (!transfers.length) throw new Error('A bank file needs at least one transfer');
  const total = transfers.reduce((s, t) => s + t.amountPence, 0);
  const stamp = DateTime.fromJSDate(createdAt, { zone: 'UTC' });
  const msgId = bankText(`${runReference}-${stamp.toFormat("yyyyMMdd'T'HHmmss")}`, 35);

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(NS, 'Document').ele('CstmrCdtTrfInitn');
  const head = root.ele('GrpHdr');
  head.ele('MsgId').txt(msgId);
  head.ele('CreDtTm').txt(stamp.toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'"));
  head.ele('NbOfTxs').txt(String(transfers.length));
  head.ele('CtrlSum').txt(fromPence(total));
  head.ele('InitgPty').ele('Nm').txt(bankText(debtor.name, 70));

  const pmt = root.ele('PmtInf');
  pmt.ele('PmtInfId').txt(bankText(runReference, 35));
  pmt.ele('PmtMtd').txt('TRF');
  pmt.ele('BtchBookg').txt('true');
  pmt.ele('NbOfTxs').txt(String(transfers.length));
  pmt.ele('CtrlSum').txt(fromPence(total));
  pmt.ele('ReqdExctnDt').txt(executionDate);
  pmt.ele('Dbtr').ele('Nm').txt(bankText(debtor.name, 70));
  account(pmt, 'DbtrAcct', debtor);
  agent(pmt, 'DbtrAgt', debtor);
  // each side pays its own bank's charges, as domestic transfers always do
  pmt.ele('ChrgBr').txt('SLEV');

  for (const t of transfers) {
    const tx = pmt.ele('CdtTrfTxInf');
    const pmtId = tx.ele('PmtId');
    pmtId.ele('InstrId').txt(bankText(t.reference, 35));
    pmtId.ele('EndToEndId').txt(bankText(t.reference, 35));
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'GBP' }).txt(fromPence(t.amountPence));
    const a = t.account;
    agent(tx, 'CdtrAgt', 'iban' in a ? { iban: a.iban, bic: a.bic } : { sortCode: a.sortCode });
    tx.ele('Cdtr')
      .ele('Nm')
      .txt(bankText(a.accountName, 70) || 'Partner');
    account(tx, 'CdtrAcct', a);
    tx.ele('RmtInf').ele('Ustrd').txt(bankText(t.reference, 140));
  }
  return doc.end({ prettyPrint: true });
}
