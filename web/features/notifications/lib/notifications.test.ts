import { describe, expect, it } from 'vitest';
import { badgeCount, bellLabel, relativeTime } from './notifications.ts';

describe('relativeTime', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('reads as people say it, then as a date after a week', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(50), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600 + 100), now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 86_400), now)).toBe('4 days ago');
    expect(relativeTime('2026-03-03T09:00:00Z', now)).toBe('3 Mar 2026');
  });

  it('treats a time a little ahead of this clock as just now', () => {
    expect(relativeTime(ago(-20), now)).toBe('just now');
  });
});

describe('the bell', () => {
  it('shows up to 99, then 99+', () => {
    expect([0, 1, 99, 100, 2500].map(badgeCount)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('names the unread count in its label', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 150 unread');
  });
});
