import type { Role } from '../constants/options.ts';

/** The roles that administer the programme; admin and master-admin share every admin screen and permission. */
export const ADMIN_ROLES = ['admin', 'master-admin'] as const satisfies readonly Role[];

/** The role every new member starts with: an invited or self-registered member is a partner. */
export const NEW_MEMBER_ROLE = 'partner' satisfies Role;

/** The role that owns the organisation: its security settings and everyone's roles are theirs to decide. */
export const OWNER_ROLE = 'master-admin' satisfies Role;

/** Whether a role is one of the administrators' (admin or master-admin). */
export function isAdminRole(role: string | null | undefined): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a role is the organisation owner's (master-admin). */
export function isOwnerRole(role: string | null | undefined): boolean {
  return role === OWNER_ROLE;
}

const ROLE_NAMES: Record<Role, string> = { partner: 'Partner', admin: 'Admin', 'master-admin': 'Master admin' };
const ROLE_WITH_ARTICLE: Record<Role, string> = { partner: 'a partner', admin: 'an admin', 'master-admin': 'a master admin' };

/**
 * A role in words. `full` (the admin screens and a member's data export) names each role: 'Partner', 'Admin',
 * 'Master admin'. `card` (the signed-in member's own card) says 'Administrator' for an admin and 'Partner' for
 * everyone else, master-admin included. A role this list does not know reads as itself.
 */
export function roleLabel(role: string | null | undefined, form: 'full' | 'card' = 'full'): string {
  if (form === 'card') return role === 'admin' ? 'Administrator' : ROLE_NAMES.partner;
  return (ROLE_NAMES as Record<string, string>)[role ?? ''] ?? role ?? '';
}

/** A role with its article, for a sentence ("is now an admin"); a role this list does not know reads as its label. */
export function roleWithArticle(role: string): string {
  return (ROLE_WITH_ARTICLE as Record<string, string>)[role] ?? roleLabel(role);
}
