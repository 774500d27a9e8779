import type { AuditVocabulary } from './types.ts';

/** What administrators do to the community's posts and comments, its reports and the hall of fame, in words. */
export const communityAudit = {
  actions: {
    'community_post.delete': 'deleted a community post',
    'community_post.pin': 'pinned a community post to the top of the feed',
    'community_post.unpin': 'unpinned a community post',
    'post_comment.delete': 'deleted a comment on a community post',
    'content_report.hide': 'hid reported community content',
    'content_report.restore': 'restored hidden community content',
    'content_report.dismiss': 'dismissed a report of community content',
    'hall_of_fame.update': 'changed a hall of fame record',
  },
  entities: { community_post: 'Community post', post_comment: 'Comment', content_report: 'Report', hall_of_fame_record: 'Hall of fame record' },
  fields: {
    hadImage: { label: 'Had an image', format: 'boolean' },
    hadReplies: { label: 'Had replies', format: 'boolean' },
    excerpt: { label: 'Beginning of the comment', format: 'text' },
    pinned: { label: 'Pinned', format: 'boolean' },
    hidden: { label: 'Hidden', format: 'boolean' },
    reportStatus: { label: 'Report', format: 'status' },
    targetType: { label: 'Reported', format: 'text' },
    reportersCount: { label: 'Members who reported it', format: 'count' },
  },
  entityFields: { hall_of_fame_record: { valuePence: { label: 'Value', format: 'pence' } } },
} as const satisfies AuditVocabulary;
