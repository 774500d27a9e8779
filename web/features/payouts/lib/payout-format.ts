import type { PartnerPayout, PayoutLineState, PayoutMethod, PayoutRunStatus } from '../../../../common/schemas/payouts.ts';

/** Today's calendar day in London ("2026-11-27"): payment days and value dates are London days. */
export function londonToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The last day of the London month before today's ("2026-10-31" in November 2026): the period a run pays by default. */
export function endOfLastLondonMonth(now = new Date()): string {
  const [y, m] = londonToday(now).split('-').map(Number);
  // day 0 of this month is the last day of the previous one
  const last = new Date(Date.UTC(y, m - 1, 0));
  return last.toISOString().slice(0, 10);
}

/** Whether a calendar day is the last of its month. */
function isMonthEnd(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day as "31 Oct 2026"; a dash for none. */
export function dayLabel(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '—';
  return dayMonthYear.format(new Date(`${day}T00:00:00Z`));
}

/** A run's period by its end: a whole month reads "October 2026", any other end "to 12 Nov 2026". */
export function periodLabel(periodEnd: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(periodEnd)) return periodEnd;
  return isMonthEnd(periodEnd) ? monthYear.format(new Date(`${periodEnd}T00:00:00Z`)) : `to ${dayLabel(periodEnd)}`;
}

type Tone = 'success' | 'warning' | 'secondary' | 'outline' | 'destructive';

/** How each run status reads and looks. */
export const RUN_STATUS: Record<PayoutRunStatus, { label: string; variant: Tone }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

/** How each of the partner's own payout statuses reads and looks. */
export const PARTNER_PAYOUT_STATUS: Record<PartnerPayout['status'], { label: string; variant: Tone }> = {
  scheduled: { label: 'Scheduled', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const METHOD_LABELS: Record<PayoutMethod, string> = { bank: 'Bank transfer', paypal: 'PayPal' };

/** A payout method with its masked account: "Bank transfer •••• 5678"; a dash when there are no details. */
export function methodText(method: PayoutMethod | null, masked: string | null): string {
  if (!method) return '—';
  return masked ? `${METHOD_LABELS[method]} ${masked}` : METHOD_LABELS[method];
}

/** The tabs of a run's lines: what a paid run paid is under "Paid", what it will pay under "Payable" until then. */
export function lineTabs(status: PayoutRunStatus): Array<{ state: PayoutLineState; label: string }> {
  return [
    status === 'paid' ? { state: 'paid', label: 'Paid' } : { state: 'payable', label: 'Payable' },
    { state: 'held', label: 'Held' },
    { state: 'carried_over', label: 'Carried over' },
    { state: 'failed', label: 'Failed' },
  ];
}

/** A UK tax year "2025-26" in words: "6 April 2025 to 5 April 2026". */
export function taxYearSpan(taxYear: string): string {
  const m = /^(\d{4})-\d{2}$/.exec(taxYear);
  if (!m) return taxYear;
  const start = Number(m[1]);
  return `6 April ${start} to 5 April ${start + 1}`;
}

/** How many PayPal files a run's PayPal lines make, at most `perFile` rows each (at least one when there are any). */
export function paypalParts(paypalCount: number, perFile: number): number {
  return paypalCount > 0 ? Math.ceil(paypalCount / perFile) : 0;
}

/** "1 partner", "3 partners". */
export const partnerCount = (n: number) => `${n} partner${n === 1 ? '' : 's'}`;
