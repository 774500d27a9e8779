import type { NotificationTemplates } from '../notification-types.ts';

/** A deletion request as its notifications tell it: asked for (to every administrator), or declined (to the member, with the note). */
export type DeletionRequestNews = { event: 'requested'; memberName: string } | { event: 'declined'; note: string | null };

/** What the accounts feature tells members about their data: an export ready, and deletion requests. */
export const privacyNotifications = {
  /** To the member: the export they asked for may be downloaded until it expires. */
  data_export_ready: (p: { exportId: string; brandName: string; expiresAt: Date }) => ({
    title: `Your ${p.brandName} data export is ready`,
    message: `The copy of your data you asked for is ready. Download it from Profile Settings → Preferences within 24 hours, before ${p.expiresAt.toUTCString()}; after that the file is deleted. If you did not ask for it, please change your password.`,
    actionUrl: `/profile-settings?tab=preferences&export=${p.exportId}`,
  }),

  /** To every administrator when a member asks to be deleted; to the member when their request is declined. */
  account_deletion: (p: DeletionRequestNews) =>
    p.event === 'requested'
      ? { title: 'Account deletion requested', message: `${p.memberName} asked for their account to be deleted.`, actionUrl: '/admin?tab=users' }
      : {
          title: 'Account deletion request declined',
          message: p.note ? `Your request to delete your account was declined: ${p.note}`.slice(0, 300) : 'Your request to delete your account was declined.',
          actionUrl: '/profile-settings?tab=preferences',
        },
} satisfies NotificationTemplates;
