import { describe, expect, it } from 'vitest';
import { applicationAbilities } from './applications.ts';
import { commissionAbilities } from './commissions.ts';
import { connectionAbilities } from './connections.ts';
import { globalAbilities } from './global.ts';
import { leadAbilities } from './leads.ts';
import type { Actor } from './roles.ts';
import { userAbilities } from './users.ts';

const actor = (role: string, o: Partial<Actor> = {}): Actor => ({ id: `${role}-1`, role, accountStatus: 'approved', isActive: true, ...o });
const partner = actor('partner');
const admin = actor('admin');
const master = actor('master-admin');

describe('lead policy: role × relation × action', () => {
  const own = { submitterId: partner.id, status: 'submitted' };
  const others = { submitterId: 'someone-else', status: 'submitted' };
  const adminCan = {
    read: true,
    update: true,
    delete: true,
    seeDuplicateFlag: true,
    edit: true,
    editCommissionFields: true,
    assign: true,
    comment: true,
    writeInternal: true,
  };
  const table: Array<[string, Actor, { submitterId: string; status?: string }, Record<string, boolean>]> = [
    [
      'partner, own submitted lead',
      partner,
      own,
      {
        read: true,
        update: false,
        delete: false,
        seeDuplicateFlag: false,
        edit: true,
        editCommissionFields: true,
        withdraw: true,
        assign: false,
        comment: true,
        writeInternal: false,
      },
    ],
    ['partner, own lead under review', partner, { ...own, status: 'reviewing' }, expect.objectContaining({ edit: true, withdraw: true })],
    ['partner, own qualified lead', partner, { ...own, status: 'qualified' }, expect.objectContaining({ edit: false, withdraw: true })],
    ['partner, own closed-lost lead', partner, { ...own, status: 'closed-lost' }, expect.objectContaining({ edit: false, withdraw: false })],
    ['partner, own closed-won lead', partner, { ...own, status: 'closed-won' }, expect.objectContaining({ edit: false, editCommissionFields: false, withdraw: false })],
    [
      'partner, another member’s lead',
      partner,
      others,
      {
        read: false,
        update: false,
        delete: false,
        seeDuplicateFlag: false,
        edit: false,
        editCommissionFields: false,
        withdraw: false,
        assign: false,
        comment: false,
        writeInternal: false,
      },
    ],
    ['admin, any lead', admin, others, { ...adminCan, withdraw: false }],
    ['master-admin, any lead', master, others, { ...adminCan, withdraw: false }],
    ['admin, any qualified lead', admin, { ...others, status: 'qualified' }, { ...adminCan, withdraw: false }],
    ['admin, any closed-won lead', admin, { ...others, status: 'closed-won' }, { ...adminCan, editCommissionFields: false, withdraw: false }],
    ['admin, own lead', admin, { submitterId: admin.id, status: 'submitted' }, { ...adminCan, withdraw: true }],
  ];
  it.each(table)('%s', (_name, who, lead, expected) => expect(leadAbilities(who, lead)).toEqual(expected));
});

describe('user policy: only a master-admin acts on admins; nobody on themselves', () => {
  const target = (role: string, o: { isActive?: boolean; removedAt?: Date | null } = {}) => ({
    id: `${role}-target`,
    role,
    isActive: o.isActive ?? true,
    removedAt: o.removedAt ?? null,
  });
  const table: Array<
    [string, Actor, ReturnType<typeof target> | { id: string; role: string; isActive: boolean }, { activate: boolean; deactivate: boolean; remove: boolean }]
  > = [
    ['partner → partner', partner, target('partner'), { activate: false, deactivate: false, remove: false }],
    ['admin → active partner', admin, target('partner'), { activate: false, deactivate: true, remove: true }],
    ['admin → inactive partner', admin, target('partner', { isActive: false }), { activate: true, deactivate: false, remove: true }],
    ['admin → admin', admin, target('admin'), { activate: false, deactivate: false, remove: false }],
    ['admin → master-admin', admin, target('master-admin'), { activate: false, deactivate: false, remove: false }],
    ['master-admin → admin', master, target('admin'), { activate: false, deactivate: true, remove: true }],
    ['master-admin → master-admin', master, target('master-admin'), { activate: false, deactivate: true, remove: true }],
    ['admin → themselves', admin, { id: admin.id, role: 'admin', isActive: true }, { activate: false, deactivate: false, remove: false }],
    ['master-admin → themselves', master, { id: master.id, role: 'master-admin', isActive: true }, { activate: false, deactivate: false, remove: false }],
    ['admin → removed partner', admin, target('partner', { isActive: false, removedAt: new Date() }), { activate: false, deactivate: false, remove: false }],
  ];
  // the other flags on one account (edit, role, reset link) have tables of their own below
  it.each(table)('%s', (_name, who, t, expected) => expect(userAbilities(who, t)).toMatchObject(expected));
});

describe('user policy: editing a member follows the admin hierarchy; roles are a master-admin’s, on approved accounts', () => {
  const target = (role: string, o: { accountStatus?: string; isActive?: boolean; removedAt?: Date | null; id?: string } = {}) => ({
    id: o.id ?? `${role}-target`,
    role,
    isActive: o.isActive ?? true,
    removedAt: o.removedAt ?? null,
    accountStatus: o.accountStatus ?? 'approved',
  });
  const table: Array<[string, Actor, ReturnType<typeof target>, { edit: boolean; changeRole: boolean }]> = [
    ['partner → partner', partner, target('partner'), { edit: false, changeRole: false }],
    ['admin → partner', admin, target('partner'), { edit: true, changeRole: false }],
    ['admin → deactivated partner', admin, target('partner', { isActive: false }), { edit: true, changeRole: false }],
    ['admin → pending applicant', admin, target('partner', { accountStatus: 'pending' }), { edit: true, changeRole: false }],
    ['admin → admin', admin, target('admin'), { edit: false, changeRole: false }],
    ['admin → master-admin', admin, target('master-admin'), { edit: false, changeRole: false }],
    ['admin → themselves', admin, target('admin', { id: admin.id }), { edit: false, changeRole: false }],
    ['master-admin → partner', master, target('partner'), { edit: true, changeRole: true }],
    ['master-admin → deactivated partner', master, target('partner', { isActive: false }), { edit: true, changeRole: true }],
    ['master-admin → admin', master, target('admin'), { edit: true, changeRole: true }],
    ['master-admin → another master-admin', master, target('master-admin'), { edit: true, changeRole: true }],
    [
      'master-admin → themselves (stepping down; the last one is refused by the service)',
      master,
      target('master-admin', { id: master.id }),
      { edit: false, changeRole: true },
    ],
    ['master-admin → pending applicant', master, target('partner', { accountStatus: 'pending' }), { edit: true, changeRole: false }],
    ['master-admin → rejected applicant', master, target('partner', { accountStatus: 'rejected' }), { edit: true, changeRole: false }],
    ['master-admin → removed partner', master, target('partner', { isActive: false, removedAt: new Date() }), { edit: false, changeRole: false }],
  ];
  it.each(table)('%s', (_name, who, t, expected) => {
    const { edit, changeRole } = userAbilities(who, t);
    expect({ edit, changeRole }).toEqual(expected);
  });
});

describe('user policy: a password reset link follows the admin hierarchy, to active accounts only', () => {
  const target = (role: string, o: { isActive?: boolean; removedAt?: Date | null; id?: string } = {}) => ({
    id: o.id ?? `${role}-target`,
    role,
    isActive: o.isActive ?? true,
    removedAt: o.removedAt ?? null,
  });
  it.each([
    ['partner → partner', partner, target('partner'), false],
    ['admin → partner', admin, target('partner'), true],
    ['admin → deactivated partner', admin, target('partner', { isActive: false }), false],
    ['admin → removed partner', admin, target('partner', { isActive: false, removedAt: new Date() }), false],
    ['admin → admin', admin, target('admin'), false],
    ['admin → master-admin', admin, target('master-admin'), false],
    ['admin → themselves', admin, target('admin', { id: admin.id }), false],
    ['master-admin → admin', master, target('admin'), true],
    ['master-admin → another master-admin', master, target('master-admin'), true],
    ['master-admin → themselves', master, target('master-admin', { id: master.id }), false],
  ] as const)('%s → %s', (_name, who, t, expected) => expect(userAbilities(who, t).sendPasswordReset).toBe(expected));
});

describe('commission policy', () => {
  it.each([
    ['partner, pending', partner, 'pending', false],
    ['admin, pending', admin, 'pending', true],
    ['master-admin, pending', master, 'pending', true],
    ['admin, paid', admin, 'paid', false],
    ['admin, cancelled', admin, 'cancelled', false],
    ['admin, their own pending', admin, 'pending', false, admin.id],
    ['master-admin, their own pending', master, 'pending', false, master.id],
    ['partner, their own pending', partner, 'pending', false, partner.id],
  ] as const)('%s → markPaid %s', (_name, who, status, markPaid, partnerId: string = 'someone-else') =>
    expect(commissionAbilities(who, { status, partnerId })).toEqual({ markPaid }),
  );
});

describe('connection policy', () => {
  const none = { respond: false, withdraw: false, remove: false };
  it.each([
    ['receiver, pending', { requesterUserId: 'other', targetUserId: partner.id, status: 'pending' }, { ...none, respond: true }],
    ['sender, pending', { requesterUserId: partner.id, targetUserId: 'other', status: 'pending' }, { ...none, withdraw: true }],
    ['receiver, accepted', { requesterUserId: 'other', targetUserId: partner.id, status: 'accepted' }, { ...none, remove: true }],
    ['sender, accepted', { requesterUserId: partner.id, targetUserId: 'other', status: 'accepted' }, { ...none, remove: true }],
    ['sender, declined', { requesterUserId: partner.id, targetUserId: 'other', status: 'declined' }, none],
    ['neither member, accepted', { requesterUserId: 'one', targetUserId: 'two', status: 'accepted' }, none],
    ['neither member, pending', { requesterUserId: 'one', targetUserId: 'two', status: 'pending' }, none],
  ] as const)('%s → %o', (_name, c, can) => expect(connectionAbilities(partner, c)).toEqual(can));
  it('an admin is no exception: they answer, withdraw or remove only their own', () => {
    expect(connectionAbilities(admin, { requesterUserId: 'one', targetUserId: partner.id, status: 'pending' })).toEqual(none);
    expect(connectionAbilities(admin, { requesterUserId: 'one', targetUserId: partner.id, status: 'accepted' })).toEqual(none);
  });
});

describe('global abilities', () => {
  const adminAreas = {
    adminPanel: true,
    reviewApplications: true,
    manageUsers: true,
    manageLeads: true,
    payCommissions: true,
    createEvents: true,
    submitLeads: true,
    manageSecuritySettings: false,
  };
  const none = {
    ...adminAreas,
    adminPanel: false,
    reviewApplications: false,
    manageUsers: false,
    manageLeads: false,
    payCommissions: false,
    createEvents: false,
    submitLeads: false,
  };
  it.each([
    ['partner', partner, { ...none, submitLeads: true }],
    ['admin', admin, adminAreas],
    ['master-admin', master, { ...adminAreas, manageSecuritySettings: true }],
    ['deactivated master-admin', actor('master-admin', { isActive: false }), none],
    ['pending applicant', actor('partner', { accountStatus: 'pending' }), none],
    ['rejected applicant', actor('partner', { accountStatus: 'rejected' }), none],
    ['pending admin', actor('admin', { accountStatus: 'pending' }), none],
    ['deactivated admin', actor('admin', { isActive: false }), none],
    ['unknown role', actor('superuser'), { ...none, submitLeads: true }],
  ] as const)('%s', (_name, who, expected) => expect(globalAbilities(who)).toEqual(expected));
});

describe('application policy: reviewer × applicant state × e-mail verified', () => {
  const verified = new Date('2026-01-01T00:00:00Z');
  const unverifiedReason = 'The applicant has not verified their e-mail address yet.';
  const done = { approveBlockedReason: null, resendVerification: false };
  it.each([
    ['admin, pending, verified', admin, 'pending', verified, { update: true, approve: true, reject: true, ...done }],
    ['master-admin, pending, verified', master, 'pending', verified, { update: true, approve: true, reject: true, ...done }],
    [
      'admin, pending, unverified',
      admin,
      'pending',
      null,
      { update: true, approve: false, reject: true, approveBlockedReason: unverifiedReason, resendVerification: true },
    ],
    ['admin, rejected (reconsidered), verified', admin, 'rejected', verified, { update: false, approve: true, reject: false, ...done }],
    [
      'admin, rejected, unverified',
      admin,
      'rejected',
      null,
      { update: false, approve: false, reject: false, approveBlockedReason: unverifiedReason, resendVerification: false },
    ],
    ['admin, approved', admin, 'approved', verified, { update: false, approve: false, reject: false, ...done }],
    ['partner, pending, verified', partner, 'pending', verified, { update: false, approve: false, reject: false, ...done }],
    ['partner, pending, unverified', partner, 'pending', null, { update: false, approve: false, reject: false, ...done }],
  ] as const)('%s', (_name, who, accountStatus, emailVerifiedAt, expected) => expect(applicationAbilities(who, { accountStatus, emailVerifiedAt })).toEqual(expected));
});
