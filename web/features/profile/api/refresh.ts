import type { Refreshes } from '../../../lib/changes.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';
import { accountKeys } from './keys.ts';

/**
 * The signed-in member: who they are and what they may do follow a change to a member's account (their role, an
 * application decided) and to the site's settings (the two-factor requirement); Profile Settings' account section
 * follows their data exports and deletion request.
 */
export const profileRefreshes = {
  member: [CURRENT_USER_KEY],
  settings: [CURRENT_USER_KEY],
  account: [accountKeys.exports, accountKeys.deletion],
} satisfies Refreshes;
