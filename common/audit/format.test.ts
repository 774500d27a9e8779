import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './index.ts';
import { AUDIT_ACTION_GROUPS, auditChangeReader, changesText } from './format.ts';

const plain = auditChangeReader({ date: (v) => `day ${v}`, dateTime: (v) => `at ${v}`, gbp: (v) => `£${Number(v).toFixed(2)}` });

describe('the audit log in words', () => {
  it('groups every action of the vocabulary once, under the records its feature audits, each with its sentence', () => {
    const listed = AUDIT_ACTION_GROUPS.flatMap((g) => g.actions.map((a) => a.value));
    expect(listed.sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    expect(new Set(listed).size).toBe(listed.length);
    const labels = AUDIT_ACTION_GROUPS.flatMap((g) => g.label.split(', '));
    expect(labels.sort()).toEqual(Object.values(AUDIT_ENTITIES).sort());
    const events = AUDIT_ACTION_GROUPS.find((g) => g.label === 'Event')!;
    expect(events.actions).toContainEqual({ value: 'event.cancel', label: 'Cancelled an event' });
  });

  it('writes dates and money with the reader’s own writers, and changes as one line', () => {
    const changes = plain({ paidAt: null, amount: '10' }, { paidAt: '2026-06-10T10:00:00Z', amount: '12.5' }, 'commission');
    expect(changes).toEqual([
      { key: 'paidAt', label: 'Paid', before: '—', after: 'at 2026-06-10T10:00:00Z' },
      { key: 'amount', label: 'Amount', before: '£10.00', after: '£12.50' },
    ]);
    expect(changesText(changes)).toBe('Paid: — → at 2026-06-10T10:00:00Z; Amount: £10.00 → £12.50');
    expect(changesText(plain({ note: 'Late' }, null, 'user'))).toBe('Note: Late (removed)');
    expect(changesText(plain(null, { isActive: true }, 'user'))).toBe('Account: Active');
  });
});
