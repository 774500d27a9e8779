import { eq } from 'drizzle-orm';
import { mentionToken } from '../../../common/schemas/mentions.ts';
import { createReport } from '../../services/moderation.ts';
import { createComment } from '../../services/post-comments.ts';
import { setPinned } from '../../services/posts.ts';
import type { Db } from '../client.ts';
import type { UserRow } from '../factories/members.ts';
import { communityPosts } from '../schema/index.ts';
import { ADMIN, DAY, person } from './demo-people.ts';

async function postNamed(db: Db, title: string): Promise<string> {
  const [post] = await db.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.title, title)).limit(1);
  if (!post) throw new Error(`demo post "${title}" is missing`);
  return post.id;
}

/**
 * The demo's pinned announcement, a comment that mentions a member, and one open report for the administrators
 * to review, made through the services a member's and an administrator's actions call.
 */
export async function seedModeration(db: Db, people: Map<string, UserRow>, now: Date): Promise<void> {
  const welcome = await postNamed(db, 'Welcome to the new Community Hub');
  await setPinned(db, person(people, ADMIN), welcome, true, new Date(now.getTime() - 2 * DAY));
  const priya = person(people, 'priya.raman');
  const content = `Thanks for setting this up. ${mentionToken(`${priya.firstName} ${priya.lastName}`, priya.id)}, your biotech placement story belongs here.`;
  await createComment(db, person(people, 'hannah.becker'), welcome, { content }, new Date(now.getTime() - DAY));
  const breakfast = await postNamed(db, 'M&A breakfast in the City — 12 places');
  const reason = 'Event places are offered in Events; this reads like an advert in the feed.';
  await createReport(db, person(people, 'tom.fletcher'), { targetType: 'post', targetId: breakfast, reason }, new Date(now.getTime() - DAY / 2));
}
