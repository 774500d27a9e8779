import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { leadKeys } from './keys.ts';
import { keysFor } from '../../../lib/changes.ts';
import { refreshAfterLeadChange } from './lead-change.ts';

const leadKeysRefreshed = keysFor('lead');
const paths = leadKeysRefreshed.map((k) => k[0]);

describe('what a lead change refreshes', () => {
  it('covers the lead lists, the pipeline and every figure derived from leads', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/leads', // My Leads, the admin table, each pipeline column
        '/api/lead-activities',
        '/api/dashboard-stats',
        '/api/analytics/dashboard', // the pipeline metrics
        '/api/commissions',
        '/api/commissions/summary',
        '/api/admin/overview',
        '/api/admin/commissions', // the payout run
        '/api/users', // lead and commission totals per user
        '/api/admin/audit-log',
        '/api/leaderboard', // every period and page of the rankings
        '/api/community/stats', // leads this month
        '/api/achievements/recent',
        '/api/points',
        '/api/user-level',
        '/api/achievements/user',
      ]),
    );
  });
  it('names whole endpoints, so every page and filter of them refreshes', () => {
    for (const key of leadKeysRefreshed) expect(key).toHaveLength(1);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('refreshAfterLeadChange', () => {
  const seed = (client: QueryClient, keys: QueryKey[]) => keys.forEach((k) => client.setQueryData(k, {}));
  const stale = (client: QueryClient, key: QueryKey) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

  it('marks the admin panels, the dashboard figures and every lead list stale, and leaves the rest', async () => {
    const client = new QueryClient();
    const touched: QueryKey[] = [
      leadKeys.list({ status: 'closed-won', pageSize: 100 }),
      ['/api/admin/overview'],
      ['/api/admin/commissions', { month: '2026-11', status: '', limit: 50, offset: 0 }],
      ['/api/users', { search: '', page: 1, pageSize: 20 }],
      ['/api/admin/audit-log', { limit: 25, offset: 0 }],
      ['/api/dashboard-stats'],
      ['/api/leaderboard', { period: 'quarter', page: 2, pageSize: 25 }],
      ['/api/points', { page: 1 }],
      ['/api/user-level'],
    ];
    const untouched: QueryKey[] = [['/api/auth/me'], ['/api/member-connections'], ['/api/admin/outbox'], ['/api/levels'], ['/api/leaderboard/records']];
    seed(client, [...touched, ...untouched]);
    await refreshAfterLeadChange(client);
    for (const key of touched) expect(stale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(stale(client, key), JSON.stringify(key)).toBe(false);
  });
  it('drops a deleted lead’s timeline instead of asking for it again, and refreshes the others', async () => {
    const client = new QueryClient();
    seed(client, [leadKeys.activities('gone'), leadKeys.activities('kept')]);
    await refreshAfterLeadChange(client, 'gone');
    expect(client.getQueryData(leadKeys.activities('gone'))).toBeUndefined();
    expect(stale(client, leadKeys.activities('kept'))).toBe(true);
  });
});
