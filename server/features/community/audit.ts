import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/**
 * The community's records in the audit log: a post by its title, a comment by its post's title ("Comment on …"), a report by the title of the post it concerns, a hall of fame
 * record by its label (either from the entry once gone).
 */
export const communityAuditLabels = {
  community_post: { sql: (a) => sql`coalesce((select p.title from community_posts p where p.id::text = ${a.entityId}), ${a.before} ->> 'title')` },
  post_comment: {
    sql: (a) => sql`coalesce('Comment on "' || (select p.title from community_posts p where p.id::text = ${a.before} ->> 'postId') || '"', 'Comment on a deleted post')`,
  },
  content_report: {
    sql: (a) =>
      sql`coalesce((select 'Report of "' || p.title || '"' from content_reports r join community_posts p on p.id = r.post_id where r.id::text = ${a.entityId}), 'Report of deleted content')`,
  },
  hall_of_fame_record: { sql: (a) => sql`coalesce((select h.label from hall_of_fame_records h where h.id::text = ${a.entityId}), ${a.after} ->> 'label')` },
} satisfies AuditEntityLabels;
