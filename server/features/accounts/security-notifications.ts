import type { UserRoleChange } from '../../../common/schemas/admin.ts';
import type { NotificationTemplates } from '../notification-types.ts';

/** What a member is told when a master-admin gives them a role: what it opens or closes to them. */
const ROLE_WORDS: Record<UserRoleChange['role'], { title: string; message: string; actionUrl: string }> = {
  admin: {
    title: 'You are now an administrator',
    message: 'A master administrator made you an administrator. The Admin Panel is now in your menu.',
    actionUrl: '/admin',
  },
  partner: {
    title: 'Your role is now partner',
    message: 'A master administrator changed your role to partner. The Admin Panel is no longer available to you.',
    actionUrl: '/dashboard',
  },
};

/** What the accounts feature tells a member about their sign-in and role. */
export const securityNotifications = {
  role_changed: (p: { role: UserRoleChange['role'] }) => ({ ...ROLE_WORDS[p.role], priority: 'high' as const }),
} satisfies NotificationTemplates;
