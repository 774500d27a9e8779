import { describe, expect, it } from 'vitest';
import { expiryFor, firstExpiryDate, localDate } from './expiry.ts';
import { tokenState } from './scopes.ts';

const now = new Date(2026, 10, 27, 13, 0, 0);

describe('expiryFor', () => {
  it('sends no expiry for a token that never expires', () => {
    expect(expiryFor('never', '', now)).toEqual({ expiresAt: null });
  });
  it('counts whole days from now', () => {
    expect(expiryFor('30', '', now)).toEqual({ expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString() });
    expect(expiryFor('365', '', now)).toEqual({ expiresAt: new Date(now.getTime() + 365 * 86_400_000).toISOString() });
  });
  it('ends a chosen day at its last second, in the browser’s zone', () => {
    expect(expiryFor('date', '2027-01-15', now)).toEqual({ expiresAt: new Date(2027, 0, 15, 23, 59, 59).toISOString() });
  });
  it('refuses a missing day, today and the past', () => {
    expect(expiryFor('date', '', now)).toEqual({ error: 'Choose the day the token stops working.' });
    expect(expiryFor('date', localDate(now), now)).toEqual({ error: 'Choose a day after today.' });
    expect(expiryFor('date', '2026-01-01', now)).toEqual({ error: 'Choose a day after today.' });
    expect(expiryFor('date', firstExpiryDate(now), now)).toHaveProperty('expiresAt');
  });
});

describe('tokenState', () => {
  it('is revoked, expired or active', () => {
    expect(tokenState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: null }, now)).toBe('revoked');
    expect(tokenState({ revokedAt: null, expiresAt: '2026-11-01T00:00:00Z' }, now)).toBe('expired');
    expect(tokenState({ revokedAt: null, expiresAt: '2027-11-01T00:00:00Z' }, now)).toBe('active');
    expect(tokenState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
  });
});
