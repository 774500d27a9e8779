import type { AuditVocabulary } from './types.ts';

/** What administrators do with the background work, in words. */
export const jobsAudit = {
  actions: {
    'job.retry': 'retried a failed background job',
  },
  entities: { job: 'Background job' },
  fields: {},
  entityFields: {
    job: {
      queue: { label: 'Queue', format: 'text' },
      error: { label: 'Last error', format: 'text' },
      attempts: { label: 'Attempts', format: 'count' },
    },
  },
} as const satisfies AuditVocabulary;
