import { describe, expect, it } from 'vitest';
import { canReadMenteeRequests, canSeeMentorProfile, mentorProfileAbilities, mentorshipRequestAbilities } from './mentoring.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role = 'partner'): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const me = actor('me');
const admin = actor('admin', 'admin');
const profile = { userId: 'mentor', isActive: true, currentMentees: 1, maxMentees: 3 };

describe('mentor profile policy', () => {
  it('lets others request mentorship from an active profile with a free place; only the owner edits', () => {
    expect(mentorProfileAbilities(me, profile)).toEqual({ requestMentorship: true, edit: false });
    expect(mentorProfileAbilities(me, { ...profile, currentMentees: 3 })).toEqual({ requestMentorship: false, edit: false });
    expect(mentorProfileAbilities(me, { ...profile, isActive: false })).toEqual({ requestMentorship: false, edit: false });
    expect(mentorProfileAbilities(actor('mentor'), profile)).toEqual({ requestMentorship: false, edit: true });
    expect(mentorProfileAbilities(admin, profile)).toEqual({ requestMentorship: true, edit: false });
  });

  it('shows a paused profile only to its owner and administrators', () => {
    const paused = { ...profile, isActive: false };
    expect(canSeeMentorProfile(me, profile)).toBe(true);
    expect(canSeeMentorProfile(me, paused)).toBe(false);
    expect(canSeeMentorProfile(actor('mentor'), paused)).toBe(true);
    expect(canSeeMentorProfile(admin, paused)).toBe(true);
    expect(canSeeMentorProfile(actor('x', 'master-admin'), paused)).toBe(true);
  });
});

describe('mentorship request policy', () => {
  const req = (status: string) => ({ menteeId: 'mentee', mentorId: 'mentor', status });
  const none = { withdraw: false, accept: false, decline: false, complete: false, scheduleSession: false };

  it('the mentee withdraws while pending; the mentor answers while pending; either ends an accepted one', () => {
    expect(mentorshipRequestAbilities(actor('mentee'), req('pending'))).toEqual({ ...none, withdraw: true });
    expect(mentorshipRequestAbilities(actor('mentor'), req('pending'))).toEqual({ ...none, accept: true, decline: true });
    expect(mentorshipRequestAbilities(actor('mentee'), req('accepted'))).toEqual({ ...none, complete: true });
    expect(mentorshipRequestAbilities(actor('mentor'), req('accepted'))).toEqual({ ...none, complete: true, scheduleSession: true });
    for (const s of ['declined', 'withdrawn', 'completed']) {
      expect(mentorshipRequestAbilities(actor('mentee'), req(s))).toEqual(none);
      expect(mentorshipRequestAbilities(actor('mentor'), req(s))).toEqual(none);
    }
    expect(mentorshipRequestAbilities(admin, req('pending'))).toEqual(none);
  });

  it('a mentee’s list is theirs and administrators’', () => {
    expect(canReadMenteeRequests(me, 'me')).toBe(true);
    expect(canReadMenteeRequests(me, 'other')).toBe(false);
    expect(canReadMenteeRequests(admin, 'other')).toBe(true);
  });
});
