import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, MEMBER_STATUS_LABELS, memberStatus, type MemberStatusFacts } from './member-status.ts';

const approved: MemberStatusFacts = { accountStatus: 'approved', isActive: true, emailVerified: true, removed: false, anonymised: false };

describe('member status', () => {
  it.each([
    ['an approved, active member', approved, 'active'],
    ['an approved member whose new address is not confirmed yet', { ...approved, emailVerified: false }, 'active'],
    ['an approved member who was deactivated', { ...approved, isActive: false }, 'deactivated'],
    ['an applicant who has not confirmed their e-mail', { ...approved, accountStatus: 'pending', emailVerified: false }, 'pending-verification'],
    ['an applicant who confirmed their e-mail', { ...approved, accountStatus: 'pending' }, 'pending-review'],
    ['a rejected applicant (still flagged active)', { ...approved, accountStatus: 'rejected' }, 'rejected'],
    ['a rejected applicant who was deactivated', { ...approved, accountStatus: 'rejected', isActive: false }, 'rejected'],
    ['a pending applicant who was deactivated', { ...approved, accountStatus: 'pending', isActive: false }, 'pending-review'],
    ['a removed member', { ...approved, isActive: false, removed: true }, 'removed'],
    ['a removed applicant', { ...approved, accountStatus: 'rejected', removed: true }, 'removed'],
    ['an anonymised account', { ...approved, isActive: false, removed: true, anonymised: true, emailVerified: false }, 'anonymised'],
  ] as const)('%s → %s', (_name, facts, expected) => expect(memberStatus(facts)).toBe(expected));

  it('never answers two statuses: every combination of the flags maps to exactly one known status', () => {
    const bools = [true, false];
    for (const accountStatus of ['pending', 'approved', 'rejected'])
      for (const isActive of bools)
        for (const emailVerified of bools)
          for (const removed of bools)
            for (const anonymised of bools) expect(MEMBER_STATUSES).toContain(memberStatus({ accountStatus, isActive, emailVerified, removed, anonymised }));
  });

  it('labels each status in words, never "Active" for an applicant', () => {
    expect(MEMBER_STATUS_LABELS['pending-verification']).toBe('Pending e-mail verification');
    expect(MEMBER_STATUS_LABELS.anonymised).toBe('Removed (anonymised)');
    expect(MEMBER_STATUS_LABELS[memberStatus({ ...approved, accountStatus: 'rejected' })]).toBe('Rejected');
  });
});
