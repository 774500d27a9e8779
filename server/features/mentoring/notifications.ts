import type { NotificationTemplates } from '../notification-types.ts';

/** The member whose act a mentoring notification reports, by name. */
interface By {
  firstName: string;
  lastName: string;
}

const nameOf = (p: By) => `${p.firstName} ${p.lastName}`;
const MENTOR_MATCHING = '/mentor-matching';

/** What this feature tells members, one template per notification kind it sends. */
export const mentoringNotifications = {
  /** To the mentor: a member asks them for mentorship. */
  mentorship_request: (p: { mentee: By }) => ({
    title: 'New mentorship request',
    message: `${nameOf(p.mentee)} would like you to be their mentor.`,
    actionUrl: MENTOR_MATCHING,
  }),

  /** To the mentee: the mentor accepted or declined their request. */
  mentorship_answered: (p: { mentor: By; answer: 'accepted' | 'declined' }) => ({
    title: p.answer === 'accepted' ? 'Mentorship request accepted' : 'Mentorship request declined',
    message: `${nameOf(p.mentor)} ${p.answer} your mentorship request.`,
    actionUrl: MENTOR_MATCHING,
  }),

  /** To the other side: the mentorship was marked completed. */
  mentorship_ended: (p: { by: By }) => ({
    title: 'Mentorship completed',
    message: `${nameOf(p.by)} marked your mentorship as completed.`,
    actionUrl: MENTOR_MATCHING,
  }),

  /** To the mentee: their mentor scheduled a session. */
  mentorship_session: (p: { mentor: By }) => ({
    title: 'Mentorship session scheduled',
    message: `${nameOf(p.mentor)} scheduled a mentorship session.`,
    actionUrl: MENTOR_MATCHING,
  }),
} satisfies NotificationTemplates;
