import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateKeys, withQuery } from './query-keys.ts';

describe('withQuery', () => {
  it('adds the parameters in the order given and leaves out empty ones', () => {
    expect(withQuery('/api/leads', { search: '', status: null, page: 2, pageSize: 25 })).toBe('/api/leads?page=2&pageSize=25');
    expect(withQuery('/api/users', { page: 1, pageSize: 20, search: 'ann lee' })).toBe('/api/users?page=1&pageSize=20&search=ann+lee');
  });
  it('is the bare path when nothing is left', () => {
    expect(withQuery('/api/admin/commissions.csv', { month: '', status: undefined })).toBe('/api/admin/commissions.csv');
  });
});

describe('invalidateKeys', () => {
  const stale = (client: QueryClient, key: unknown[]) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

  it('marks every page and filter under a path stale, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/users', { search: '', page: 1, pageSize: 20 }], {});
    client.setQueryData(['/api/users', { search: 'ann', page: 2, pageSize: 20 }], {});
    client.setQueryData(['/api/admin/outbox'], []);
    await invalidateKeys(client, [['/api/users']]);
    expect(stale(client, ['/api/users', { search: '', page: 1, pageSize: 20 }])).toBe(true);
    expect(stale(client, ['/api/users', { search: 'ann', page: 2, pageSize: 20 }])).toBe(true);
    expect(stale(client, ['/api/admin/outbox'])).toBe(false);
  });
  it('leaves the excepted key alone', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/lead-activities', { leadId: 'a' }], []);
    client.setQueryData(['/api/lead-activities', { leadId: 'b' }], []);
    await invalidateKeys(client, [['/api/lead-activities']], ['/api/lead-activities', { leadId: 'a' }]);
    expect(stale(client, ['/api/lead-activities', { leadId: 'a' }])).toBe(false);
    expect(stale(client, ['/api/lead-activities', { leadId: 'b' }])).toBe(true);
  });
});
