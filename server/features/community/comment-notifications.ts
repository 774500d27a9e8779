import type { NotificationTemplates } from '../notification-types.ts';

/** A member as another member's notification names them. */
interface Member {
  firstName: string;
  lastName: string;
}

/** The facts of a comment a notification tells of. */
interface CommentFacts {
  commenter: Member;
  postId: string;
  postTitle: string;
}

/** The feed opens on the post's conversation. */
const postUrl = (postId: string) => `/community?post=${postId}`;

/** What members hear of the conversations on the feed. */
export const commentNotifications = {
  /** To a post's author: a member commented on it. */
  post_comment: (p: CommentFacts) => ({
    title: 'New comment on your post',
    message: `${p.commenter.firstName} ${p.commenter.lastName} commented on "${p.postTitle}".`,
    actionUrl: postUrl(p.postId),
  }),

  /** To a comment's author: a member replied to it. */
  comment_reply: (p: CommentFacts) => ({
    title: 'New reply to your comment',
    message: `${p.commenter.firstName} ${p.commenter.lastName} replied to your comment on "${p.postTitle}".`,
    actionUrl: postUrl(p.postId),
  }),
} satisfies NotificationTemplates;
