import type { AuditVocabulary } from './types.ts';

/** What administrators do to accounts and settings, in words. */
export const accountsAudit = {
  actions: {
    'user.activate': 'activated a user',
    'user.deactivate': 'deactivated a user',
    'user.remove': 'removed a user',
    'user.update': 'updated a user’s details',
    'user.role': 'changed a user’s role',
    'user.invite': 'invited a partner',
    'user.invitation_accepted': 'accepted an invitation',
    'user.password_reset': 'reset a password',
    'user.password_reset_sent': 'sent a password reset email',
    'user.anonymise': 'erased a user’s account',
    'account_deletion.decline': 'declined an account deletion request',
    'settings.security.update': 'changed the security settings',
  },
  entities: { user: 'User', app_setting: 'Setting' },
  fields: {
    isActive: { label: 'Account', format: 'account' },
    removedAt: { label: 'Removed', format: 'datetime' },
    role: { label: 'Role', format: 'text' },
    email: { label: 'Email', format: 'text' },
    firstName: { label: 'First name', format: 'text' },
    lastName: { label: 'Last name', format: 'text' },
    anonymised: { label: 'Anonymised', format: 'boolean' },
    postsRemoved: { label: 'Posts removed', format: 'count' },
    endorsementsRemoved: { label: 'Endorsements removed', format: 'count' },
    note: { label: 'Note', format: 'text' },
    requireAdmin2fa: { label: 'Two-factor sign-in required for administrators', format: 'boolean' },
  },
} as const satisfies AuditVocabulary;
