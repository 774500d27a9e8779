import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyNotificationLiveEvent, notificationKeys } from '../../features/notifications/index.ts';
import { applyPresence, onPresenceWatchChange, refreshPresence, watchedPresence } from '../../features/presence/index.ts';
import { CURRENT_USER_KEY } from '../../lib/auth.ts';
import { LiveConnection, liveStatus, liveUrl, watchActivity } from '../../lib/live-socket.ts';
import { invalidateKeys } from '../../lib/query-keys.ts';

/**
 * The signed-in shell's live connection: events update the cached data (notifications, chat, presence); after a
 * reconnection everything live is refetched, since events may have been missed meanwhile; the tab's activity is
 * reported as presence. When the server ends the socket because the session is over, the current user is asked
 * again, which takes the member to the sign-in page.
 */
export function useLiveConnection(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let readyBefore = false;
    const connection = new LiveConnection(
      {
        url: liveUrl(),
        createSocket: (url) => new WebSocket(url),
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (id) => window.clearTimeout(id),
        random: Math.random,
      },
      {
        event(event) {
          switch (event.type) {
            case 'ready':
              // presence needs nothing: the watch list sent on every connection answers it afresh
              if (readyBefore) void invalidateKeys(client, [notificationKeys.all, ['/api/chat']]);
              readyBefore = true;
              return;
            case 'notification':
            case 'notification.read':
              return applyNotificationLiveEvent(client, event);
            case 'presence':
              return applyPresence(event.presence);
          }
        },
        state(state, signedOut) {
          liveStatus.set(state);
          // back to polling while down: the bell's interval is re-read when its query runs again
          if (state === 'closed') {
            void invalidateKeys(client, [notificationKeys.all]);
            refreshPresence();
          }
          if (signedOut) void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        },
      },
    );
    connection.setWatch(watchedPresence());
    const stopWatch = onPresenceWatchChange((ids) => connection.setWatch(ids));
    connection.start();
    const stopWatching = watchActivity((status) => connection.setPresence(status));
    const online = () => connection.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') connection.reconnectNow();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      stopWatching();
      stopWatch();
      connection.stop();
    };
  }, [client, enabled]);
}
