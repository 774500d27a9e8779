import { isAdmin, type Actor } from './roles.ts';

/** Who may import members and leads from CSV files: administrators (admin and master-admin). */
export function mayImport(actor: Actor): boolean {
  return isAdmin(actor);
}
