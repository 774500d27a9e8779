import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionPage, ConnectionState, RecommendationPage } from '../../../../common/schemas/member.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { memberKeys } from './keys.ts';

const INCOMING = { direction: 'incoming', status: 'pending', page: 1, pageSize: 20 } as const;

/** The first page of requests sent to the signed-in member that still wait for an answer, newest first. */
export function useIncomingRequests() {
  return useQuery({
    queryKey: memberKeys.connectionList(INCOMING),
    queryFn: () => api.get<ConnectionPage>(withQuery('/api/member-connections', INCOMING)),
  });
}

export type ConnectionListParams = Parameters<typeof memberKeys.connectionList>[0];

/** One page of the signed-in member's connections or requests (`direction` and `status` narrow it), newest first. */
export function useConnectionList(params: ConnectionListParams) {
  return useQuery({
    queryKey: memberKeys.connectionList(params),
    queryFn: () => api.get<ConnectionPage>(withQuery('/api/member-connections', params)),
    placeholderData: keepPreviousData,
  });
}

/** Up to eight recommended members, scored on the server (someone already asked or connected never appears). */
export function useRecommendations() {
  return useQuery({ queryKey: memberKeys.recommendations, queryFn: async () => (await api.get<RecommendationPage>('/api/members/recommendations')).items });
}

/**
 * A request sent, answered, withdrawn or removed changes the member's connections, who is recommended to them, and
 * the connection shown on directory cards and member profiles.
 */
function useRefreshNetwork() {
  const client = useQueryClient();
  return () => changed(client, 'connection');
}

/** The success notice's title where the request is sent from: the dashboard's carousel, or the Community Hub. */
export const SENT_TITLES = { dashboard: 'Connection Request Sent', community: 'Connection request sent' } as const;

/**
 * POST /api/member-connections, toasting 'Connection Request Sent' (the Community Hub: 'Connection request sent') or 'Error' / 'Failed to send connection
 * request. Please try again.'. A 409 (already pending or connected) shows the server's own sentence, which says
 * exactly why.
 */
export function useSendConnection(sentTitle: string = SENT_TITLES.dashboard) {
  const refresh = useRefreshNetwork();
  return useMutation({
    mutationFn: ({ receiverId, message }: { receiverId: string; message?: string }) =>
      api.post<ConnectionState>('/api/member-connections', message ? { receiverId, message } : { receiverId }),
    onSuccess: () => {
      toast({ variant: 'success', title: sentTitle, description: 'Your connection request has been sent successfully.' });
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
      api.patch<ConnectionState>(`/api/member-connections/${encodeURIComponent(id)}`, { status }),
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

/**
 * DELETE /api/member-connections/{id}: the sender withdraws a request still pending, or either member removes an
 * accepted connection. `kind` only chooses the toast's wording.
 */
export function useDeleteConnection() {
  const refresh = useRefreshNetwork();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string; kind: 'withdraw' | 'remove' }) => api.delete<void>(`/api/member-connections/${encodeURIComponent(id)}`),
    onSuccess: (_data, { kind, name }) => {
      toast(
        kind === 'withdraw'
          ? { title: 'Request withdrawn', description: `Your connection request to ${name} has been withdrawn.` }
          : { title: 'Connection removed', description: `You are no longer connected with ${name}.` },
      );
    },
    onError: (err, { kind }) => {
      const detail = err instanceof ApiError && err.status !== 500 ? err.detail : '';
      const fallback = kind === 'withdraw' ? 'Failed to withdraw the connection request. Please try again.' : 'Failed to remove the connection. Please try again.';
      toast({ variant: 'destructive', title: 'Error', description: detail || fallback });
    },
    onSettled: () => void refresh(),
  });
}
