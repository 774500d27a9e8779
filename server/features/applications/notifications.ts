import { REJECTION_REASON_LABELS, type RejectionReason } from '../../../common/constants/options.ts';
import type { NotificationTemplates } from '../notification-types.ts';

/** A decision on an application, told to the applicant, in the product's name. */
export type ApplicationDecision = { brandName: string } & ({ decision: 'approved' } | { decision: 'rejected'; reason: RejectionReason; supportEmail: string });

/** What this feature tells members, one template per notification kind it sends. */
export const applicationsNotifications = {
  /** To the applicant: welcome (they can sign in now), or the reason they were not approved and whom to ask. */
  application_decision: (d: ApplicationDecision) =>
    d.decision === 'approved'
      ? {
          title: `Welcome to ${d.brandName}: your application is approved`,
          message: `Good news: your application to join ${d.brandName} has been approved. You can now sign in and start referring business, networking and earning commission.`,
          actionUrl: '/dashboard',
          priority: 'high' as const,
        }
      : {
          title: `Your ${d.brandName} application was not approved`,
          message:
            `Thank you for applying. After careful review we are unable to approve your application at this time. Reason: ${REJECTION_REASON_LABELS[d.reason]}. To ask for reconsideration, contact ${d.supportEmail}.`.slice(
              0,
              300,
            ),
          actionUrl: '/',
        },
} satisfies NotificationTemplates;
