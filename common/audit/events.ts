import type { AuditVocabulary } from './types.ts';

/** What administrators do to events, in words. */
export const eventsAudit = {
  actions: {
    'event.create': 'created an event',
    'event.update': 'changed an event',
    'event.cancel': 'cancelled an event',
    'event.attendance': 'recorded attendance at an event',
  },
  entities: { event: 'Event' },
  fields: {
    attended: { label: 'Attended', format: 'boolean' },
  },
  entityFields: { event: { startDate: { label: 'Starts', format: 'datetime' }, endDate: { label: 'Ends', format: 'datetime' } } },
} as const satisfies AuditVocabulary;
