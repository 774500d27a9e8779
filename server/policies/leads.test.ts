import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../common/constants/options.ts';
import { LEAD_COMMISSION_FIELDS_LOCKED } from '../../common/schemas/lead.ts';
import { conflict, forbidden, notFound, type Permission } from './authorize.ts';
import { leadCommentPermission, leadPermission, readsLeadComment, type LeadAction } from './leads.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role = 'partner'): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const partner = actor('partner');
const stranger = actor('stranger');
const admin = actor('admin', 'admin');
const master = actor('master', 'master-admin');
/** An administrator who submitted the lead themselves. */
const adminSubmitter = actor('partner', 'admin');

const lead = (status: string) => ({ submitterId: 'partner', status });

const NOT_EDITABLE = conflict('This lead can no longer be edited: only a lead that is submitted or under review can be changed.');
const CLOSED = conflict('This lead is already closed and cannot be withdrawn.');
const NOT_WITHDRAWER = forbidden('Only the partner who submitted a lead can withdraw it.');

type Expected = (status: string) => Permission;
const always =
  (p: Permission): Expected =>
  () =>
    p;
const partnerEdits: Expected = (s) => (s === 'submitted' || s === 'reviewing' ? 'ok' : NOT_EDITABLE);
const adminEditsCommission: Expected = (s) => (s === 'closed-won' ? conflict(LEAD_COMMISSION_FIELDS_LOCKED) : 'ok');
const withdrawable: Expected = (s) => (s === 'closed-won' || s === 'closed-lost' ? CLOSED : 'ok');

const table: Array<[string, Actor, LeadAction, Expected]> = [
  ['partner reads their lead', partner, 'read', always('ok')],
  ['partner writes in its discussion', partner, 'comment', always('ok')],
  ['partner changes its status', partner, 'update', always(forbidden('Only an administrator can change a lead.'))],
  ['partner deletes it', partner, 'delete', always(forbidden('Only an administrator can delete a lead.'))],
  ['partner assigns it', partner, 'assign', always(forbidden('Only an administrator can assign a lead.'))],
  ['partner writes an internal note', partner, 'writeInternal', always(forbidden('Only administrators can write internal notes.'))],
  ['partner edits it', partner, 'edit', partnerEdits],
  ['partner edits its commission fields', partner, 'editCommissionFields', partnerEdits],
  ['partner withdraws it', partner, 'withdraw', withdrawable],
  ['another partner, any act', stranger, 'read', always(notFound('Lead not found.'))],
  ['another partner edits it', stranger, 'edit', always(notFound('Lead not found.'))],
  ['another partner writes in it', stranger, 'comment', always(notFound('Lead not found.'))],
  ['admin changes its status', admin, 'update', always('ok')],
  ['admin deletes it', admin, 'delete', always('ok')],
  ['admin assigns it', admin, 'assign', always('ok')],
  ['admin writes an internal note', admin, 'writeInternal', always('ok')],
  ['admin edits it', admin, 'edit', always('ok')],
  ['master-admin edits it', master, 'edit', always('ok')],
  ['admin edits its commission fields', admin, 'editCommissionFields', adminEditsCommission],
  ['master-admin edits its commission fields', master, 'editCommissionFields', adminEditsCommission],
  ['admin withdraws someone else’s lead', admin, 'withdraw', always(NOT_WITHDRAWER)],
  ['admin who submitted it edits it', adminSubmitter, 'edit', always('ok')],
  ['admin who submitted it withdraws it', adminSubmitter, 'withdraw', withdrawable],
];

describe('lead policy: action × party × status → answer', () => {
  const rows = table.flatMap(([name, who, action, expected]) => LEAD_STATUSES.map((s) => [`${name} (${s})`, who, action, s, expected(s)] as const));
  it.each(rows)('%s', (_name, who, action, status, expected) => expect(leadPermission(who, action, lead(status))).toEqual(expected));

  it('a lead whose status is not known is not the partner’s to edit or withdraw', () => {
    expect(leadPermission(partner, 'edit', { submitterId: 'partner' })).toEqual(NOT_EDITABLE);
    expect(leadPermission(partner, 'withdraw', { submitterId: 'partner' })).toEqual(CLOSED);
  });
});

describe('lead discussion: who reads, edits and deletes a message', () => {
  const message = (o: { authorId?: string | null; internal?: boolean; deletedAt?: Date | null; onSeenLead?: boolean } = {}) => ({
    authorId: 'partner',
    internal: false,
    deletedAt: null,
    onSeenLead: true,
    ...o,
  });
  const gone = notFound('Message not found.');
  const table: Array<[string, Actor, 'read' | 'edit' | 'delete', ReturnType<typeof message> | undefined, Permission]> = [
    ['no such message', partner, 'read', undefined, gone],
    ['its author reads it', partner, 'read', message(), 'ok'],
    ['its author edits it', partner, 'edit', message(), 'ok'],
    ['its author deletes it', partner, 'delete', message(), 'ok'],
    ['a deleted message', partner, 'edit', message({ deletedAt: new Date() }), gone],
    ['a message on a lead they do not see', stranger, 'read', message({ onSeenLead: false }), gone],
    ['the partner, an internal note', partner, 'read', message({ authorId: 'admin', internal: true }), gone],
    ['the partner edits an internal note', partner, 'edit', message({ authorId: 'admin', internal: true }), gone],
    ['the partner edits an administrator’s message', partner, 'edit', message({ authorId: 'admin' }), forbidden('You can only edit your own messages.')],
    ['an administrator reads an internal note', admin, 'read', message({ authorId: 'master', internal: true }), 'ok'],
    ['an administrator edits another’s note', admin, 'edit', message({ authorId: 'master', internal: true }), forbidden('You can only edit your own messages.')],
    ['an administrator deletes the partner’s message', admin, 'delete', message(), forbidden('You can only delete your own messages.')],
    ['an administrator edits their own internal note', admin, 'edit', message({ authorId: 'admin', internal: true }), 'ok'],
  ];
  it.each(table)('%s', (_name, who, action, comment, expected) => expect(leadCommentPermission(who, action, comment)).toEqual(expected));

  it('reads a message as the SQL form does: not deleted, internal notes only for administrators', () => {
    expect(readsLeadComment(partner, { authorId: 'x', internal: false })).toBe(true);
    expect(readsLeadComment(partner, { authorId: 'x', internal: true })).toBe(false);
    expect(readsLeadComment(admin, { authorId: 'x', internal: true })).toBe(true);
    expect(readsLeadComment(admin, { authorId: 'x', internal: false, deletedAt: new Date() })).toBe(false);
  });
});
