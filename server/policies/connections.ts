import { eq, or, type SQL } from 'drizzle-orm';
import type { ConnectionAbilities } from '../../common/schemas/abilities.ts';
import { memberConnections } from '../db/schema/index.ts';
import type { Actor } from './roles.ts';

/** The connections and requests an actor may see: those they sent or received, nobody else's (admins included). */
export function connectionScope(actor: Pick<Actor, 'id'>): SQL {
  return or(eq(memberConnections.requesterUserId, actor.id), eq(memberConnections.targetUserId, actor.id))!;
}

/** Only the member who received a pending request answers it. */
export function connectionAbilities(actor: Pick<Actor, 'id'>, c: { targetUserId: string; status: string }): ConnectionAbilities {
  return { respond: c.status === 'pending' && c.targetUserId === actor.id };
}
