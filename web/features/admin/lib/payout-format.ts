/** This month in London (commission months are London calendar months on the server): "2026-11". */
export function currentLondonMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const y = parts.find((p) => p.type === 'year')?.value ?? String(now.getFullYear());
  const m = parts.find((p) => p.type === 'month')?.value ?? String(now.getMonth() + 1).padStart(2, '0');
  return `${y}-${m}`;
}

/** "2026-11" as "November 2026"; anything else (no month chosen) reads "all months". */
export function monthLabel(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return 'all months';
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date(y, m - 1, 1));
}

/** The rate (a fraction, e.g. "0.2851") as a percentage with one decimal; a dash when it is not a number. */
export function ratePercent(rate: string): string {
  const n = Number.parseFloat(rate);
  return Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '—';
}
