import { describe, expect, it } from 'vitest';
import { PAYOUT_LINE_STATES, PAYOUT_RUN_STATUSES, type PayoutRunStatus } from '../../common/schemas/payouts.ts';
import { conflict, forbidden, notFound, type Permission } from './authorize.ts';
import {
  isIssuedPayout,
  PAYOUT_MESSAGES as M,
  payoutAdminPermission,
  payoutRunAbilities,
  payoutRunPermission,
  payoutStatementPermission,
  type PayoutRunAction,
} from './payouts.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role = 'partner', o: Partial<Actor> = {}): Actor => ({ id, role, accountStatus: 'approved', isActive: true, ...o });
const run = (status: string, actorPaidInRun = false) => ({ status, createdBy: 'drafter', actorPaidInRun });

const partner = actor('partner');
const admin = actor('admin', 'admin');
const master = actor('master', 'master-admin');
const drafter = actor('drafter', 'admin');
const masterDrafter = actor('drafter', 'master-admin');
const deactivatedAdmin = actor('admin', 'admin', { isActive: false });

type Expected = (status: PayoutRunStatus) => Permission;
const always =
  (p: Permission): Expected =>
  () =>
    p;
const inDraft: Expected = (s) => (s === 'draft' ? 'ok' : conflict(M.notDraft(s)));
const inApproved: Expected = (s) => (s === 'approved' ? 'ok' : conflict(M.notApproved(s)));
const withFiles: Expected = (s) => (s === 'approved' || s === 'paid' ? 'ok' : conflict(M.noFiles));
const unseen = always(notFound(M.notFound));

/** Every actor × action, each checked in every status; `paid` says the actor has a payable line in the run. */
const TABLE: Array<[string, Actor, boolean, Record<PayoutRunAction, Expected>]> = [
  ['partner', partner, false, { approve: unseen, cancel: unseen, markPaid: unseen, downloadFiles: unseen }],
  ['partner paid in the run', partner, true, { approve: unseen, cancel: unseen, markPaid: unseen, downloadFiles: unseen }],
  ['deactivated admin', deactivatedAdmin, false, { approve: unseen, cancel: unseen, markPaid: unseen, downloadFiles: unseen }],
  ['another admin', admin, false, { approve: inDraft, cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles }],
  ['a master-admin', master, false, { approve: inDraft, cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles }],
  ['the drafter', drafter, false, { approve: always(forbidden(M.drafterApproves)), cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles }],
  [
    'the drafter, a master-admin',
    masterDrafter,
    false,
    { approve: always(forbidden(M.drafterApproves)), cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles },
  ],
  ['an admin paid in the run', admin, true, { approve: always(forbidden(M.paidApproves)), cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles }],
  ['a master-admin paid in the run', master, true, { approve: always(forbidden(M.paidApproves)), cancel: inDraft, markPaid: inApproved, downloadFiles: withFiles }],
];

describe('payout run policy: actor × action × status', () => {
  for (const [name, who, paid, actions] of TABLE) {
    for (const [action, expected] of Object.entries(actions) as [PayoutRunAction, Expected][]) {
      it(`${name} → ${action}`, () => {
        for (const status of PAYOUT_RUN_STATUSES) expect(payoutRunPermission(who, action, run(status, paid)), status).toEqual(expected(status));
      });
    }
  }

  it('sends as abilities exactly what is allowed', () => {
    for (const [, who, paid, actions] of TABLE) {
      for (const status of PAYOUT_RUN_STATUSES) {
        const want = Object.fromEntries(Object.entries(actions).map(([a, e]) => [a, e(status) === 'ok']));
        expect(payoutRunAbilities(who, run(status, paid)), `${who.id} ${status}`).toEqual(want);
      }
    }
    expect(payoutRunAbilities(admin, run('draft'))).toEqual({ approve: true, cancel: true, markPaid: false, downloadFiles: false });
    expect(payoutRunAbilities(drafter, run('draft'))).toEqual({ approve: false, cancel: true, markPaid: false, downloadFiles: false });
  });

  it('lets only active administrators draft runs and change the settings', () => {
    expect(payoutAdminPermission(admin)).toBe('ok');
    expect(payoutAdminPermission(master)).toBe('ok');
    expect(payoutAdminPermission(partner)).toEqual(forbidden(M.onlyAdmin));
    expect(payoutAdminPermission(deactivatedAdmin)).toEqual(forbidden(M.onlyAdmin));
  });

  it('shows a statement to the partner it pays once issued, to administrators always, to nobody else (actor × run status × line state)', () => {
    const hidden = notFound(M.statementNotFound);
    const paidAdmin = actor('partner', 'admin');
    for (const status of PAYOUT_RUN_STATUSES) {
      for (const state of PAYOUT_LINE_STATES) {
        const line = { partnerId: 'partner', state, status };
        const issued = ['approved', 'paid'].includes(status) && ['payable', 'paid', 'failed'].includes(state);
        const at = `${status}/${state}`;
        expect(isIssuedPayout(line), at).toBe(issued);
        expect(payoutStatementPermission(partner, line), at).toEqual(issued ? 'ok' : hidden);
        // an administrator paid in the line is its partner there: the statement waits until it is issued
        expect(payoutStatementPermission(paidAdmin, line), at).toEqual(issued ? 'ok' : hidden);
        expect(payoutStatementPermission(admin, line), at).toBe('ok');
        expect(payoutStatementPermission(master, line), at).toBe('ok');
        expect(payoutStatementPermission(deactivatedAdmin, line), at).toEqual(hidden);
        expect(payoutStatementPermission(actor('other'), line), at).toEqual(hidden);
      }
    }
  });
});
