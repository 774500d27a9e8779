import { describe, expect, it } from 'vitest';
import { averageTopScore, profileCompleteness, scheduleSessionForm, splitTags, visibleTags } from './mentoring.ts';

describe('profileCompleteness', () => {
  it('counts filled texts and non-empty lists out of eight fields', () => {
    expect(profileCompleteness({})).toBe(0);
    expect(profileCompleteness({ jobTitle: 'CFO', company: '  ', expertise: [], industries: ['Finance'], bio: null })).toBe(25);
    expect(
      profileCompleteness({ jobTitle: 'a', company: 'b', location: 'c', bio: 'd', linkedinUrl: 'e', expertise: ['f'], industries: ['g'], profilePicture: 'h' }),
    ).toBe(100);
  });
});

describe('visibleTags', () => {
  it('shows up to three and counts the rest', () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('averageTopScore', () => {
  it('averages the best five, or null when empty', () => {
    expect(averageTopScore([])).toBeNull();
    expect(averageTopScore([10, 100, 90, 80, 70, 60])).toBe(80);
  });
});

describe('splitTags', () => {
  it('trims, drops blanks and repeats', () => {
    expect(splitTags(' Finance, , finance,Tax ')).toEqual(['Finance', 'Tax']);
  });
});

describe('scheduleSessionForm', () => {
  it('sends the local date and time as an instant and an empty link as none', () => {
    const v = scheduleSessionForm.parse({ scheduledAt: '2026-12-01T10:00', duration: '45', meetingLink: '  ', notes: '' });
    expect(v).toEqual({ scheduledAt: new Date('2026-12-01T10:00').toISOString(), duration: 45, meetingLink: null, notes: null });
    expect(scheduleSessionForm.parse({ scheduledAt: '2026-12-01T10:00', meetingLink: 'https://meet.example.com/x' }).meetingLink).toBe('https://meet.example.com/x');
  });
  it('says what is missing or wrong', () => {
    const r = scheduleSessionForm.safeParse({ scheduledAt: '', duration: 5, meetingLink: 'not a link' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['scheduledAt: Choose a date and time', 'duration: Duration must be at least 15', 'meetingLink: Enter a valid meeting link']),
    );
  });
});
