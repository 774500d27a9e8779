import { fromPence, toPence } from '../../common/rules/money.ts';

/** A stored instant as the API sends it (ISO 8601, UTC); null stays null. */
export function iso(d: Date): string;
export function iso(d: Date | null | undefined): string | null;
export function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** A numeric column's text ("7440", "7440.5") as the API sends money: exact pounds with two places ("7440.50"). */
export function money(numericText: string | null | undefined): string {
  if (numericText == null) return '0.00';
  // a numeric(…, 2) column's text is already the wire form (non-negative, two places): no need to go through pence
  if (TWO_PLACES.test(numericText) && (numericText.length === 4 || numericText[0] !== '0')) return numericText;
  return fromPence(toPence(numericText));
}

const TWO_PLACES = /^\d+\.\d{2}$/;

/** Integer pence as the API sends money ("7440.50"). */
export const moneyFromPence = (pence: number): string => fromPence(pence);
