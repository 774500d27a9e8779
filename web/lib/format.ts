/**
 * Formatting at the edge of the screen: pounds sterling and dates in the en-GB style. Money arrives as exact
 * decimal strings ("7440.00"); code that adds or compares amounts converts them to integer pence first
 * (`toPence`) and formats the result with `formatPence`.
 */

const gbp0 = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const gbp2 = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
const longDateFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(n) ? (n as number) : 0;
}

/** £1,235 from integer pence (a sum or difference computed on the client). */
export function formatPence(pence: number, decimals: 0 | 2 = 0): string {
  return formatGBP(pence / 100, decimals);
}

/** £1,235 — dashboard, lead, pipeline and leaderboard values (a money string from the API, or pounds typed in a form). */
export function formatGBP(value: number | string | null | undefined, decimals: 0 | 2 = 0): string {
  return (decimals === 2 ? gbp2 : gbp0).format(toNumber(value));
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // a bare calendar date (YYYY-MM-DD) is a day, not an instant: read it as local midnight
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 21/11/2026 */
export function formatDate(value: string | number | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? dateFmt.format(d) : fallback;
}

/** 21 November 2026 */
export function formatLongDate(value: string | number | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? longDateFmt.format(d) : fallback;
}

/** 21 Nov 2026, 14:05 */
export function formatDateTime(value: string | number | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : fallback;
}

/** A fraction as a percentage with one decimal: 0.6667 → 66.7% */
export function formatPercent(fraction: number | null | undefined, decimals = 1): string {
  return `${(toNumber(fraction) * 100).toFixed(decimals)}%`;
}
