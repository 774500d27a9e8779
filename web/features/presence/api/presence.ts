import { useCallback, useSyncExternalStore } from 'react';
import type { Presence } from '../../../../common/schemas/live.ts';
import { presenceStore } from './presence-store.ts';

/** A member's presence, kept current live; undefined until known. */
export function usePresence(userId: string | null | undefined): Presence | undefined {
  const subscribe = useCallback((l: () => void) => (userId ? presenceStore.subscribe(userId, l) : () => {}), [userId]);
  return useSyncExternalStore(subscribe, () => (userId ? presenceStore.get(userId) : undefined));
}

/** For the live connection: a presence event; the watch list to send (and its changes); the HTTP refresh while it is down. */
export const applyPresence = (p: Presence) => presenceStore.apply(p);
export const refreshPresence = () => presenceStore.refresh();
export const forgetPresence = () => presenceStore.forget();
export const watchedPresence = () => presenceStore.watched();
export const onPresenceWatchChange = (listener: (ids: string[]) => void) => presenceStore.onWatchChange(listener);
