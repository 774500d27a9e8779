import { TIERS } from '../../../../common/rules/commission-tiers.ts';
import { formatPence } from '../../../lib/format.ts';

/** One tier's band for the month: its name and rate, its bounds, how much of this month's closed-won value falls in it, and how much is left to fill it (pence). */
export interface TierBand {
  tier: string;
  band: string;
  percent: number;
  inBandPence: number;
  /** Pence still needed to fill the band; 0 for the open top band. */
  leftPence: number;
}

/** This month's closed-won value laid over the tier bands (0–£10,000 at 20%, £10,000–£20,000 at 30%, £20,000+ at 40%). */
export function tierBands(monthPence: number): TierBand[] {
  const v = Math.max(0, monthPence);
  return TIERS.map((t) => {
    const open = !Number.isFinite(t.to);
    const inBandPence = Math.max(0, (open ? v : Math.min(v, t.to)) - t.from);
    return {
      tier: t.label,
      band: open ? `${formatPence(t.from)} and above` : `${formatPence(t.from)} to ${formatPence(t.to)}`,
      percent: t.percent,
      inBandPence,
      leftPence: open ? 0 : t.to - t.from - inBandPence,
    };
  });
}

/** This London month's first day and today ("2026-11-01" to "2026-11-27"), for the file name of the month's figures. */
export function londonMonth(now = new Date()): { from: string; to: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { from: `${part('year')}-${part('month')}-01`, to: `${part('year')}-${part('month')}-${part('day')}` };
}
