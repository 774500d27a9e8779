import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPence, toPence } from '../../common/rules/money.ts';
import { money } from './wire.ts';

describe('money()', () => {
  it('answers the same as going through pence, for every shape of numeric text', () => {
    const numericText = fc.oneof(
      fc.integer({ min: 0, max: 99_999_999_99 }).map((p) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`),
      fc.integer({ min: -99_999_99, max: 99_999_999 }).map(String),
      fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9 })).map(([a, b]) => `${a}.${b}`),
      fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `0${a}.${String(b).padStart(2, '0')}`),
    );
    fc.assert(fc.property(numericText, (t) => money(t) === fromPence(toPence(t))));
  });

  it('keeps the column text as it is when it is already the wire form, and shows null as nothing owed', () => {
    expect(money('7440.00')).toBe('7440.00');
    expect(money('0.50')).toBe('0.50');
    expect(money('007.50')).toBe('7.50');
    expect(money('7440.5')).toBe('7440.50');
    expect(money(null)).toBe('0.00');
  });
});
