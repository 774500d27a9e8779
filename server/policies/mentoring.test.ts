import { describe, expect, it } from 'vitest';
import { forbidden, notFound, conflict } from './authorize.ts';
import {
  canReadMenteeRequests,
  canSeeMentorProfile,
  mentorProfileAbilities,
  mentorshipRequestAbilities,
  mentorshipRequestPermission,
  mentorshipSessionAbilities,
  mentorshipSessionPermission,
  menteeRequestsPermission,
} from './mentoring.ts';
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

describe('mentorship request permission', () => {
  const req = (status: string) => ({ menteeId: 'mentee', mentorId: 'mentor', status });
  const mentee = actor('mentee');
  const mentor = actor('mentor');

  it('hides the request from anyone but its two sides, administrators included', () => {
    for (const who of [me, admin]) {
      for (const action of ['view', 'withdraw', 'answer', 'complete', 'scheduleSession'] as const) {
        expect(mentorshipRequestPermission(who, action, req('pending'))).toEqual(notFound('Mentorship request not found.'));
      }
    }
    expect(mentorshipRequestPermission(mentee, 'view', req('declined'))).toBe('ok');
  });

  it('refuses the wrong side (403) before the wrong status (409), with the messages members read', () => {
    expect(mentorshipRequestPermission(mentor, 'withdraw', req('accepted'))).toEqual(forbidden('Only the member who sent this request can withdraw it.'));
    expect(mentorshipRequestPermission(mentee, 'withdraw', req('accepted'))).toEqual(conflict('Only a pending request can be withdrawn.'));
    expect(mentorshipRequestPermission(mentee, 'answer', req('accepted'))).toEqual(forbidden('Only the mentor can answer this request.'));
    expect(mentorshipRequestPermission(mentor, 'answer', req('declined'))).toEqual(conflict('This request has already been answered.'));
    expect(mentorshipRequestPermission(mentee, 'complete', req('pending'))).toEqual(conflict('Only an accepted mentorship can be completed.'));
    expect(mentorshipRequestPermission(mentee, 'scheduleSession', req('pending'))).toEqual(forbidden('Only the mentor can schedule sessions.'));
    expect(mentorshipRequestPermission(mentor, 'scheduleSession', req('pending'))).toEqual(conflict('Sessions can be scheduled only for an accepted mentorship.'));
    expect(mentorshipRequestPermission(mentor, 'scheduleSession', req('accepted'))).toBe('ok');
  });

  it('lets a mentee’s list be read by them and administrators only', () => {
    expect(menteeRequestsPermission(me, 'other')).toEqual(forbidden('You can only see your own mentorship requests.'));
    expect(menteeRequestsPermission(admin, 'other')).toBe('ok');
  });
});

describe('mentorship session permission', () => {
  const session = (status: string, menteeRating: number | null = null) => ({ menteeId: 'mentee', mentorId: 'mentor', status, menteeRating });

  it('either side marks it held once; the mentee rates it once held, once; anyone else is told it does not exist', () => {
    expect(mentorshipSessionPermission(me, 'view', session('scheduled'))).toEqual(notFound('Session not found.'));
    expect(mentorshipSessionPermission(actor('mentor'), 'complete', session('scheduled'))).toBe('ok');
    expect(mentorshipSessionPermission(actor('mentee'), 'complete', session('completed'))).toEqual(conflict('This session is already completed.'));
    expect(mentorshipSessionPermission(actor('mentor'), 'rate', session('completed'))).toEqual(forbidden('Only the mentee can rate a session.'));
    expect(mentorshipSessionPermission(actor('mentee'), 'rate', session('scheduled'))).toEqual(conflict('Only a completed session can be rated.'));
    expect(mentorshipSessionPermission(actor('mentee'), 'rate', session('completed', 4))).toEqual(conflict('You have already rated this session.'));
    expect(mentorshipSessionAbilities(actor('mentee'), session('completed'))).toEqual({ complete: false, rate: true });
    expect(mentorshipSessionAbilities(actor('mentor'), session('scheduled'))).toEqual({ complete: true, rate: false });
  });
});
