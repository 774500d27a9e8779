import { describe, expect, it } from 'vitest';
import type { Actor } from './roles.ts';
import { placementRatesSeen, timesheetAbilities, timesheetPermission, type TimesheetAction } from './timesheets.ts';

const actor = (id: string, role = 'partner', o: Partial<Actor> = {}): Actor => ({ id, role, accountStatus: 'approved', isActive: true, ...o });
const sheet = (status: string, referrerId: string | null = 'referrer') => ({ contractorId: 'contractor', clientId: 'client', status, referrerId });

const contractor = actor('contractor');
const client = actor('client');
const admin = actor('admin', 'admin');
const master = actor('master', 'master-admin');
const stranger = actor('stranger');
/** An administrator who is also the sheet's contractor. */
const adminContractor = actor('contractor', 'admin');
const deactivatedClient = actor('client', 'partner', { isActive: false });
/** An administrator who referred the placement's lead, so earns commission on its approved time. */
const adminReferrer = actor('referrer', 'admin');

type Row = [string, Actor, TimesheetAction, Record<string, ReturnType<typeof timesheetPermission>>];
const all = (v: ReturnType<typeof timesheetPermission>) => ({ draft: v, pending: v, approved: v, rejected: v });
const editable = { draft: 'ok', pending: 'conflict', approved: 'conflict', rejected: 'ok' } as const;
const decidable = { draft: 'conflict', pending: 'ok', approved: 'conflict', rejected: 'conflict' } as const;

const TABLE: Row[] = [
  ['contractor', contractor, 'edit', editable],
  ['contractor', contractor, 'submit', editable],
  ['contractor', contractor, 'approve', all('forbidden')],
  ['contractor', contractor, 'reject', all('forbidden')],
  ['client', client, 'edit', all('forbidden')],
  ['client', client, 'submit', all('forbidden')],
  ['client', client, 'approve', decidable],
  ['client', client, 'reject', decidable],
  ['admin', admin, 'edit', all('forbidden')],
  ['admin', admin, 'submit', all('forbidden')],
  ['admin', admin, 'approve', decidable],
  ['admin', admin, 'reject', decidable],
  ['master-admin', master, 'approve', decidable],
  ['admin who is the contractor', adminContractor, 'approve', all('forbidden')],
  ['admin who is the contractor', adminContractor, 'edit', editable],
  ['stranger', stranger, 'edit', all('not_found')],
  ['stranger', stranger, 'submit', all('not_found')],
  ['stranger', stranger, 'approve', all('not_found')],
  ['stranger', stranger, 'reject', all('not_found')],
  ['deactivated client', deactivatedClient, 'approve', all('forbidden')],
  ['admin who referred the lead', adminReferrer, 'approve', all('forbidden')],
  // rejecting earns them nothing
  ['admin who referred the lead', adminReferrer, 'reject', decidable],
  ['admin who referred the lead', adminReferrer, 'edit', all('forbidden')],
];

describe('timesheet policy: role × action × status', () => {
  for (const [name, who, action, expected] of TABLE) {
    it(`${name} → ${action}`, () => {
      for (const [status, want] of Object.entries(expected)) expect(timesheetPermission(who, sheet(status), action), status).toBe(want);
    });
  }

  it('sends as abilities exactly what is allowed', () => {
    expect(timesheetAbilities(contractor, sheet('draft'))).toEqual({ edit: true, submit: true, approve: false, reject: false, adjust: false });
    expect(timesheetAbilities(client, sheet('pending'))).toEqual({ edit: false, submit: false, approve: true, reject: true, adjust: false });
    expect(timesheetAbilities(client, sheet('approved'))).toEqual({ edit: false, submit: false, approve: false, reject: false, adjust: false });
    expect(timesheetAbilities(stranger, sheet('pending'))).toEqual({ edit: false, submit: false, approve: false, reject: false, adjust: false });
    // only an administrator corrects, only approved time, and never their own
    expect(timesheetAbilities(admin, sheet('approved'))).toEqual({ edit: false, submit: false, approve: false, reject: false, adjust: true });
    expect(timesheetAbilities(master, sheet('approved')).adjust).toBe(true);
    expect(timesheetAbilities(admin, sheet('pending')).adjust).toBe(false);
    expect(timesheetAbilities(adminContractor, sheet('approved')).adjust).toBe(false);
  });

  it('never lets the lead’s referrer approve or correct time that pays them commission', () => {
    expect(timesheetAbilities(adminReferrer, sheet('pending'))).toEqual({ edit: false, submit: false, approve: false, reject: true, adjust: false });
    expect(timesheetAbilities(adminReferrer, sheet('approved')).adjust).toBe(false);
    // another administrator still may, and a sheet whose referrer is unknown is not theirs
    expect(timesheetAbilities(admin, sheet('pending')).approve).toBe(true);
    expect(timesheetAbilities(adminReferrer, sheet('pending', null)).approve).toBe(true);
    expect(timesheetAbilities(adminReferrer, sheet('approved', 'someone-else')).adjust).toBe(true);
  });

  it('shows the charge rate to the client and the pay rate to the contractor; both to administrators', () => {
    const p = { contractorId: 'contractor', clientId: 'client' };
    expect(placementRatesSeen(contractor, p)).toEqual({ charge: false, pay: true });
    expect(placementRatesSeen(client, p)).toEqual({ charge: true, pay: false });
    expect(placementRatesSeen(admin, p)).toEqual({ charge: true, pay: true });
    expect(placementRatesSeen(stranger, p)).toEqual({ charge: false, pay: false });
  });
});
