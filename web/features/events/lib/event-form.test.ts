import { describe, expect, it } from 'vitest';
import { eventCreateSchema, type EventDetail } from '../../../../common/schemas/events.ts';
import { capacityValue, changedEventFields, dateIssuesOf, EMPTY_EVENT_FORM, eventFormValues, timeZoneOptions } from './event-form.ts';

const saved = {
  id: 'e1',
  title: 'Partner Breakfast',
  description: 'Breakfast with the partners of the network.',
  type: 'in-person',
  category: 'networking',
  startDate: '2026-07-01T07:30:00.000Z',
  endDate: '2026-07-01T09:00:00.000Z',
  timezone: 'Europe/London',
  location: 'London',
  meetingLink: null,
  maxAttendees: 40,
  registrationRequired: true,
  registrationDeadline: '2026-06-30T16:00:00.000Z',
  fee: '12.50',
  currency: 'GBP',
  tags: ['Fintech'],
  linkedinPromotionText: null,
} as unknown as EventDetail;

describe('the event form', () => {
  it("shows a saved event's instants as wall-clock times in its zone", () => {
    const v = eventFormValues(saved);
    expect(v).toMatchObject({
      startDate: '2026-07-01T08:30',
      endDate: '2026-07-01T10:00',
      registrationDeadline: '2026-06-30T17:00',
      location: 'London',
      meetingLink: '',
    });
    // read back by the shared schema, the untouched form names the same instants
    const parsed = eventCreateSchema.parse(v);
    expect([parsed.startDate, parsed.endDate, parsed.registrationDeadline]).toEqual([saved.startDate, saved.endDate, saved.registrationDeadline]);
  });

  it('sends only the fields that changed', () => {
    const initial = eventFormValues(saved);
    const typed = { ...initial, location: '  Manchester ', maxAttendees: null };
    expect(changedEventFields(initial, typed, eventCreateSchema.parse(typed))).toEqual({ location: 'Manchester', maxAttendees: null });
    expect(changedEventFields(initial, initial, eventCreateSchema.parse(initial))).toEqual({});
  });

  it('sends the dates with a new time zone, read in that zone', () => {
    const initial = eventFormValues(saved);
    const typed = { ...initial, timezone: 'America/New_York' };
    expect(changedEventFields(initial, typed, eventCreateSchema.parse(typed))).toEqual({
      timezone: 'America/New_York',
      startDate: '2026-07-01T12:30:00.000Z',
      endDate: '2026-07-01T14:00:00.000Z',
      registrationDeadline: '2026-06-30T21:00:00.000Z',
    });
  });

  it('starts empty in Europe/London and lists an unusual saved zone', () => {
    expect(EMPTY_EVENT_FORM).toMatchObject({ timezone: 'Europe/London', title: '', tags: [], registrationRequired: true });
    expect(timeZoneOptions('Europe/London')[0]).toBe('Europe/London');
    expect(timeZoneOptions('America/Argentina/Buenos_Aires')[0]).toBe('America/Argentina/Buenos_Aires');
    expect([capacityValue(''), capacityValue('12'), capacityValue(null)]).toEqual([null, 12, null]);
  });

  it('checks the date rules of filled-in dates even while other fields are wrong', () => {
    const wrong = { ...EMPTY_EVENT_FORM, startDate: '2026-12-01T18:00', endDate: '2026-12-01T17:00', registrationDeadline: '2026-12-02T09:00' };
    expect(eventCreateSchema.safeParse(wrong).error?.issues.map((i) => i.path[0])).not.toContain('endDate');
    expect(dateIssuesOf(wrong)).toEqual([
      { path: 'endDate', message: 'End date must be after the start date' },
      { path: 'registrationDeadline', message: 'Registration deadline must be before the start date' },
    ]);
    expect(dateIssuesOf({ ...wrong, endDate: '' })).toEqual([]);
    expect(dateIssuesOf({ ...wrong, endDate: '2026-12-01T20:00', registrationDeadline: '' })).toEqual([]);
  });
});
