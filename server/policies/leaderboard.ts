import { isAdmin, isMember, type Actor } from './roles.ts';

/** What the actor may do with the hall of fame records: every member reads them; admin and master-admin edit them. */
export function hallOfFameAbilities(actor: Actor): { read: boolean; edit: boolean } {
  const member = isMember(actor);
  return { read: member, edit: member && isAdmin(actor) };
}
