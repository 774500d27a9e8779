import { ANALYTICS_PERIODS, analyticsRangeSchema, type AnalyticsPeriod } from '../../../../common/schemas/analytics.ts';

/** Today's calendar day in London ("2026-11-27"): analytics periods are London days, whatever the browser's zone. */
export function londonToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The first day of a month given as year and month (1–12; out-of-range months roll into the next or previous year). */
function firstOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
}

/**
 * A named period's London days, from its first day to today (both included): this month, this quarter (January,
 * April, July or October onwards), this year, or the last 12 months (this month and the eleven before it).
 */
export function presetRange(period: Exclude<AnalyticsPeriod, 'custom'>, today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  switch (period) {
    case 'month':
      return { from: firstOfMonth(y, m), to: today };
    case 'quarter':
      return { from: firstOfMonth(y, m - ((m - 1) % 3)), to: today };
    case 'year':
      return { from: firstOfMonth(y, 1), to: today };
    case 'last-12-months':
      return { from: firstOfMonth(y, m - 11), to: today };
  }
}

/** The period the address asks for: its name, its days, and for a custom one that does not hold, why. */
export interface PeriodChoice {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  /** Set when the custom dates were refused; the range is then this month's. */
  error?: string;
}

/**
 * Reads ?period=&from=&to= (the preset's days, or the custom dates checked with the endpoints' own rule);
 * no or an unknown period is this month.
 */
export function readPeriod(params: URLSearchParams, today: string): PeriodChoice {
  const asked = params.get('period') ?? '';
  const period: AnalyticsPeriod = (ANALYTICS_PERIODS as readonly string[]).includes(asked) ? (asked as AnalyticsPeriod) : 'month';
  if (period !== 'custom') return { period, ...presetRange(period, today) };
  const checked = analyticsRangeSchema.safeParse({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
  if (checked.success) return { period, ...checked.data };
  return { period, ...presetRange('month', today), error: checked.error.issues[0]?.message ?? 'Choose two dates' };
}

/** The address parameters of a period: the name alone for a preset, with the two dates for a custom one. */
export function periodParams(period: AnalyticsPeriod, from?: string, to?: string): Record<string, string> {
  return period === 'custom' ? { period, from: from ?? '', to: to ?? '' } : { period };
}
