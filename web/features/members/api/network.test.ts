import { describe, expect, it } from 'vitest';
import { keysFor } from '../../../lib/changes.ts';
import { memberRefreshes } from './refresh.ts';

describe('what a connection request refreshes', () => {
  it('the connections, the recommendations (which leave out anyone already asked), the directory and member profiles', () => {
    expect(memberRefreshes.connection.map((k) => k[0])).toEqual(['/api/member-connections', '/api/members/recommendations', '/api/members', '/api/users']);
  });
  it('and the community analytics, nothing else: no other feature shows connections', () => {
    expect(keysFor('connection')).toEqual([['/api/analytics/community'], ...memberRefreshes.connection]);
  });
});
