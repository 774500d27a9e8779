import { describe, expect, it } from 'vitest';
import { pdfSafe, pounds } from './payout-pdf.ts';
import { earnedOnLabel, taxYearBounds, taxYearOf } from './payout-statement.ts';

describe('the UK tax year', () => {
  it('runs from 6 April to 5 April, London time', () => {
    expect(taxYearOf(new Date('2026-04-05T22:59:59Z'))).toBe('2025-26'); // 23:59 on 5 April, summer time
    expect(taxYearOf(new Date('2026-04-05T23:00:00Z'))).toBe('2026-27'); // midnight on 6 April in London
    expect(taxYearOf(new Date('2027-01-10T12:00:00Z'))).toBe('2026-27');
    expect(taxYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });

  it('has bounds only when the two years follow each other', () => {
    const b = taxYearBounds('2025-26')!;
    expect(b.from.toISOString()).toBe('2025-04-05T23:00:00.000Z');
    expect(b.to.toISOString()).toBe('2026-04-05T23:00:00.000Z');
    expect([b.first, b.last]).toEqual(['2025-04-06', '2026-04-05']);
    expect(taxYearBounds('2025-27')).toBeNull();
    expect(taxYearBounds('2025')).toBeNull();
  });
});

describe('statement wording', () => {
  it('says what a commission was earned on', () => {
    expect(earnedOnLabel('closed_won', null)).toBe('Closed won');
    expect(earnedOnLabel('time', '2026-11-02')).toBe('Approved time (week starting 2 Nov 2026)');
    expect(earnedOnLabel('adjustment', '2026-11-02')).toBe('Correction to approved time (week starting 2 Nov 2026)');
  });

  it('writes pence as pounds with thousands separators', () => {
    expect(pounds(123_456_78)).toBe('£123,456.78');
    expect(pounds(5)).toBe('£0.05');
    expect(pounds(-1_200)).toBe('-£12.00');
  });

  it('keeps what the standard font draws and drops only accents it lacks', () => {
    expect(pdfSafe('Zoë Müller — •••• 1234 £5 €6')).toBe('Zoë Müller — •••• 1234 £5 €6');
    expect(pdfSafe('Łukasz Wałęsa')).toBe('Lukasz Walesa');
    expect(pdfSafe('Dvořák 王')).toBe('Dvorák ?');
  });
});
