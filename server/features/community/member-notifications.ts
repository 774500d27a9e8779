import type { NotificationTemplates } from '../notification-types.ts';

/** A member as another member's notification names them. */
interface Member {
  firstName: string;
  lastName: string;
}

/** What members' connections, endorsements and achievements tell them. */
export const memberNotifications = {
  /** To the member asked: someone would like to connect. */
  connection_request: (p: { sender: Member }) => ({
    title: 'New connection request',
    message: `${p.sender.firstName} ${p.sender.lastName} would like to connect with you.`,
    actionUrl: '/dashboard',
  }),

  /** To the member who asked: their request was accepted. */
  connection_accepted: (p: { accepter: Member }) => ({
    title: 'Connection accepted',
    message: `${p.accepter.firstName} ${p.accepter.lastName} accepted your connection request.`,
    actionUrl: '/dashboard',
  }),

  /** To the member endorsed: who endorsed which skill. */
  endorsement: (p: { endorser: Member; skillName: string }) => ({
    title: 'New skill endorsement',
    message: `${p.endorser.firstName} ${p.endorser.lastName} endorsed your ${p.skillName} skill.`,
    actionUrl: '/profile',
  }),

  /** To the member: an achievement is theirs, with the points it brought. */
  achievement_unlocked: (p: { name: string; pointsReward: number }) => ({
    title: 'Achievement unlocked',
    message: `You earned "${p.name}"${p.pointsReward > 0 ? ` and ${p.pointsReward} points` : ''}.`,
    actionUrl: '/community?tab=achievements',
  }),
} satisfies NotificationTemplates;
