import { describe, expect, it } from 'vitest';
import { forbidden } from './authorize.ts';
import { reportAbilities, reportListPermission, reportPermission, type ReportFacts } from './moderation.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role: string): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const open: ReportFacts = { status: 'open', hidden: false };
const hidden: ReportFacts = { status: 'hidden', hidden: true };
const dismissed: ReportFacts = { status: 'dismissed', hidden: false };

describe('moderation policy', () => {
  it.each([
    ['an admin, on an open report', actor('admin', 'admin'), open, { hide: true, restore: false, dismiss: true }],
    ['the master-admin, on an open report', actor('master', 'master-admin'), open, { hide: true, restore: false, dismiss: true }],
    ['an admin, on hidden content', actor('admin', 'admin'), hidden, { hide: false, restore: true, dismiss: false }],
    ['an admin, on a dismissed report', actor('admin', 'admin'), dismissed, { hide: true, restore: false, dismiss: false }],
    ['a partner', actor('someone', 'partner'), open, { hide: false, restore: false, dismiss: false }],
    ['a CP+ member', actor('plus', 'cp-plus'), hidden, { hide: false, restore: false, dismiss: false }],
  ])('gives %s what they may do', (_who, who, report, expected) => {
    expect(reportAbilities(who, report)).toEqual(expected);
  });

  it('refuses a member as forbidden and the wrong moment as a conflict', () => {
    expect(reportPermission(actor('someone', 'partner'), 'hide', open)).toMatchObject({ refused: 'forbidden' });
    expect(reportPermission(actor('admin', 'admin'), 'restore', open)).toMatchObject({ refused: 'conflict' });
    expect(reportPermission(actor('admin', 'admin'), 'hide', hidden)).toMatchObject({ refused: 'conflict' });
  });

  it('lets only the administrators read the reports (403 for anyone else, with the same words)', () => {
    expect(reportListPermission(actor('admin', 'admin'))).toBe('ok');
    expect(reportListPermission(actor('master', 'master-admin'))).toBe('ok');
    for (const role of ['partner', 'cp-plus']) expect(reportListPermission(actor('someone', role))).toEqual(forbidden('Only administrators moderate the community.'));
    expect(reportPermission(actor('someone', 'partner'), 'dismiss', open)).toEqual(reportListPermission(actor('someone', 'partner')));
  });
});
