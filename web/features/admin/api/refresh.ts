import type { Refreshes } from '../../../lib/changes.ts';
import { adminKeys } from './keys.ts';
import { moderationKeys } from './moderation-keys.ts';

/**
 * The Admin Panel's screens: the overview and the users list (each member's lead and commission totals) follow
 * leads, commissions, accounts and applications; Commission Payouts follows leads and commissions; the audit log
 * follows every act it records (payout runs and settings among them); the security settings follow their own change;
 * the moderation queue follows the posts and comments it is about.
 */
export const adminRefreshes = {
  lead: [adminKeys.overview, adminKeys.commissionsAll, adminKeys.usersAll, adminKeys.auditAll],
  commission: [adminKeys.commissionsAll, adminKeys.auditAll, adminKeys.usersAll, adminKeys.overview],
  payouts: [adminKeys.auditAll],
  timesheet: [adminKeys.auditAll],
  placement: [adminKeys.auditAll],
  member: [adminKeys.usersAll, adminKeys.overview, adminKeys.auditAll],
  application: [adminKeys.usersAll, adminKeys.overview, adminKeys.auditAll],
  settings: [adminKeys.securitySettings, adminKeys.auditAll],
  post: [moderationKeys.all, adminKeys.auditAll],
} satisfies Refreshes;
