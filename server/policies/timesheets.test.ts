import { describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M, TIMESHEET_STATUSES, type TimesheetStatus } from '../../common/constants/timesheets.ts';
import { conflict, forbidden, notFound, type Permission } from './authorize.ts';
import type { Actor } from './roles.ts';
import { placementAbilities, placementPermission, placementRatesSeen, timesheetAbilities, timesheetPermission, type TimesheetAction } from './timesheets.ts';

const actor = (id: string, role = 'partner', o: Partial<Actor> = {}): Actor => ({ id, role, accountStatus: 'approved', isActive: true, ...o });
const sheet = (status: string, referrerId: string | null = 'referrer') => ({ contractorId: 'contractor', clientId: 'client', status, referrerId });

const contractor = actor('contractor');
const client = actor('client');
const admin = actor('admin', 'admin');
const master = actor('master', 'master-admin');
const stranger = actor('stranger');
/** An administrator who is also the sheet's contractor. */
const adminContractor = actor('contractor', 'admin');
/** An administrator who is also the sheet's client. */
const adminClient = actor('client', 'admin');
const deactivatedClient = actor('client', 'partner', { isActive: false });
/** An administrator who referred the placement's lead, so earns commission on its approved time. */
const adminReferrer = actor('referrer', 'admin');
/** A partner who referred the lead and is neither party: the sheet is not theirs to see. */
const partnerReferrer = actor('referrer');

/** The answer for each status. */
type Expected = (status: TimesheetStatus) => Permission;
const always =
  (p: Permission): Expected =>
  () =>
    p;
const editable =
  (refusal: (s: TimesheetStatus) => string): Expected =>
  (s) =>
    s === 'draft' || s === 'rejected' ? 'ok' : conflict(refusal(s));
const decidable: Expected = (s) => (s === 'pending' ? 'ok' : conflict(M.notPending(s)));
const adjustable: Expected = (s) => (s === 'approved' ? 'ok' : conflict(M.adjustOnlyApproved));

const notAdmin = always(forbidden(M.onlyAdminAdjusts));
const notContractorEdit = always(forbidden(M.onlyContractorEdits));
const notContractorSubmit = always(forbidden(M.onlyContractorSubmits));
const notDecider = always(forbidden(M.onlyClientDecides));
const unseen = always(notFound(M.notFound));

/** Every party × action; each is checked in every status. */
const TABLE: Array<[string, Actor, Record<TimesheetAction, Expected>]> = [
  ['contractor', contractor, { edit: editable(M.notEditable), submit: editable(M.notSubmittable), approve: notDecider, reject: notDecider, adjust: notAdmin }],
  ['client', client, { edit: notContractorEdit, submit: notContractorSubmit, approve: decidable, reject: decidable, adjust: notAdmin }],
  ['admin', admin, { edit: notContractorEdit, submit: notContractorSubmit, approve: decidable, reject: decidable, adjust: adjustable }],
  ['master-admin', master, { edit: notContractorEdit, submit: notContractorSubmit, approve: decidable, reject: decidable, adjust: adjustable }],
  [
    'admin who is the contractor',
    adminContractor,
    {
      edit: editable(M.notEditable),
      submit: editable(M.notSubmittable),
      approve: notDecider,
      reject: notDecider,
      adjust: always(forbidden(M.noOwnAdjustment)),
    },
  ],
  ['admin who is the client', adminClient, { edit: notContractorEdit, submit: notContractorSubmit, approve: decidable, reject: decidable, adjust: adjustable }],
  ['stranger', stranger, { edit: unseen, submit: unseen, approve: unseen, reject: unseen, adjust: notAdmin }],
  ['deactivated client', deactivatedClient, { edit: notContractorEdit, submit: notContractorSubmit, approve: notDecider, reject: notDecider, adjust: notAdmin }],
  [
    'admin who referred the lead',
    adminReferrer,
    {
      edit: notContractorEdit,
      submit: notContractorSubmit,
      approve: always(forbidden(M.noOwnCommissionApproval)),
      // rejecting earns them nothing
      reject: decidable,
      adjust: always(forbidden(M.noOwnCommissionAdjustment)),
    },
  ],
  ['partner who referred the lead', partnerReferrer, { edit: unseen, submit: unseen, approve: unseen, reject: unseen, adjust: notAdmin }],
];

describe('timesheet policy: party × action × status', () => {
  for (const [name, who, actions] of TABLE) {
    for (const [action, expected] of Object.entries(actions) as [TimesheetAction, Expected][]) {
      it(`${name} → ${action}`, () => {
        for (const status of TIMESHEET_STATUSES) expect(timesheetPermission(who, action, sheet(status)), status).toEqual(expected(status));
      });
    }
  }

  it('sends as abilities exactly what is allowed', () => {
    for (const [, who, actions] of TABLE) {
      for (const status of TIMESHEET_STATUSES) {
        const want = Object.fromEntries(Object.entries(actions).map(([a, e]) => [a, e(status) === 'ok']));
        expect(timesheetAbilities(who, sheet(status)), `${who.id} ${status}`).toEqual(want);
      }
    }
    expect(timesheetAbilities(contractor, sheet('draft'))).toEqual({ edit: true, submit: true, approve: false, reject: false, adjust: false });
    expect(timesheetAbilities(client, sheet('pending'))).toEqual({ edit: false, submit: false, approve: true, reject: true, adjust: false });
    expect(timesheetAbilities(admin, sheet('approved'))).toEqual({ edit: false, submit: false, approve: false, reject: false, adjust: true });
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

  it('lets administrators manage placements and invite clients, and only the contractor start a placement’s sheets', () => {
    const p = { contractorId: 'contractor', clientId: 'client' };
    for (const who of [admin, master]) {
      for (const action of ['create', 'edit', 'inviteClient'] as const) expect(placementPermission(who, action)).toBe('ok');
    }
    expect(placementPermission(client, 'create')).toEqual(forbidden('Only an administrator can manage placements.'));
    expect(placementPermission(contractor, 'edit')).toEqual(forbidden('Only an administrator can manage placements.'));
    expect(placementPermission(client, 'inviteClient')).toEqual(forbidden('Only an administrator can invite a client.'));
    expect(placementPermission(actor('admin', 'admin', { isActive: false }), 'create')).toEqual(forbidden('Only an administrator can manage placements.'));
    expect(placementPermission(contractor, 'createTimesheet', p)).toBe('ok');
    expect(placementPermission(adminContractor, 'createTimesheet', p)).toBe('ok');
    for (const who of [client, admin, stranger]) expect(placementPermission(who, 'createTimesheet', p)).toEqual(forbidden(M.onlyContractorCreates));
    expect(placementAbilities(contractor, p)).toEqual({ edit: false, createTimesheet: true });
    expect(placementAbilities(admin, p)).toEqual({ edit: true, createTimesheet: false });
  });
});
