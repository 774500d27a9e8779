import { describe, expect, it } from 'vitest';
import { completeness, profileCompleteness } from './profile-completeness.ts';

const full = { jobTitle: 'a', company: 'b', location: 'c', bio: 'd', linkedinUrl: 'e', expertise: ['f'], industries: ['g'], profilePicture: 'h' };

describe('profile completeness', () => {
  it('counts blank text and empty lists as missing', () => {
    expect(completeness({})).toMatchObject({ percent: 0 });
    expect(completeness({}).missing).toHaveLength(8);
    expect(profileCompleteness({ jobTitle: 'CFO', company: '  ', expertise: [], industries: ['Finance'], bio: null })).toBe(25);
  });

  it('names what is missing, in order, and nothing once complete', () => {
    expect(completeness({ ...full, industries: [], bio: ' ' }).missing.map((m) => m.label)).toEqual(['Bio', 'Industry experience']);
    expect(completeness(full)).toEqual({ percent: 100, missing: [] });
  });
});
