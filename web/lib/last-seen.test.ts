import { describe, expect, it } from 'vitest';
import { lastSeenText } from './last-seen.ts';

const now = new Date('2026-11-23T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('lastSeenText', () => {
  it('reads as a person would say it', () => {
    expect(lastSeenText(before(30_000), now)).toBe('Active now');
    expect(lastSeenText(before(5 * 60_000), now)).toBe('5 min ago');
    expect(lastSeenText(before(3 * 3_600_000), now)).toBe('3 h ago');
    expect(lastSeenText(before(30 * 3_600_000), now)).toBe('Yesterday');
    expect(lastSeenText(before(4 * 86_400_000), now)).toBe('4 days ago');
    expect(lastSeenText(before(20 * 86_400_000), now)).toMatch(/2026/);
    expect(lastSeenText('not a date', now)).toBe('');
  });
});
