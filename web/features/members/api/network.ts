import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Connection, MemberRecommendation } from '../../../../common/schemas/member.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { invalidateKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { memberKeys } from './keys.ts';

/** The signed-in member's connections and open requests, both directions. */
export function useConnections() {
  return useQuery<Connection[]>({ queryKey: memberKeys.connections });
}

/** Up to eight recommended members, scored on the server (someone already asked or connected never appears). */
export function useRecommendations() {
  return useQuery<MemberRecommendation[]>({ queryKey: memberKeys.recommendations });
}

/** Requests sent to `userId` that still wait for an answer. */
export function incomingRequests(connections: Connection[] | undefined, userId: string): Connection[] {
  return (connections ?? []).filter((c) => c.status === 'pending' && c.receiverId === userId);
}

/** A request sent or answered changes the member's connections and who is recommended to them. */
export const NETWORK_CHANGE_INVALIDATES: readonly QueryKey[] = [memberKeys.connections, memberKeys.recommendations];

function useRefreshNetwork() {
  const client = useQueryClient();
  return () => invalidateKeys(client, NETWORK_CHANGE_INVALIDATES);
}

/**
 * POST /api/member-connections, toasting 'Connection Request Sent' or 'Error' / 'Failed to send connection
 * request. Please try again.'. A 409 (already pending or connected) shows the server's own sentence, which says
 * exactly why.
 */
export function useSendConnection() {
  const refresh = useRefreshNetwork();
  return useMutation({
    mutationFn: ({ receiverId, message }: { receiverId: string; message?: string }) =>
      api.post<{ id: string; status: string }>('/api/member-connections', message ? { receiverId, message } : { receiverId }),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Connection Request Sent', description: 'Your connection request has been sent successfully.' });
      void refresh();
    },
    onError: (err) => {
      const conflict = err instanceof ApiError && err.status === 409 && err.detail;
      toast({ variant: 'destructive', title: 'Error', description: conflict || 'Failed to send connection request. Please try again.' });
      if (conflict) void refresh();
    },
  });
}

/** The receiver accepts or declines a pending request. */
export function useRespondToConnection() {
  const refresh = useRefreshNetwork();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; name: string; status: 'accepted' | 'declined' }) =>
      api.patch<{ id: string; status: string }>(`/api/member-connections/${encodeURIComponent(id)}`, { status }),
    onSuccess: (_data, { status, name }) => {
      toast(
        status === 'accepted'
          ? { variant: 'success', title: 'Connection accepted', description: `You are now connected with ${name}.` }
          : { title: 'Request declined', description: `The request from ${name} has been declined.` },
      );
    },
    onError: (err) => {
      const detail = err instanceof ApiError && err.status !== 500 ? err.detail : '';
      toast({ variant: 'destructive', title: 'Error', description: detail || 'Failed to answer the connection request. Please try again.' });
    },
    onSettled: () => void refresh(),
  });
}
