import type { AuditVocabulary } from './types.ts';

/** What administrators do to the community's posts and the hall of fame, in words. */
export const communityAudit = {
  actions: {
    'community_post.delete': 'deleted a community post',
    'post_comment.delete': 'deleted a comment on a community post',
    'hall_of_fame.update': 'changed a hall of fame record',
  },
  entities: { community_post: 'Community post', post_comment: 'Comment', hall_of_fame_record: 'Hall of fame record' },
  fields: {
    hadImage: { label: 'Had an image', format: 'boolean' },
    hadReplies: { label: 'Had replies', format: 'boolean' },
    excerpt: { label: 'Beginning of the comment', format: 'text' },
  },
  entityFields: { hall_of_fame_record: { valuePence: { label: 'Value', format: 'pence' } } },
} as const satisfies AuditVocabulary;
