import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDeviceList } from '../../../../common/schemas/push.ts';
import { api } from '../../../lib/api.ts';
import { currentSubscription } from '../../../lib/push.ts';
import { profileKeys } from './keys.ts';

/** The devices that take the member's push notifications (each belongs to one signed-in session). */
export function usePushDevices() {
  return useQuery({ queryKey: profileKeys.pushDevices, queryFn: () => api.get<PushDeviceList>('/api/push/subscriptions') });
}

/**
 * Stops one device's pushes; the list is read again. This browser's own also drops its subscription, so it is not
 * stored again on the next visit.
 */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      const done = await api.delete<{ ok: true }>(`/api/push/subscriptions/${encodeURIComponent(device.id)}`);
      if (device.current) await (await currentSubscription().catch(() => null))?.unsubscribe();
      return done;
    },
    onSettled: () => void client.invalidateQueries({ queryKey: profileKeys.pushDevices }),
  });
}
