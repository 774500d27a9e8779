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
