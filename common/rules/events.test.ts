import { describe, expect, it } from 'vitest';
import { eventDateProblems, formatEventDate, instantToZonedText, isTimeZone, linkedinShareText, linkedinShareUrl, zonedToInstant } from './events.ts';

describe('event time zones', () => {
  it('knows IANA names and refuses offsets and nonsense', () => {
    for (const ok of ['Europe/London', 'UTC', 'America/New_York', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires']) expect(isTimeZone(ok), ok).toBe(true);
    for (const bad of ['', '+01:00', 'Mars/Olympus_Mons', 'Europe/London; drop table', 'GMT+25']) expect(isTimeZone(bad), bad).toBe(false);
  });

  it('turns a wall-clock time in a zone into the instant it names, across daylight saving', () => {
    expect(zonedToInstant('2026-12-01T18:30', 'Europe/London')?.toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(zonedToInstant('2026-07-01T18:30', 'Europe/London')?.toISOString()).toBe('2026-07-01T17:30:00.000Z');
    expect(zonedToInstant('2026-07-01T09:00:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedToInstant('2026-12-01T09:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-12-01T03:30:00.000Z');
  });

  it('reads a skipped time forward by the gap and a repeated time as the first of the two', () => {
    // London: clocks go forward at 01:00 GMT on 29 March 2026 and back at 01:00 GMT on 25 October 2026
    expect(zonedToInstant('2026-03-29T01:30', 'Europe/London')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedToInstant('2026-10-25T01:30', 'Europe/London')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses text that is no wall-clock time', () => {
    for (const bad of ['2026-02-30T10:00', '2026-12-01', '2026-12-01T24:00', 'tomorrow']) expect(zonedToInstant(bad, 'Europe/London'), bad).toBeNull();
  });

  it("formats a start as 'MMM dd, yyyy at HH:mm' in the event's zone", () => {
    expect(formatEventDate('2026-07-01T17:30:00.000Z', 'Europe/London')).toBe('Jul 01, 2026 at 18:30');
    expect(formatEventDate(new Date('2026-12-01T00:05:00Z'), 'America/New_York')).toBe('Nov 30, 2026 at 19:05');
  });

  it('shows an instant as the wall-clock text of its zone, which reads back to the same minute', () => {
    expect(instantToZonedText('2026-07-01T17:30:00.000Z', 'Europe/London')).toBe('2026-07-01T18:30');
    expect(instantToZonedText(new Date('2026-12-01T00:05:00Z'), 'America/New_York')).toBe('2026-11-30T19:05');
    expect(instantToZonedText('2026-12-01T03:30:00.000Z', 'Asia/Kolkata')).toBe('2026-12-01T09:00');
    for (const [text, zone] of [
      ['2026-03-29T02:30', 'UTC'],
      ['2026-10-25T01:30', 'Europe/London'],
      ['2027-01-09T23:59', 'Pacific/Auckland'],
    ]) {
      expect(instantToZonedText(zonedToInstant(text, zone)!, zone), `${text} ${zone}`).toBe(text);
    }
  });
});

describe('event rules', () => {
  const at = (s: string) => new Date(s);
  it('wants the end after the start and the deadline no later than the start', () => {
    expect(eventDateProblems({ startDate: at('2026-12-01T18:00Z'), endDate: at('2026-12-01T20:00Z'), registrationDeadline: at('2026-11-30T12:00Z') })).toEqual([]);
    expect(eventDateProblems({ startDate: at('2026-12-01T18:00Z'), endDate: at('2026-12-01T18:00Z') })).toEqual([
      { path: 'endDate', message: 'End date must be after the start date' },
    ]);
    expect(eventDateProblems({ startDate: at('2026-12-01T18:00Z'), endDate: at('2026-12-01T20:00Z'), registrationDeadline: at('2026-12-01T18:01Z') })).toEqual([
      { path: 'registrationDeadline', message: 'Registration deadline must be before the start date' },
    ]);
  });

  it('shares the promotion text on LinkedIn, or the title when there is none', () => {
    expect(linkedinShareText({ title: 'Breakfast', linkedinPromotionText: '  ' })).toBe('Breakfast');
    expect(linkedinShareText({ title: 'Breakfast', linkedinPromotionText: 'Join us!' })).toBe('Join us!');
    const url = new URL(linkedinShareUrl('https://partners.example.com/events?event=1', { title: 'Breakfast', linkedinPromotionText: 'Join us!' }));
    expect(url.searchParams.get('url')).toBe('https://partners.example.com/events?event=1');
    expect(url.searchParams.get('summary')).toBe('Join us!');
  });
});
