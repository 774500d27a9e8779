import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changed } from '../../../lib/changes.ts';
import { invalidateKeys } from '../../../lib/query-keys.ts';
import { directoryFilters, directoryKeys } from './directory-keys.ts';
import { endorsementChangeInvalidates } from './endorsements.ts';

describe('directory query keys', () => {
  it('are one cache entry however the same list is asked for', () => {
    expect(directoryKeys.directory({ search: ' ann ', page: 1 })).toEqual(directoryKeys.directory({ search: 'ann', industry: '', pageSize: 24 }));
    expect(directoryFilters({})).toEqual({ search: '', industry: '', expertise: '', location: '', page: 1, pageSize: 24 });
  });

  it('a connection change refreshes every directory page and every profile, not endorsements', async () => {
    const client = new QueryClient();
    const page = directoryKeys.directory({ industry: 'Legal', page: 2 });
    const profile = directoryKeys.profile('u1');
    const endorsements = directoryKeys.endorsements('u1');
    for (const k of [page, profile, endorsements]) client.setQueryData(k, {});
    await changed(client, 'connection');
    const stale = (k: readonly unknown[]) => client.getQueryCache().find({ queryKey: k, exact: true })?.state.isInvalidated;
    expect(stale(page)).toBe(true);
    expect(stale(profile)).toBe(true);
    expect(stale(endorsements)).toBe(false);
  });

  it('an endorsement refreshes that member’s endorsements and profile only', async () => {
    const client = new QueryClient();
    for (const k of [directoryKeys.endorsements('u1'), directoryKeys.profile('u1'), directoryKeys.endorsements('u2'), directoryKeys.profile('u2')])
      client.setQueryData(k, {});
    await invalidateKeys(client, endorsementChangeInvalidates('u1'));
    const stale = (k: readonly unknown[]) => client.getQueryCache().find({ queryKey: k, exact: true })?.state.isInvalidated;
    expect(stale(directoryKeys.endorsements('u1'))).toBe(true);
    expect(stale(directoryKeys.profile('u1'))).toBe(true);
    expect(stale(directoryKeys.endorsements('u2'))).toBe(false);
    expect(stale(directoryKeys.profile('u2'))).toBe(false);
  });
});
