/** A figure against the same figure in the previous period of the same length. */
export interface Change {
  /** Shown beside the figure: "+12%", "−5%", "0%", or "new" when the previous period had none. */
  badge: string;
  direction: 'up' | 'down' | 'same';
  /** Read to screen readers: "up 12% on the previous period". */
  sentence: string;
}

/**
 * The change from `previous` to `current` in whole per cent (rounded half away from zero), with a true minus sign.
 * From none to some is "new"; none to none is the same.
 */
export function compareToPrevious(current: number, previous: number): Change {
  if (previous === 0) {
    if (current === 0) return { badge: '0%', direction: 'same', sentence: 'the same as the previous period' };
    return { badge: 'new', direction: 'up', sentence: 'up from none in the previous period' };
  }
  const ratio = ((current - previous) / Math.abs(previous)) * 100;
  const pct = Math.round(Math.abs(ratio));
  if (pct === 0) return { badge: '0%', direction: 'same', sentence: 'the same as the previous period' };
  const up = ratio > 0;
  return {
    badge: `${up ? '+' : '\u2212'}${pct.toLocaleString('en-GB')}%`,
    direction: up ? 'up' : 'down',
    sentence: `${up ? 'up' : 'down'} ${pct.toLocaleString('en-GB')}% on the previous period`,
  };
}
