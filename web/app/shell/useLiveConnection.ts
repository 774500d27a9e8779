import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyChatLiveEvent } from '../../features/chat/index.ts';
import { applyNotificationLiveEvent, notificationKeys } from '../../features/notifications/index.ts';
import { applyPresence, forgetPresence, onPresenceWatchChange, refreshPresence, watchedPresence } from '../../features/presence/index.ts';
import { CURRENT_USER_KEY } from '../../lib/auth.ts';
import { changed } from '../../lib/changes.ts';
import { LiveConnection, liveStatus, liveUrl, watchActivity } from '../../lib/live-socket.ts';
import { invalidateKeys } from '../../lib/query-keys.ts';

/** Every chat query (channel lists, a channel, its messages and members): their keys start with the chat API's path. */
const isChatKey = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('/api/chat/');

/**
 * The signed-in shell's live connection: events update the cached data (notifications, chat, presence, and what
 * shows a topic that changed for everyone, such as the feed's comments and reactions); after a
 * reconnection everything live is refetched, since events may have been missed meanwhile; the tab's activity is
 * reported as presence. When the server ends the socket because the session is over, the current user is asked
 * again, which takes the member to the sign-in page.
 */
export function useLiveConnection(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let readyBefore = false;
    let cancelled = false;
    const connection = new LiveConnection(
      {
        url: liveUrl(),
        createSocket: (url) => new WebSocket(url),
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (id) => window.clearTimeout(id),
        random: Math.random,
        now: () => Date.now(),
      },
      {
        event(event) {
          switch (event.type) {
            case 'ping':
              return;
            case 'ready':
              // presence needs nothing: the watch list sent on every connection answers it afresh
              if (readyBefore) {
                void invalidateKeys(client, [notificationKeys.all]);
                void client.invalidateQueries({ predicate: (q) => isChatKey(q.queryKey) });
              }
              readyBefore = true;
              return;
            case 'notification':
            case 'notification.read':
              return applyNotificationLiveEvent(client, event);
            case 'presence':
              return applyPresence(event.presence);
            case 'changed':
              // something every member may see changed (a comment or a reaction on the feed): what shows it refreshes
              void changed(client, event.topic);
              return;
            default:
              return applyChatLiveEvent(client, event);
          }
        },
        state(state, signedOut) {
          liveStatus.set(state);
          // back to polling while down: the bell's interval is re-read when its query runs again
          // (not when the session is over: those requests would only be refused)
          if (state === 'closed' && !signedOut) {
            void invalidateKeys(client, [notificationKeys.all]);
            refreshPresence();
          }
          // the session this socket belonged to is over: ask who is signed in now; when it was only replaced (two-factor
          // turned on, a new sign-in in this browser), carry on with the new session
          if (signedOut)
            void client.refetchQueries({ queryKey: CURRENT_USER_KEY }).then(() => {
              if (client.getQueryData(CURRENT_USER_KEY) && !cancelled) connection.start();
            });
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
    const watchdog = window.setInterval(() => connection.checkAlive(), 15_000);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      stopWatching();
      cancelled = true;
      stopWatch();
      window.clearInterval(watchdog);
      connection.stop();
      forgetPresence();
    };
  }, [client, enabled]);
}
