import { describe, expect, it } from 'vitest';
import { commissionOnTotal, marginalCommission, tierPosition } from './commission-tiers.ts';
import { fromPence, toPence } from './money.ts';

describe('commissionOnTotal', () => {
  it('gives 7,440.00 on 26,100 (the worked example of the tier table)', () => {
    expect(commissionOnTotal(toPence('26100'))).toBe(744_000);
  });
  it('applies each band at its own rate', () => {
    expect(commissionOnTotal(toPence('10000'))).toBe(200_000);
    expect(commissionOnTotal(toPence('20000'))).toBe(500_000);
    expect(commissionOnTotal(toPence('5000'))).toBe(100_000);
    expect(commissionOnTotal(0)).toBe(0);
  });
  it('rounds half a penny up, once', () => {
    expect(commissionOnTotal(1)).toBe(0); // 0.2p
    expect(commissionOnTotal(3)).toBe(1); // 0.6p
    expect(commissionOnTotal(toPence('10000.05'))).toBe(200_002); // 2000 + 0.015 → 2000.02 (1.5p rounds up)
  });
});

describe('marginalCommission', () => {
  it('one lead of 26,100 gives 7,440.00 at a blended rate', () => {
    const c = marginalCommission(0, toPence('26100'));
    expect(fromPence(c.amountPence)).toBe('7440.00');
    expect(c.rate).toBe(0.2851);
  });
  it('two leads of 13,050 in one month give 7,440.00 together', () => {
    const a = marginalCommission(0, toPence('13050'));
    const b = marginalCommission(toPence('13050'), toPence('13050'));
    expect(fromPence(a.amountPence)).toBe('2915.00');
    expect(fromPence(b.amountPence)).toBe('4525.00');
    expect(a.amountPence + b.amountPence).toBe(744_000);
  });
  it('sums to the commission on the total for any split', () => {
    const values = [123_456, 1, 999_999, 2, 750_050, 3_333_333];
    let prior = 0;
    let sum = 0;
    for (const v of values) {
      sum += marginalCommission(prior, v).amountPence;
      prior += v;
    }
    expect(sum).toBe(commissionOnTotal(prior));
  });
  it('gives nothing and a zero rate for a lead of no value', () => {
    expect(marginalCommission(500_000, 0)).toEqual({ amountPence: 0, rate: 0 });
  });
});

describe('tierPosition', () => {
  it('knows the tier and the distance to the next one', () => {
    expect(tierPosition(0)).toMatchObject({ percent: 20, toNextPence: 1_000_000, nextPercent: 30 });
    expect(tierPosition(toPence('13050'))).toMatchObject({ percent: 30, toNextPence: toPence('6950'), nextPercent: 40 });
    expect(tierPosition(toPence('20000'))).toMatchObject({ percent: 40, toNextPence: null, nextPercent: null });
  });
});

describe('money', () => {
  it('converts numeric text to pence and back without floating point', () => {
    expect(toPence('0.1')).toBe(10);
    expect(toPence('26100.00')).toBe(2_610_000);
    expect(toPence('19.99')).toBe(1999);
    expect(toPence(0.3)).toBe(30);
    expect(fromPence(2_610_005)).toBe('26100.05');
    expect(fromPence(-5)).toBe('-0.05');
    expect(() => toPence('12,00')).toThrow();
  });
});
