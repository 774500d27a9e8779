import { describe, expect, it } from 'vitest';
import { mentorProfileCreateSchema, mentorProfileUpdateSchema, mentorshipRequestCreateSchema } from './mentoring.ts';

const id = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';

const MINIMAL = { specializations: ['Board governance'], industries: ['Financial Services'] };

describe('mentor profile form', () => {
  it('fills the defaults: 5 hours, 3 mentees, advisory, virtual; years left out (the server takes the member’s own)', () => {
    expect(mentorProfileCreateSchema.parse({ ...MINIMAL })).toEqual({
      specializations: ['Board governance'],
      industries: ['Financial Services'],
      mentorshipStyle: 'advisory',
      availabilityHours: 5,
      maxMentees: 3,
      bio: null,
      achievements: [],
      meetingPreference: 'virtual',
    });
  });

  it('trims list entries and drops blanks before counting them', () => {
    const many = [...Array.from({ length: 20 }, (_, i) => ` S${i} `), '', '  '];
    expect(mentorProfileCreateSchema.parse({ ...MINIMAL, specializations: many }).specializations).toHaveLength(20);
    expect(mentorProfileCreateSchema.safeParse({ ...MINIMAL, specializations: [...many, 'one more'] }).success).toBe(false);
  });

  it('needs at least one specialization and one industry, blanks not counting', () => {
    const issues = (o: Record<string, unknown>) => mentorProfileCreateSchema.safeParse({ ...o }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({})).toEqual([
      ['specializations', 'Add at least one specialization'],
      ['industries', 'Add at least one industry'],
    ]);
    expect(issues({ specializations: ['  '], industries: ['Energy'] })).toEqual([['specializations', 'Add at least one specialization']]);
    expect(mentorProfileUpdateSchema.safeParse({ industries: [] }).success).toBe(false);
    expect(mentorProfileUpdateSchema.safeParse({ industries: ['Energy'] }).success).toBe(true);
  });

  it('accepts the edges of each limit', () => {
    const ok = (o: Record<string, unknown>) => mentorProfileCreateSchema.safeParse({ ...MINIMAL, ...o }).success;
    expect(ok({ yearsExperience: 60, availabilityHours: 40, maxMentees: 20, bio: 'x'.repeat(1000) })).toBe(true);
    expect(ok({ yearsExperience: 0, availabilityHours: 1, maxMentees: 1 })).toBe(true);
    expect(ok({ mentorshipStyle: 'peer-to-peer', meetingPreference: 'in-person' })).toBe(true);
    expect(ok({ yearsExperience: 2.5 })).toBe(false);
  });

  it('an edit changes at least one field and may pause the profile', () => {
    expect(mentorProfileUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(mentorProfileUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('mentorship request form', () => {
  it('defaults to 1-2 hours/week for 3 months', () => {
    expect(mentorshipRequestCreateSchema.parse({ mentorId: other, goalDescription: '  Grow my advisory work  ' })).toEqual({
      mentorId: other,
      goalDescription: 'Grow my advisory work',
      timeCommitment: '1-2 hours/week',
      duration: '3 months',
      preferredMeetingTime: null,
      additionalNotes: null,
    });
  });

  it('accepts and drops the caller’s own id an older client still sends: the member is the session’s', () => {
    expect(mentorshipRequestCreateSchema.parse({ menteeId: id, mentorId: other, goalDescription: 'Grow my advisory work' }).menteeId).toBeUndefined();
    expect(mentorProfileCreateSchema.parse({ userId: id, ...MINIMAL }).userId).toBeUndefined();
    expect(mentorshipRequestCreateSchema.safeParse({ mentorId: other, goalDescription: 'Grow my advisory work', status: 'accepted' }).success).toBe(false);
  });

  it('takes only the listed options', () => {
    const ok = (o: Record<string, unknown>) => mentorshipRequestCreateSchema.safeParse({ mentorId: other, goalDescription: 'x'.repeat(10), ...o }).success;
    for (const t of ['1-2 hours/week', '3-5 hours/week', '5+ hours/week']) expect(ok({ timeCommitment: t })).toBe(true);
    for (const d of ['3 months', '6 months', '1 year', 'ongoing']) expect(ok({ duration: d })).toBe(true);
    expect(ok({ duration: '2 years' })).toBe(false);
    expect(ok({ goalDescription: 'x'.repeat(9) })).toBe(false);
  });
});
