import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeInfo } from '../../../../common/schemas/notifications.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';

const PATH = '/api/notifications/unsubscribe';
/** The e-mail choices the Preferences screen caches: an unsubscribe changes them. */
const PREFERENCES_KEY = ['/api/notification-preferences'] as const;

export const unsubscribeKeys = {
  link: (token: string) => [PATH, { token }] as const,
};

/** What the unsubscribe link stops, and whether it already has (reading changes nothing). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: unsubscribeKeys.link(token),
    queryFn: () => api.get<UnsubscribeInfo>(withQuery(PATH, { token })),
    enabled: token !== '',
    retry: false,
  });
}

/** Follows the link: its e-mail groups come off the member's choice. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeInfo>(withQuery(PATH, { token }), {}),
    onSuccess: (info) => {
      client.setQueryData(unsubscribeKeys.link(token), info);
      void client.invalidateQueries({ queryKey: PREFERENCES_KEY });
    },
  });
}
