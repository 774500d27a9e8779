import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../tests/helpers/csv.ts';
import { buildPaypalCsv, paypalPartCount, type PaypalTransfer } from './paypal.ts';

const transfers = (n: number): PaypalTransfer[] =>
  Array.from({ length: n }, (_, i) => ({ email: `partner${i}@example.com`, amountPence: 5_000 + i, reference: `CP0007-${String(i + 1).padStart(4, '0')}` }));

describe('the PayPal Payouts file', () => {
  it('reads back as the same e-mails, amounts in pounds, GBP and references, with no header row', () => {
    const csv = buildPaypalCsv(transfers(3), 'Chief Partners')!;
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[0])).toEqual(['partner0@example.com', 'partner1@example.com', 'partner2@example.com']);
    expect(rows.map((r) => r[1])).toEqual(['50.00', '50.01', '50.02']);
    expect(rows.every((r) => r[2] === 'GBP' && r[5] === 'PAYPAL')).toBe(true);
    expect(rows.map((r) => r[3])).toEqual(['CP0007-0001', 'CP0007-0002', 'CP0007-0003']);
    expect(rows[0][4]).toBe('Chief Partners commission, reference CP0007-0001');
  });

  it('never lets an address start a formula', () => {
    const [row] = parseCsv(buildPaypalCsv([{ email: '=HYPERLINK("x")@example.com', amountPence: 100, reference: 'CP0007-0001' }], 'Chief Partners')!);
    expect(row[0].startsWith('=')).toBe(false);
  });

  it('splits 5,001 payouts into two files of 5,000 and 1', () => {
    const all = transfers(5_001);
    expect(paypalPartCount(all.length)).toBe(2);
    const first = parseCsv(buildPaypalCsv(all, 'Chief Partners', 1)!);
    const second = parseCsv(buildPaypalCsv(all, 'Chief Partners', 2)!);
    expect(first).toHaveLength(5_000);
    expect(second).toHaveLength(1);
    expect(second[0][3]).toBe('CP0007-5001');
    expect(buildPaypalCsv(all, 'Chief Partners', 3)).toBeNull();
    expect(buildPaypalCsv(all, 'Chief Partners', 0)).toBeNull();
  });
});
