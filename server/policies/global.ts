import type { GlobalAbilities } from '../../common/schemas/abilities.ts';
import { isAdmin, isMasterAdmin, isMember, type Actor } from './roles.ts';

/**
 * The actor's product-wide abilities, sent with the current user. Admin and master-admin share every admin
 * screen; only approved, active members act at all (pending and rejected applicants see their status only).
 */
export function globalAbilities(actor: Actor): GlobalAbilities {
  const member = isMember(actor);
  const admin = member && isAdmin(actor);
  return {
    adminPanel: admin,
    reviewApplications: admin,
    manageUsers: admin,
    manageLeads: admin,
    payCommissions: admin,
    createEvents: admin,
    submitLeads: member,
    // the organisation's security settings belong to its owners: a plain admin could otherwise lift a rule set for them
    manageSecuritySettings: admin && isMasterAdmin(actor),
  };
}
