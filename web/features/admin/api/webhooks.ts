import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, UpdateWebhookInput, WebhookDeliveryPage, WebhookEndpoint, WebhookWithSecret } from '../../../../common/schemas/webhooks.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';

const ENDPOINTS = '/api/admin/webhooks';
const endpointPath = (id: string) => `${ENDPOINTS}/${encodeURIComponent(id)}`;

/** The query keys of webhooks (first element: the endpoint's path): the endpoints, and each one's delivery log. */
export const webhookKeys = {
  all: [ENDPOINTS] as const,
  deliveries: (endpointId: string) => [`${endpointPath(endpointId)}/deliveries`] as const,
};

/** The organisation's webhook endpoints, never with their secrets. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: () => api.get<{ items: WebhookEndpoint[] }>(ENDPOINTS) });
}

/** The list is read again after any change to an endpoint, whether it worked or not. */
function useEndpointMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => void client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

/**
 * Adds an endpoint; the answer carries its signing secret, the only time it is sent. The server asks for a fresh
 * confirmation of identity first; the API client shows that dialog and sends the request again.
 */
export function useCreateWebhook() {
  return useEndpointMutation((body: CreateWebhookInput) => api.post<WebhookWithSecret>(ENDPOINTS, body));
}

/** Changes an endpoint's address, events or description, or turns it on or off. */
export function useUpdateWebhook() {
  return useEndpointMutation(({ id, ...body }: UpdateWebhookInput & { id: string }) => api.patch<WebhookEndpoint>(endpointPath(id), body));
}

/** Deletes an endpoint and its delivery log (after the same confirmation of identity). */
export function useDeleteWebhook() {
  return useEndpointMutation((endpoint: WebhookEndpoint) => api.delete<void>(endpointPath(endpoint.id)));
}

/** A new signing secret, shown once; the previous one keeps signing beside it for 24 hours. */
export function useRotateWebhookSecret() {
  return useEndpointMutation((endpoint: WebhookEndpoint) => api.post<WebhookWithSecret>(`${endpointPath(endpoint.id)}/rotate-secret`));
}

/** Sends a `webhook.test` event straight to the endpoint; it appears in the delivery log. */
export function useSendTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.post<unknown>(`${endpointPath(endpoint.id)}/test`),
    onSuccess: (_, endpoint) => void client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) }),
  });
}

/** One endpoint's deliveries, newest first, a page at a time ("Load more" follows `nextCursor`). */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api.get<WebhookDeliveryPage>(withQuery(`${endpointPath(endpointId)}/deliveries`, { cursor: pageParam })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Sends a delivery again, with the same `webhook-id`; its endpoint's log is read again. */
export function useReplayWebhookDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<unknown>(`${ENDPOINTS}/deliveries/${encodeURIComponent(deliveryId)}/replay`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
      void client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
}
