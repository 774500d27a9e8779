import type { AuditVocabulary } from './types.ts';

/** What administrators do with webhook endpoints, in words. */
export const webhooksAudit = {
  actions: {
    'webhook.create': 'added a webhook endpoint',
    'webhook.update': 'changed a webhook endpoint',
    'webhook.delete': 'deleted a webhook endpoint',
    'webhook.rotate_secret': 'rotated a webhook signing secret',
  },
  entities: { webhook_endpoint: 'Webhook endpoint' },
  fields: {},
  entityFields: {
    webhook_endpoint: {
      url: { label: 'Address', format: 'text' },
      events: { label: 'Events', format: 'text' },
      description: { label: 'Description', format: 'text' },
      enabled: { label: 'On', format: 'boolean' },
      previousSecretUntil: { label: 'Previous secret signs until', format: 'datetime' },
    },
  },
} as const satisfies AuditVocabulary;
