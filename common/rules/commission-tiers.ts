/**
 * Commission tiers: progressive over a partner's closed-won value in one calendar month,
 * 0–10,000 at 20 %, 10,000–20,000 at 30 %, above 20,000 at 40 %. All amounts are integer pence.
 */
export const TIERS = [
  { from: 0, to: 1_000_000, percent: 20, label: 'Tier 1' },
  { from: 1_000_000, to: 2_000_000, percent: 30, label: 'Tier 2' },
  { from: 2_000_000, to: Infinity, percent: 40, label: 'Tier 3' },
] as const;

/** Commission on a month's cumulative closed-won value, rounded half up to the penny once, at the end. */
export function commissionOnTotal(totalPence: number): number {
  if (totalPence <= 0) return 0;
  // sum of band × percent, kept in "pence × 1/100" so the only rounding happens once
  let hundredths = 0;
  for (const t of TIERS) {
    const inBand = Math.max(0, Math.min(totalPence, t.to) - t.from);
    hundredths += inBand * t.percent;
  }
  return Math.floor((hundredths + 50) / 100);
}

export interface LeadCommission {
  amountPence: number;
  /** amount ÷ value, rounded to 4 decimals (numeric(5,4)); 0 for a lead of no value. */
  rate: number;
}

/**
 * What one lead adds: the commission on (earlier closed-won this month + this lead) minus the commission on
 * the earlier value. Summing the leads of a month therefore always equals the commission on the month's total.
 */
export function marginalCommission(priorPence: number, valuePence: number): LeadCommission {
  const prior = Math.max(0, priorPence);
  const value = Math.max(0, valuePence);
  const amountPence = commissionOnTotal(prior + value) - commissionOnTotal(prior);
  const rate = value === 0 ? 0 : Math.round((amountPence / value) * 10_000) / 10_000;
  return { amountPence, rate };
}

export interface TierPosition {
  tierIndex: number;
  percent: number;
  label: string;
  /** Pence of closed-won value still needed to reach the next tier; null in the top tier. */
  toNextPence: number | null;
  nextPercent: number | null;
}

/** Where a month's closed-won value sits: the current tier and the distance to the next one. */
export function tierPosition(monthPence: number): TierPosition {
  const v = Math.max(0, monthPence);
  const index = TIERS.findIndex((t) => v < t.to);
  const tierIndex = index === -1 ? TIERS.length - 1 : index;
  const tier = TIERS[tierIndex];
  const next = TIERS[tierIndex + 1];
  return {
    tierIndex,
    percent: tier.percent,
    label: tier.label,
    toNextPence: next ? next.from - v : null,
    nextPercent: next ? next.percent : null,
  };
}
