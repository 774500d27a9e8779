import type { NotificationTemplates } from '../notification-types.ts';

/** What this feature tells members, one template per notification kind it sends. */
export const chatNotifications = {
  /** To a member of the channel or conversation named with @ in a message (an edit tells only those it adds). */
  chat_mention: (p: { mentioner: { firstName: string; lastName: string }; channelId: string; channelName: string | null }) => ({
    title: 'You were mentioned in chat',
    message:
      `${p.mentioner.firstName} ${p.mentioner.lastName} mentioned you in ${p.channelName ? `#${p.channelName.replace(/\s+/g, ' ').trim()}` : 'a conversation'}.`.slice(
        0,
        300,
      ),
    actionUrl: `/chat/${p.channelId}`,
  }),
} satisfies NotificationTemplates;
