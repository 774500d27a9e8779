import type { AuditVocabulary } from './types.ts';

/** What administrators do to leads, in words. */
export const leadsAudit = {
  actions: {
    'lead.update': 'updated a lead',
    'lead.delete': 'deleted a lead',
  },
  entities: { lead: 'Lead' },
  fields: {
    companyName: { label: 'Company', format: 'text' },
    estimatedValue: { label: 'Value', format: 'money' },
  },
  entityFields: { lead: { status: { label: 'Status', format: 'lead_status' } } },
} as const satisfies AuditVocabulary;
