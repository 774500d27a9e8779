import { eq, or, type SQL } from 'drizzle-orm';
import type { ConnectionAbilities } from '../../common/schemas/abilities.ts';
import { memberConnections } from '../db/schema/index.ts';
import type { Actor } from './roles.ts';

/** The connections and requests an actor may see: those they sent or received, nobody else's (admins included). */
export function connectionScope(actor: Pick<Actor, 'id'>): SQL {
  return or(eq(memberConnections.requesterUserId, actor.id), eq(memberConnections.targetUserId, actor.id))!;
}

/**
 * Only the member who received a pending request answers it; only the member who sent it withdraws it; either
 * member removes an accepted connection. Admins are no exception.
 */
export function connectionAbilities(actor: Pick<Actor, 'id'>, c: { requesterUserId: string; targetUserId: string; status: string }): ConnectionAbilities {
  const pending = c.status === 'pending';
  const party = c.requesterUserId === actor.id || c.targetUserId === actor.id;
  return {
    respond: pending && c.targetUserId === actor.id,
    withdraw: pending && c.requesterUserId === actor.id,
    remove: c.status === 'accepted' && party,
  };
}
