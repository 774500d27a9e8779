import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../../common/schemas/lead.ts';
import type { LeadPage } from '../api/leads.ts';
import { leadKeys } from '../api/keys.ts';
import { applyOptimisticStatus, restoreLeadLists } from './optimistic-status.ts';

function lead(id: string, status: Lead['status'], createdAt: string): Lead {
  return {
    id,
    submitterId: 'u1',
    submitterName: 'Paula Reyes',
    leadType: 'interim',
    companyName: `Company ${id}`,
    industry: 'Technology',
    contactName: 'Andrew Fuller',
    contactEmail: 'andrew@example.com',
    projectDescription: 'Interim CFO',
    estimatedValue: '26100.00',
    urgency: 'medium',
    relationshipStrength: 'medium',
    status,
    notes: null,
    sourceEventId: null,
    assignedTo: null,
    withdrawnAt: null,
    withdrawnReason: null,
    createdAt,
    updatedAt: createdAt,
    can: {
      read: true,
      update: true,
      delete: true,
      seeDuplicateFlag: true,
      edit: true,
      editCommissionFields: true,
      withdraw: false,
      assign: true,
      comment: true,
      writeInternal: true,
    },
  };
}
const page = (items: Lead[], total = items.length, pageSize = 25): LeadPage => ({ items, total, page: 1, pageSize });

describe('applyOptimisticStatus', () => {
  const a = lead('a', 'submitted', '2026-11-02T10:00:00Z');
  const b = lead('b', 'qualified', '2026-11-01T10:00:00Z');
  const all = leadKeys.list({});
  const submitted = leadKeys.list({ status: 'submitted' });
  const won = leadKeys.list({ status: 'closed-won' });
  const wonSearch = leadKeys.list({ status: 'closed-won', search: 'acme' });

  function cache() {
    const client = new QueryClient();
    client.setQueryData(all, page([a, b]));
    client.setQueryData(submitted, page([a]));
    client.setQueryData(won, page([b], 1));
    client.setQueryData(wonSearch, page([]));
    return client;
  }

  it('moves the lead out of lists of its old status and into the first page of its new one, newest first', () => {
    const client = cache();
    applyOptimisticStatus(client, a, 'closed-won', new Date('2026-11-03T09:00:00Z'));
    expect(client.getQueryData<LeadPage>(all)?.items.map((l) => [l.id, l.status])).toEqual([
      ['a', 'closed-won'],
      ['b', 'qualified'],
    ]);
    expect(client.getQueryData<LeadPage>(submitted)).toMatchObject({ items: [], total: 0 });
    expect(client.getQueryData<LeadPage>(won)).toMatchObject({ total: 2 });
    expect(client.getQueryData<LeadPage>(won)?.items.map((l) => l.id)).toEqual(['a', 'b']);
    expect(client.getQueryData<LeadPage>(won)?.items[0].updatedAt).toBe('2026-11-03T09:00:00.000Z');
  });
  it('leaves searched lists to the refresh that follows (it cannot tell whether the lead matches)', () => {
    const client = cache();
    applyOptimisticStatus(client, a, 'closed-won');
    expect(client.getQueryData<LeadPage>(wonSearch)?.items).toEqual([]);
  });
  it('moves the lead’s own page too, and leaves its discussion alone', () => {
    const client = cache();
    const thread = { pages: [{ items: [], total: 0, page: 1, pageSize: 50, can: { comment: true, writeInternal: true } }], pageParams: [{ page: 1 }] };
    client.setQueryData(leadKeys.detail('a'), a);
    client.setQueryData(leadKeys.detail('b'), b);
    client.setQueryData(leadKeys.comments('a'), thread);
    const snapshot = applyOptimisticStatus(client, a, 'qualified');
    expect(client.getQueryData<Lead>(leadKeys.detail('a'))?.status).toBe('qualified');
    expect(client.getQueryData<Lead>(leadKeys.detail('b'))?.status).toBe('qualified');
    expect(client.getQueryData(leadKeys.comments('a'))).toBe(thread);
    restoreLeadLists(client, snapshot);
    expect(client.getQueryData<Lead>(leadKeys.detail('a'))?.status).toBe('submitted');
  });
  it('does not add the lead to a “Mine” list it may not belong to', () => {
    const client = cache();
    const mine = leadKeys.list({ status: 'closed-won', assigned: 'me' });
    client.setQueryData(mine, page([]));
    applyOptimisticStatus(client, a, 'closed-won');
    expect(client.getQueryData<LeadPage>(mine)?.items).toEqual([]);
  });
  it('puts every list back when the server refuses', () => {
    const client = cache();
    const before = client.getQueryData<LeadPage>(submitted);
    const snapshot = applyOptimisticStatus(client, a, 'closed-won');
    restoreLeadLists(client, snapshot);
    expect(client.getQueryData<LeadPage>(submitted)).toEqual(before);
    expect(client.getQueryData<LeadPage>(won)?.items.map((l) => l.id)).toEqual(['b']);
  });
});
