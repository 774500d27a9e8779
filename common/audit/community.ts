import type { AuditVocabulary } from './types.ts';

/** What administrators do to the community's posts and the hall of fame, in words. */
export const communityAudit = {
  actions: {
    'community_post.delete': 'deleted a community post',
    'hall_of_fame.update': 'changed a hall of fame record',
  },
  entities: { community_post: 'Community post', hall_of_fame_record: 'Hall of fame record' },
  fields: {
    hadImage: { label: 'Had an image', format: 'boolean' },
  },
  entityFields: { hall_of_fame_record: { valuePence: { label: 'Value', format: 'pence' } } },
} as const satisfies AuditVocabulary;
