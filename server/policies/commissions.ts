import { eq, sql, type SQL } from 'drizzle-orm';
import type { CommissionAbilities } from '../../common/schemas/abilities.ts';
import { commissions } from '../db/schema/index.ts';
import { isAdmin, type Actor } from './roles.ts';

/**
 * The commissions an actor may list: `own` lists only the actor's earnings (the Commission Tracker, for every
 * member, admins included); `all` is the payout list, which only admins get (anyone else still sees only theirs).
 */
export function commissionScope(actor: Actor, view: 'own' | 'all'): SQL {
  return view === 'all' && isAdmin(actor) ? sql`true` : eq(commissions.partnerId, actor.id);
}

/** Only admins pay out, only a pending commission can be paid, and never by the admin it is paid to. */
export function commissionAbilities(actor: Actor, commission: { status: string; partnerId: string }): CommissionAbilities {
  return { markPaid: isAdmin(actor) && commission.status === 'pending' && commission.partnerId !== actor.id };
}

/** Why an admin may not pay a pending commission, when it is their own. */
export const OWN_COMMISSION_MESSAGE = 'This commission is paid to you; another administrator must pay it.';
