import { describe, expect, it } from 'vitest';
import { dayLabel, endOfLastLondonMonth, lineTabs, londonToday, methodText, partnerCount, paypalParts, periodLabel, taxYearSpan } from './payout-format.ts';

describe('payout dates', () => {
  it('takes today and the end of last month in London, not in UTC', () => {
    // London is on GMT from 25 October 2026: 23:30 UTC on 31 October is still 31 October there
    expect(londonToday(new Date('2026-10-31T23:30:00Z'))).toBe('2026-10-31');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(endOfLastLondonMonth(new Date('2026-06-30T23:30:00Z'))).toBe('2026-06-30');
    expect(endOfLastLondonMonth(new Date('2026-11-27T10:00:00Z'))).toBe('2026-10-31');
    expect(endOfLastLondonMonth(new Date('2026-01-05T10:00:00Z'))).toBe('2025-12-31');
    expect(endOfLastLondonMonth(new Date('2028-03-10T10:00:00Z'))).toBe('2028-02-29');
  });

  it('names a whole month by its name and any other period by its last day', () => {
    expect(periodLabel('2026-10-31')).toBe('October 2026');
    expect(periodLabel('2026-02-28')).toBe('February 2026');
    expect(periodLabel('2026-11-12')).toBe('to 12 Nov 2026');
    expect(dayLabel('2026-12-15')).toBe('15 Dec 2026');
    expect(dayLabel(null)).toBe('—');
  });

  it('spells a tax year from 6 April to 5 April', () => {
    expect(taxYearSpan('2025-26')).toBe('6 April 2025 to 5 April 2026');
  });
});

describe('payout wording', () => {
  it('shows the method with its masked account, or a dash without details', () => {
    expect(methodText('bank', '•••• 5678')).toBe('Bank transfer •••• 5678');
    expect(methodText('paypal', null)).toBe('PayPal');
    expect(methodText(null, null)).toBe('—');
  });

  it('lists what a paid run paid under "Paid" and what a draft will pay under "Payable"', () => {
    expect(lineTabs('draft').map((t) => t.state)).toEqual(['payable', 'held', 'carried_over', 'failed']);
    expect(lineTabs('paid')[0]).toEqual({ state: 'paid', label: 'Paid' });
  });

  it('counts partners in words', () => {
    expect(partnerCount(1)).toBe('1 partner');
    expect(partnerCount(0)).toBe('0 partners');
  });

  it('splits PayPal lines into files of at most 5,000 rows', () => {
    expect(paypalParts(0, 5_000)).toBe(0);
    expect(paypalParts(1, 5_000)).toBe(1);
    expect(paypalParts(5_000, 5_000)).toBe(1);
    expect(paypalParts(5_001, 5_000)).toBe(2);
  });
});
