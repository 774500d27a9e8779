import { eq } from 'drizzle-orm';
import type { Reaction } from '../../../common/schemas/conversations.ts';
import { createComment } from '../../services/post-comments.ts';
import { setReaction } from '../../services/reactions.ts';
import type { Db } from '../client.ts';
import type { UserRow } from '../factories/members.ts';
import { communityPosts } from '../schema/index.ts';
import { DAY, person } from './demo-people.ts';

/** A demo comment: who writes it, how long after the post (hours), and the replies it draws. */
interface DemoComment {
  by: string;
  hoursAfter: number;
  content: string;
  replies?: { by: string; hoursAfter: number; content: string }[];
  reactions?: { by: string; emoji: Reaction }[];
}

/** The conversations on the demo's posts, by the post's title, with the reactions each post drew. */
const DEMO_CONVERSATIONS: { post: string; comments: DemoComment[]; reactions: { by: string; emoji: Reaction }[] }[] = [
  {
    post: 'Welcome to the new Community Hub',
    reactions: [
      { by: 'priya.raman', emoji: '🎉' },
      { by: 'hannah.becker', emoji: '🎉' },
      { by: 'james.okafor', emoji: '👍' },
      { by: 'oliver.grant', emoji: '❤️' },
    ],
    comments: [
      {
        by: 'priya.raman',
        hoursAfter: 3,
        content: 'Glad to have one place for this. Outcomes over noise — agreed.',
        reactions: [{ by: 'eleanor.whitmore', emoji: '👍' }],
      },
    ],
  },
  {
    post: 'Closed: interim CFO for a Series B biotech',
    reactions: [
      { by: 'hannah.becker', emoji: '🎉' },
      { by: 'eleanor.whitmore', emoji: '🎉' },
      { by: 'aisha.khan', emoji: '💡' },
    ],
    comments: [
      {
        by: 'hannah.becker',
        hoursAfter: 2,
        content: 'Delighted it worked out. Their board asked me last week who found her — I told them.',
        replies: [{ by: 'priya.raman', hoursAfter: 5, content: 'Thank you, Hannah. Coffee is on me next time you are in town.' }],
        reactions: [{ by: 'priya.raman', emoji: '❤️' }],
      },
      { by: 'james.okafor', hoursAfter: 20, content: 'Nine months through a raise is exactly when an interim earns their fee. Congratulations.' },
    ],
  },
  {
    post: 'Anyone placed a Chief Digital Officer in retail lately?',
    reactions: [{ by: 'daniel.hughes', emoji: '👍' }],
    comments: [
      {
        by: 'daniel.hughes',
        hoursAfter: 4,
        content: 'Two in the last year. The interim worked where the roadmap was already agreed; the permanent hire where it was not. Happy to do the call.',
        replies: [{ by: 'sophie.laurent', hoursAfter: 6, content: 'That distinction is exactly what I needed. Sending you a message now.' }],
        reactions: [{ by: 'sophie.laurent', emoji: '💡' }],
      },
    ],
  },
  {
    post: 'M&A breakfast in the City — 12 places',
    reactions: [
      { by: 'priya.raman', emoji: '👍' },
      { by: 'oliver.grant', emoji: '👍' },
    ],
    comments: [
      { by: 'priya.raman', hoursAfter: 1, content: 'Count me in, please.' },
      { by: 'oliver.grant', hoursAfter: 9, content: 'One seat for me if there is still room — I have a carve-out to talk through.' },
    ],
  },
  {
    post: 'Writing a referral note the team can act on',
    reactions: [
      { by: 'marcus.adeyemi', emoji: '💡' },
      { by: 'tom.fletcher', emoji: '💡' },
    ],
    comments: [
      {
        by: 'marcus.adeyemi',
        hoursAfter: 6,
        content: 'From the review side: this is the note we can qualify the same day. The decision maker’s name saves the most time.',
      },
    ],
  },
];

/**
 * Comments, replies and reactions on the demo's posts, made through the services a member's actions call (so the
 * posts' counts, latest activity, points and notifications are as the product writes them).
 */
export async function seedConversations(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  let written = 0;
  for (const c of DEMO_CONVERSATIONS) {
    const [post] = await db.select({ id: communityPosts.id, createdAt: communityPosts.createdAt }).from(communityPosts).where(eq(communityPosts.title, c.post)).limit(1);
    if (!post) throw new Error(`demo post "${c.post}" is missing`);
    const after = (hours: number) => new Date(Math.min(post.createdAt.getTime() + hours * 3_600_000, now.getTime() - DAY / 24));
    for (const r of c.reactions) await setReaction(db, person(people, r.by), 'post', post.id, r.emoji, true, after(1));
    for (const comment of c.comments) {
      const made = await createComment(db, person(people, comment.by), post.id, { content: comment.content }, after(comment.hoursAfter));
      written += 1;
      for (const reply of comment.replies ?? []) {
        await createComment(db, person(people, reply.by), post.id, { content: reply.content, parentId: made.id }, after(reply.hoursAfter));
        written += 1;
      }
      for (const r of comment.reactions ?? []) await setReaction(db, person(people, r.by), 'comment', made.id, r.emoji, true, after(comment.hoursAfter + 1));
    }
  }
  return written;
}
