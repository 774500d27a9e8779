import type { NotificationTemplates } from '../notification-types.ts';

/** One line, for a notification title or message: no line breaks a member typed can reach them. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A member as another member's notification names them. */
interface Member {
  firstName: string;
  lastName: string;
}

/** The feed opens on the post's conversation. */
const postUrl = (postId: string) => `/community?post=${postId}`;

/** What members hear of mentions on the feed and of moderators' decisions on what they wrote. */
export const mentionNotifications = {
  /** To a member named with @ in a post or a comment (only when newly named: an edit tells only those it adds). */
  mention: (p: { mentioner: Member; where: 'post' | 'comment'; postId: string; postTitle: string }) => ({
    title: 'You were mentioned',
    message: `${p.mentioner.firstName} ${p.mentioner.lastName} mentioned you in ${p.where === 'post' ? 'the post' : 'a comment on'} "${oneLine(p.postTitle)}".`.slice(
      0,
      300,
    ),
    actionUrl: postUrl(p.postId),
  }),

  /** To the author: an administrator hid their post or comment, or showed it again. */
  content_moderated: (p: { action: 'hidden' | 'restored'; targetType: 'post' | 'comment'; postId: string; postTitle: string }) => {
    const what = p.targetType === 'post' ? 'Your post' : 'Your comment';
    const on = p.targetType === 'post' ? `"${oneLine(p.postTitle)}"` : `on "${oneLine(p.postTitle)}"`;
    return p.action === 'hidden'
      ? {
          title: `${what} was hidden by a moderator`,
          message: `${what} ${on} was hidden by a moderator after members reported it. Only you and the administrators can see it.`.slice(0, 300),
          actionUrl: postUrl(p.postId),
        }
      : {
          title: `${what} is visible again`,
          message: `A moderator restored ${what.toLowerCase()} ${on}: every member can see it again.`.slice(0, 300),
          actionUrl: postUrl(p.postId),
        };
  },
} satisfies NotificationTemplates;
