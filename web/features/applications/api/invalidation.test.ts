import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changed, keysFor } from '../../../lib/changes.ts';
import { applicationKeys } from './keys.ts';

describe('what an application change refreshes', () => {
  it('the pending pages and summary, and the Admin Panel lists a decision changes: users, overview, audit log, the applications analytics', () => {
    expect(
      keysFor('application')
        .map((k) => k[0])
        .sort(),
    ).toEqual(
      [
        '/api/admin/pending-applications',
        '/api/admin/application-stats',
        '/api/users',
        '/api/admin/overview',
        '/api/admin/audit-log',
        '/api/analytics/applications',
      ].sort(),
    );
  });

  it('marks every cached page of the pending list and the users pages stale, and leaves the rest alone', async () => {
    const client = new QueryClient();
    const page2 = applicationKeys.pending({ page: 2, pageSize: 20 });
    const users = ['/api/users', { search: '', page: 1, pageSize: 25 }] as const;
    const untouched = ['/api/commissions/summary'] as const;
    for (const key of [page2, users, untouched]) client.setQueryData(key, {});
    await changed(client, 'application');
    expect(client.getQueryState(page2)?.isInvalidated).toBe(true);
    expect(client.getQueryState(users)?.isInvalidated).toBe(true);
    expect(client.getQueryState(untouched)?.isInvalidated).toBe(false);
  });
});
