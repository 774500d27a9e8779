import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { conflict, forbidden, notFound, type Permission } from './authorize.ts';
import { eventAbilities, eventCreatePermission, eventPermission, type EventAction } from './events.ts';
import type { Actor } from './roles.ts';

const actor = (role: string, o: Partial<Actor> = {}): Actor => ({ id: `${role}-1`, role, accountStatus: 'approved', isActive: true, ...o });
const partner = actor('partner');
const admin = actor('admin');
const master = actor('master-admin');
const pendingAdmin = actor('admin', { accountStatus: 'pending' });

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** When the event is, against NOW: ahead (deadline passed or not), under way, or over. */
const WHEN = {
  ahead: { startDate: at(24), endDate: at(26), registrationDeadline: null },
  'ahead, deadline passed': { startDate: at(24), endDate: at(26), registrationDeadline: at(-1) },
  'under way': { startDate: at(-1), endDate: at(1), registrationDeadline: null },
  over: { startDate: at(-3), endDate: at(-1), registrationDeadline: null },
} as const;
type When = keyof typeof WHEN;
const event = (status: string, when: When, registration: string | null = null) => ({ status, ...WHEN[when], registration });

const ONLY_ADMIN = forbidden('Only an administrator can manage events.');
const TAKEN_PLACE = conflict('This event has already taken place.');

describe('who may edit or cancel an event: role × status × time', () => {
  const table: Array<[string, Actor, string, When, { edit: Permission; cancel: Permission }]> = [
    ['partner, active, ahead', partner, 'active', 'ahead', { edit: ONLY_ADMIN, cancel: ONLY_ADMIN }],
    ['partner, active, over', partner, 'active', 'over', { edit: ONLY_ADMIN, cancel: ONLY_ADMIN }],
    ['partner, cancelled, ahead', partner, 'cancelled', 'ahead', { edit: ONLY_ADMIN, cancel: ONLY_ADMIN }],
    ['pending admin, active, ahead', pendingAdmin, 'active', 'ahead', { edit: ONLY_ADMIN, cancel: ONLY_ADMIN }],
    ['admin, active, ahead', admin, 'active', 'ahead', { edit: 'ok', cancel: 'ok' }],
    ['admin, active, under way', admin, 'active', 'under way', { edit: 'ok', cancel: 'ok' }],
    ['admin, active, over', admin, 'active', 'over', { edit: TAKEN_PLACE, cancel: TAKEN_PLACE }],
    ['admin, cancelled, ahead', admin, 'cancelled', 'ahead', { edit: conflict(M.cancelled), cancel: conflict(M.alreadyCancelled) }],
    ['admin, cancelled, over', admin, 'cancelled', 'over', { edit: conflict(M.cancelled), cancel: conflict(M.alreadyCancelled) }],
    ['master-admin, active, ahead', master, 'active', 'ahead', { edit: 'ok', cancel: 'ok' }],
    ['master-admin, active, over', master, 'active', 'over', { edit: TAKEN_PLACE, cancel: TAKEN_PLACE }],
    ['master-admin, cancelled, ahead', master, 'cancelled', 'ahead', { edit: conflict(M.cancelled), cancel: conflict(M.alreadyCancelled) }],
  ];
  it.each(table)('%s', (_name, who, status, when, expected) => {
    const e = event(status, when);
    expect({ edit: eventPermission(who, 'edit', e, NOW), cancel: eventPermission(who, 'cancel', e, NOW) }).toEqual(expected);
  });
});

describe('attendance and the report: administrators, once the event has started', () => {
  const table: Array<[string, Actor, string, When, EventAction, Permission]> = [
    ['partner marks', partner, 'active', 'under way', 'markAttendance', ONLY_ADMIN],
    ['admin marks before the start', admin, 'active', 'ahead', 'markAttendance', conflict(M.attendanceTooEarly)],
    ['admin marks under way', admin, 'active', 'under way', 'markAttendance', 'ok'],
    ['admin marks once over', admin, 'active', 'over', 'markAttendance', 'ok'],
    ['admin marks a cancelled event', admin, 'cancelled', 'over', 'markAttendance', conflict(M.cancelled)],
    ['partner reads the report', partner, 'active', 'over', 'seeReport', ONLY_ADMIN],
    ['admin reads the report of a cancelled event', admin, 'cancelled', 'ahead', 'seeReport', 'ok'],
    ['partner sees attendees', partner, 'active', 'ahead', 'seeAttendees', ONLY_ADMIN],
    ['master-admin sees attendees', master, 'active', 'ahead', 'seeAttendees', 'ok'],
  ];
  it.each(table)('%s', (_name, who, status, when, action, expected) => expect(eventPermission(who, action, event(status, when), NOW)).toEqual(expected));
});

describe('registering and unregistering: the event’s state and the member’s own registration', () => {
  const table: Array<[string, ReturnType<typeof event>, EventAction, Permission]> = [
    ['register, open', event('active', 'ahead'), 'register', 'ok'],
    ['register, cancelled', event('cancelled', 'ahead'), 'register', conflict(M.cancelled)],
    ['register, under way', event('active', 'under way'), 'register', conflict(M.started)],
    ['register, deadline passed', event('active', 'ahead, deadline passed'), 'register', conflict(M.registrationClosed)],
    ['register again, holding a place', event('active', 'ahead', 'registered'), 'register', conflict(M.alreadyRegistered)],
    ['register again, waitlisted', event('active', 'ahead', 'waitlisted'), 'register', conflict(M.alreadyWaitlisted)],
    ['register again, cancelled (the closed reason first)', event('cancelled', 'ahead', 'registered'), 'register', conflict(M.cancelled)],
    ['unregister, holding a place', event('active', 'ahead', 'registered'), 'unregister', 'ok'],
    ['unregister, waitlisted, deadline passed', event('active', 'ahead, deadline passed', 'waitlisted'), 'unregister', 'ok'],
    ['unregister, not registered', event('active', 'ahead'), 'unregister', notFound(M.notRegistered)],
    ['unregister, cancelled', event('cancelled', 'ahead', 'registered'), 'unregister', conflict(M.cancelled)],
    ['unregister, under way', event('active', 'under way', 'registered'), 'unregister', conflict(M.started)],
  ];
  it.each(table)('%s', (_name, e, action, expected) => expect(eventPermission(partner, action, e, NOW)).toEqual(expected));
});

describe('abilities are the policy’s answers', () => {
  it('gives an admin every administrator flag on an active event ahead, and registration while open', () => {
    expect(eventAbilities(admin, event('active', 'ahead'), null, NOW)).toEqual({
      register: true,
      unregister: false,
      edit: true,
      cancel: true,
      markAttendance: false,
      seeAttendees: true,
      viewReport: true,
    });
  });
  it('gives a registered partner only unregistering, and a pending account no registration', () => {
    expect(eventAbilities(partner, event('active', 'ahead'), 'registered', NOW)).toEqual({
      register: false,
      unregister: true,
      edit: false,
      cancel: false,
      markAttendance: false,
      seeAttendees: false,
      viewReport: false,
    });
    expect(eventAbilities(actor('partner', { accountStatus: 'pending' }), event('active', 'ahead'), null, NOW).register).toBe(false);
  });
  it('lets only an admitted administrator create events', () => {
    expect([partner, admin, master, pendingAdmin].map(eventCreatePermission)).toEqual([ONLY_ADMIN, 'ok', 'ok', ONLY_ADMIN]);
  });
});
