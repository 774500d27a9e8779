import { fromPence } from '../../../common/rules/money.ts';
import { PAYPAL_FILE_MAX_ROWS } from '../../../common/schemas/payouts.ts';
import { csvLine } from '../../lib/csv.ts';

/**
 * The PayPal file of a payout run, as PayPal's Payouts web upload takes it: no header row, one payout a row —
 * recipient e-mail, amount (pounds, two places), currency (GBP), a customer id (the line's payment reference:
 * at most 30 characters, no spaces), the note the recipient sees, and the wallet (PAYPAL). PayPal takes at most
 * 5,000 rows a file, so a larger run comes in parts, each a file of its own. Cells go through the formula-safe
 * CSV writer: an address is the partner's own text.
 */

export interface PaypalTransfer {
  email: string;
  amountPence: number;
  /** The line's payment reference (CP0007-0042). */
  reference: string;
}

/** How many files the transfers take. */
export function paypalPartCount(count: number, maxRows = PAYPAL_FILE_MAX_ROWS): number {
  return Math.max(1, Math.ceil(count / maxRows));
}

/** Part `part` (from 1) of the PayPal file; null past the last part. */
export function buildPaypalCsv(transfers: PaypalTransfer[], organisation: string, part = 1, maxRows = PAYPAL_FILE_MAX_ROWS): string | null {
  if (!Number.isInteger(part) || part < 1 || part > paypalPartCount(transfers.length, maxRows)) return null;
  const rows = transfers.slice((part - 1) * maxRows, part * maxRows);
  return rows
    .map((t) =>
      csvLine([
        t.email.trim(),
        fromPence(t.amountPence),
        'GBP',
        t.reference.replace(/\s/g, '').slice(0, 30),
        `${organisation} commission, reference ${t.reference}`.slice(0, 400),
        'PAYPAL',
      ]),
    )
    .join('');
}
