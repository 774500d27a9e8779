import { LEADERBOARD_PERIODS, LEADERBOARD_PERIOD_LABELS, type LeaderboardPeriod } from '../../../../common/constants/community.ts';
import { formatGBP } from '../../../lib/format.ts';

/** The period shown when the address names none (or one that does not exist). */
export const DEFAULT_PERIOD: LeaderboardPeriod = 'month';

/** The period from the address (?period=quarter); anything unknown reads as this month. */
export function parsePeriod(value: string | null | undefined): LeaderboardPeriod {
  return (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '') ? (value as LeaderboardPeriod) : DEFAULT_PERIOD;
}

/** The periods in the order the switch shows them, with their labels. */
export const PERIOD_OPTIONS = LEADERBOARD_PERIODS.map((value) => ({ value, label: LEADERBOARD_PERIOD_LABELS[value] }));

/** How a success rate is coloured: 70% or more is good, 50% or more a warning, anything less low. */
export type RateTone = 'good' | 'warning' | 'low';

/**
 * The tone of a success rate (0 to 1), judged on the percentage as shown (one decimal), so a rate that reads
 * "70.0%" is always good.
 */
export function successRateTone(rate: number): RateTone {
  const shown = Math.round((Number.isFinite(rate) ? rate : 0) * 1000) / 10;
  if (shown >= 70) return 'good';
  if (shown >= 50) return 'warning';
  return 'low';
}

export const RATE_TONE_CLASS: Record<RateTone, string> = {
  good: 'text-success',
  warning: 'text-warning',
  low: 'text-muted-foreground',
};

/** A success rate (0 to 1) as a percentage with one decimal: 0.6667 → "66.7%". */
export function formatRate(rate: number): string {
  return `${(Math.round((Number.isFinite(rate) ? rate : 0) * 1000) / 10).toFixed(1)}%`;
}

/** A hall of fame figure: pounds without decimals, a million or more in short form (£2.1M). */
export function formatRecordValue(value: string | number): string {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (Number.isFinite(n) && Math.abs(n) >= 1_000_000) return `£${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  return formatGBP(value);
}

/** The place of each of the top three, for its badge. */
export const PODIUM = {
  1: { label: '1st place', className: 'bg-gold text-gold-foreground border-gold-deep/30' },
  2: { label: '2nd place', className: 'bg-slate-200 text-slate-700 border-slate-300' },
  3: { label: '3rd place', className: 'bg-amber-100 text-amber-800 border-amber-300' },
} as const;

export function podiumOf(rank: number) {
  return rank === 1 || rank === 2 || rank === 3 ? PODIUM[rank] : null;
}
