import { describe, expect, it } from 'vitest';
import { tierBands } from './tier-bands.ts';

describe('tier bands of the month', () => {
  it('fills the bands in order with this month’s closed-won value', () => {
    expect(tierBands(1_250_000)).toEqual([
      { tier: 'Tier 1', band: '£0 to £10,000', percent: 20, inBandPence: 1_000_000, leftPence: 0 },
      { tier: 'Tier 2', band: '£10,000 to £20,000', percent: 30, inBandPence: 250_000, leftPence: 750_000 },
      { tier: 'Tier 3', band: '£20,000 and above', percent: 40, inBandPence: 0, leftPence: 0 },
    ]);
  });

  it('puts everything above £20,000 in the open top band, and nothing in any band for no business', () => {
    expect(tierBands(2_500_050).map((b) => [b.inBandPence, b.leftPence])).toEqual([
      [1_000_000, 0],
      [1_000_000, 0],
      [500_050, 0],
    ]);
    expect(tierBands(0).map((b) => [b.inBandPence, b.leftPence])).toEqual([
      [0, 1_000_000],
      [0, 1_000_000],
      [0, 0],
    ]);
  });
});
