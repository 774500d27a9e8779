import { describe, expect, it } from 'vitest';
import { actionSentence, describeChanges, entityLabel } from './audit-format.ts';

describe('audit entries of timesheets', () => {
  it('names the actions and records of placements and timesheets in words', () => {
    expect(actionSentence('timesheet.adjust')).toBe('corrected an approved timesheet');
    expect(actionSentence('placement.invite_client')).toBe('invited a client contact to join');
    expect(entityLabel('timesheet')).toBe('Timesheet');
    expect(entityLabel('placement')).toBe('Placement');
  });

  it('reads a correction as the days and total before and after, the reason, and the commission it wrote', () => {
    const changes = describeChanges(
      { totalUnits: '50.00', entries: [{ date: '2026-11-02', units: '10.00', description: null }] },
      {
        totalUnits: '40.00',
        entries: [{ date: '2026-11-02', units: '8.00', description: 'Corrected' }],
        reason: 'Client disputed Friday hours',
        commissions: [{ id: 'c1', amount: '-300.00', basis: '-1500.00', month: '2026-11' }],
      },
      'timesheet',
    );
    const byKey = Object.fromEntries(changes.map((c) => [c.key, [c.before, c.after]]));
    expect(byKey.entries).toEqual(['2026-11-02: 10.00', '2026-11-02: 8.00']);
    expect(byKey.totalUnits).toEqual(['50.00', '40.00']);
    expect(byKey.reason).toEqual([null, 'Client disputed Friday hours']);
    expect(byKey.commissions?.[1]).toMatch(/^-£300\.00 on -£1,500\.00 of profit \(2026-11\)$/);
  });
});

describe('audit entries read by their declared formats', () => {
  const byKey = (changes: ReturnType<typeof describeChanges>) => Object.fromEntries(changes.map((c) => [c.key, [c.label, c.before, c.after]]));

  it('reads a lead’s status through the pipeline labels and its value as money', () => {
    const changes = byKey(describeChanges({ companyName: 'Acme', status: 'closed-won', estimatedValue: '12000.00', submitterId: 'u1' }, null, 'lead'));
    expect(changes.status).toEqual(['Status', 'Closed Won', null]);
    expect(changes.estimatedValue).toEqual(['Value', '£12,000.00', null]);
    expect(changes.companyName).toEqual(['Company', 'Acme', null]);
    expect(changes.submitterId).toBeUndefined();
  });

  it('reads an account flag as Active/Inactive, a removal as a date and time, other states in words', () => {
    const user = byKey(describeChanges({ isActive: true, removedAt: null }, { isActive: false, removedAt: '2026-11-02T10:30:00.000Z' }, 'user'));
    expect(user.isActive).toEqual(['Account', 'Active', 'Inactive']);
    expect(user.removedAt?.[2]).toMatch(/2026/);
    const sheet = byKey(describeChanges({ status: 'pending' }, { status: 'approved' }, 'timesheet'));
    expect(sheet.status).toEqual(['Status', 'Pending', 'Approved']);
  });

  it('reads a rejection’s reason through its label, a timesheet’s reason as written', () => {
    const rejected = byKey(describeChanges({ accountStatus: 'pending' }, { accountStatus: 'rejected', reason: 'competitor', notes: null }, 'user'));
    expect(rejected.accountStatus).toEqual(['Account status', 'Pending', 'Rejected']);
    expect(rejected.reason?.[2]).toBe('Competitor');
    expect(byKey(describeChanges(null, { reason: 'competitor' }, 'timesheet')).reason?.[2]).toBe('competitor');
  });

  it('reads a placement’s rates from pence and a checklist item as Yes/No under its label', () => {
    expect(byKey(describeChanges(null, { chargeRatePence: 50000 }, 'placement')).chargeRatePence).toEqual(['Charge rate', null, '£500.00']);
    expect(byKey(describeChanges({ companyVerified: false }, { companyVerified: true }, 'user')).companyVerified).toEqual(['Company Verified', 'No', 'Yes']);
  });

  it('names every action and record of the vocabulary, and reads an unknown one as its words', () => {
    expect(actionSentence('user.anonymise')).toBe('erased a user’s account');
    expect(actionSentence('widget.frobnicate')).toBe('performed widget frobnicate');
    expect(entityLabel('community_post')).toBe('Community post');
    expect(entityLabel('widget')).toBe('Widget');
  });
});
