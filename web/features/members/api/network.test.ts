import { describe, expect, it } from 'vitest';
import { NETWORK_CHANGE_INVALIDATES } from './network.ts';

describe('what a connection request refreshes', () => {
  it('the connections, the recommendations (which leave out anyone already asked), the directory and member profiles', () => {
    expect(NETWORK_CHANGE_INVALIDATES.map((k) => k[0])).toEqual(['/api/member-connections', '/api/members/recommendations', '/api/members', '/api/users']);
  });
});
