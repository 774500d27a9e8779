import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../../common/schemas/member.ts';
import { incomingRequests, NETWORK_CHANGE_INVALIDATES } from './network.ts';

describe('what a connection request refreshes', () => {
  it('the connections and the recommendations, which leave out anyone already asked', () => {
    expect(NETWORK_CHANGE_INVALIDATES.map((k) => k[0])).toEqual(['/api/member-connections', '/api/members/recommendations']);
  });
});

describe('incomingRequests', () => {
  it('keeps the requests sent to the member that still wait for an answer', () => {
    const c = (id: string, senderId: string, receiverId: string, status: Connection['status']) => ({ id, senderId, receiverId, status }) as Connection;
    const list = [c('1', 'a', 'me', 'pending'), c('2', 'me', 'b', 'pending'), c('3', 'd', 'me', 'accepted')];
    expect(incomingRequests(list, 'me').map((r) => r.id)).toEqual(['1']);
    expect(incomingRequests(undefined, 'me')).toEqual([]);
  });
});
