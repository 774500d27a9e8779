import type { NotificationTemplates } from '../notification-types.ts';

/** One line, for an e-mail header or a notification title: no line breaks a member typed can reach them. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What the administrators are told when a member writes to the leadership through CEO Contact. */
export const ceoNotifications = {
  ceo_contact: (p: { senderName: string; senderEmail: string; subject: string; message: string }) => ({
    title: `CEO Contact: ${oneLine(p.subject)}`.slice(0, 200),
    message: `${p.senderName} (${p.senderEmail}) wrote: ${oneLine(p.message)}`.slice(0, 300),
    actionUrl: '/notifications',
    priority: 'high' as const,
  }),
} satisfies NotificationTemplates;
