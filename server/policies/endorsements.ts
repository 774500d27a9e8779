import type { Actor } from './roles.ts';

/** Any signed-in member endorses another member's listed skills, never their own. */
export const mayEndorse = (actor: Pick<Actor, 'id'>, endorseeId: string) => actor.id !== endorseeId;

/** Only the member who gave an endorsement removes it; admins are no exception. */
export function endorsementAbilities(actor: Pick<Actor, 'id'>, e: { endorserId: string }) {
  return { remove: e.endorserId === actor.id };
}
