import type { ConnectionWith } from '../../../../common/schemas/community.ts';

/**
 * What the viewer can do about their connection with a member, from the connection the server reports:
 * - `connect`: nothing yet, so Connect (with an optional message);
 * - `sent`: the viewer's request waits for an answer, so "Request sent" and Withdraw;
 * - `respond`: the member asked the viewer, so Accept and Decline;
 * - `connected`: connected, so "Connected" (and Remove where there is room for it);
 * - `self`: the viewer's own card, no action.
 * A request or connection without its id cannot be acted on, so it shows as its status alone (`sent` / `connected`
 * with `connectionId` null), never as Connect, which the server would refuse.
 */
export type ConnectionAction =
  | { kind: 'self' }
  | { kind: 'connect' }
  | { kind: 'sent'; connectionId: string | null }
  | { kind: 'respond'; connectionId: string }
  | { kind: 'connected'; connectionId: string | null };

export function connectionAction(connection: ConnectionWith | null | undefined, isSelf = false): ConnectionAction {
  if (isSelf) return { kind: 'self' };
  // an answer without the connection (a server older than the directory's) is treated as no connection
  if (!connection) return { kind: 'connect' };
  const id = connection.connectionId;
  switch (connection.status) {
    case 'accepted':
      return { kind: 'connected', connectionId: id };
    case 'pending':
      if (connection.direction === 'incoming' && id) return { kind: 'respond', connectionId: id };
      return { kind: 'sent', connectionId: connection.direction === 'outgoing' ? id : null };
    default:
      return { kind: 'connect' };
  }
}

/** The status words shown next to a member's name for each action (none for Connect and the viewer's own card). */
export const CONNECTION_STATUS_TEXT: Record<ConnectionAction['kind'], string | null> = {
  self: null,
  connect: null,
  sent: 'Request sent',
  respond: 'Wants to connect',
  connected: 'Connected',
};
