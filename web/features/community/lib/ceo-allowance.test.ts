import { describe, expect, it } from 'vitest';
import { CEO_LIMIT_REACHED, remainingTodayText } from './ceo-allowance.ts';

describe('remainingTodayText', () => {
  it('counts what is left, in words that fit the number', () => {
    expect(remainingTodayText(5)).toBe('5 messages left today.');
    expect(remainingTodayText(1)).toBe('1 message left today.');
    expect(remainingTodayText(0)).toBe('You have used all of today’s messages.');
    expect(remainingTodayText(-1)).toBe('You have used all of today’s messages.');
  });
  it('states the daily limit when it is reached', () => {
    expect(CEO_LIMIT_REACHED).toContain('up to 5 messages a day');
  });
});
