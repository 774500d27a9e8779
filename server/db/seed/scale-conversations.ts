import { sql } from 'drizzle-orm';
import { REACTIONS } from '../../../common/schemas/conversations.ts';
import type { Db } from '../client.ts';
import { at, member, memberNo, n, run, uid, type ScaleSize } from './scale-sql.ts';

/**
 * The conversations on the feed at scale: every other post has one to four comments (comment k of post g is
 * comment number 8g + k), one post in four has a reply to its first comment, one post in three has one to five
 * reactions and one post in six a reaction on its first comment. Each comment is written between its post and the
 * next newer post, so nothing lands in the future. The posts' comment counts and latest activity are then set from
 * their comments (the product keeps them as comments are written).
 */
export async function seedConversations(db: Db, size: ScaleSize): Promise<number> {
  // the seconds between two consecutive posts (the community seed spaces them evenly back from now)
  const gap = sql`(600.0 / ${n(Math.max(1, Math.ceil(size.posts / 50_000)))})`;
  const postAt = (g: ReturnType<typeof sql>) => sql`(now() - make_interval(secs => (${g}) * ${gap}))`;
  const commentAt = (g: ReturnType<typeof sql>, k: ReturnType<typeof sql>) => sql`(${postAt(g)} + make_interval(secs => (${k}) * ${gap} / 6))`;
  let rows = await run(
    db,
    sql`insert into post_comments (id, post_id, author_id, parent_id, content, created_at)
    select ${uid('comment', sql`g::bigint * 8 + k`)}, ${uid('post', sql`g`)}, ${member(memberNo(sql`g::bigint * 31 + k * 7`, size))}, null,
      'A synthetic comment for scale testing: ' || (array['agreed, well put', 'happy to introduce you', 'we saw the same in our sector', 'great news'])[1 + (g + k) % 4] || '.',
      ${commentAt(sql`g`, sql`k`)}
    from generate_series(1, ${n(size.posts)}) g, generate_series(1, 4) k
    where g % 2 = 1 and k <= 1 + g % 4`,
  );
  rows += await run(
    db,
    sql`insert into post_comments (id, post_id, author_id, parent_id, content, created_at)
    select ${uid('comment', sql`g::bigint * 8 + 5`)}, ${uid('post', sql`g`)}, ${member(memberNo(sql`g::bigint * 53`, size))}, ${uid('comment', sql`g::bigint * 8 + 1`)},
      'A synthetic reply for scale testing.', ${commentAt(sql`g`, sql`5`)}
    from generate_series(1, ${n(size.posts)}) g
    where g % 4 = 1`,
  );
  rows += await run(
    db,
    sql`insert into post_reactions (post_id, user_id, emoji, created_at)
    select ${uid('post', sql`g`)}, ${member(memberNo(sql`g::bigint * 13 + r * 101`, size))}, ${at(REACTIONS, sql`g + r`)}, ${commentAt(sql`g`, sql`r`)}
    from generate_series(1, ${n(size.posts)}) g, generate_series(1, 5) r
    where g % 3 = 0 and r <= 1 + g % 5
    on conflict do nothing`,
  );
  rows += await run(
    db,
    sql`insert into comment_reactions (comment_id, user_id, emoji, created_at)
    select ${uid('comment', sql`g::bigint * 8 + 1`)}, ${member(memberNo(sql`g::bigint * 17 + 3`, size))}, ${at(REACTIONS, sql`g`)}, ${commentAt(sql`g`, sql`2`)}
    from generate_series(1, ${n(size.posts)}) g
    where g % 6 = 1
    on conflict do nothing`,
  );
  await run(
    db,
    sql`update community_posts p set comment_count = c.n, last_activity_at = greatest(p.created_at, c.latest)
    from (select post_id, count(*)::int n, max(created_at) latest from post_comments group by post_id) c
    where c.post_id = p.id`,
  );
  return rows;
}
