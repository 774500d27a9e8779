import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CHANGE_TOPICS, ENTITY_TOPICS, NOTIFICATION_ENTITY_TYPES, topicOfEntity } from '../../common/constants/changes.ts';
import { NOTIFICATION_KINDS } from '../../common/constants/notifications.ts';
import { adminKeys } from '../features/admin/api/keys.ts';
import { commissionKeys } from '../features/commissions/api/keys.ts';
import { leaderboardKeys } from '../features/leaderboard/api/keys.ts';
import { timesheetKeys } from '../features/timesheets/api/keys.ts';
import { sheetChanged } from '../features/timesheets/api/timesheets.ts';
import type { TimesheetDetail } from '../../common/schemas/timesheets.ts';
import { keysFor } from './changes.ts';
import { REFRESHES } from './refresh-registry.ts';

describe('the change registry', () => {
  it('every topic has at least one listener', () => {
    for (const topic of CHANGE_TOPICS) expect(keysFor(topic), topic).not.toHaveLength(0);
  });
  it('names only known topics, and every key starts with its endpoint path', () => {
    for (const refreshes of REFRESHES) {
      for (const [topic, keys] of Object.entries(refreshes)) {
        expect(CHANGE_TOPICS).toContain(topic);
        for (const key of keys ?? []) expect(String(key[0])).toMatch(/^\/api\//);
      }
    }
  });
  it('every notification kind’s entity type maps to a topic', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const topic = topicOfEntity(NOTIFICATION_ENTITY_TYPES[kind]);
      expect(topic, kind).not.toBeNull();
      expect(CHANGE_TOPICS).toContain(topic);
    }
    expect(Object.keys(ENTITY_TOPICS).sort()).toEqual([...new Set(Object.values(NOTIFICATION_ENTITY_TYPES))].sort());
  });
  it('an entity type it does not know (or none) has no topic', () => {
    expect(topicOfEntity('something_new')).toBeNull();
    expect(topicOfEntity('toString')).toBeNull();
    expect(topicOfEntity(null)).toBeNull();
  });
  it('lists each key once however many topics or features name it', () => {
    const keys = keysFor(['lead', 'commission']).map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('approving a timesheet', () => {
  const seed = (client: QueryClient, keys: readonly QueryKey[]) => keys.forEach((k) => client.setQueryData(k, {}));
  const stale = (client: QueryClient, key: QueryKey) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

  it('refreshes the sheets, the tracker and the Admin Panel’s payouts, audit log, users and overview, and the rankings', async () => {
    const client = new QueryClient();
    const touched: QueryKey[] = [
      timesheetKeys.list({ role: 'contractor', page: 1, pageSize: 20 }),
      commissionKeys.summary,
      adminKeys.commissions({ month: '2026-11', status: '', order: 'newest', page: 1, pageSize: 50 } as Parameters<typeof adminKeys.commissions>[0]),
      adminKeys.audit({ page: 1, pageSize: 25 }),
      adminKeys.users({ page: 1, pageSize: 25 } as Parameters<typeof adminKeys.users>[0]),
      adminKeys.overview,
      leaderboardKeys.rankings('month', 1),
    ];
    const untouched: QueryKey[] = [['/api/member-connections'], ['/api/auth/me'], ['/api/events']];
    seed(client, [...touched, ...untouched]);
    await sheetChanged(client, { id: 's1', status: 'approved' } as TimesheetDetail);
    for (const key of touched) expect(stale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(stale(client, key), JSON.stringify(key)).toBe(false);
  });
  it('a draft saved refreshes the sheets but not the commission figures', async () => {
    const client = new QueryClient();
    seed(client, [timesheetKeys.all, commissionKeys.summary, adminKeys.commissionsAll]);
    await sheetChanged(client, { id: 's1', status: 'draft' } as TimesheetDetail);
    expect(stale(client, timesheetKeys.all)).toBe(true);
    expect(stale(client, commissionKeys.summary)).toBe(false);
    expect(stale(client, adminKeys.commissionsAll)).toBe(false);
  });
});
