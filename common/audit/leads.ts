import type { AuditVocabulary } from './types.ts';

/** What administrators and partners do to leads, in words. */
export const leadsAudit = {
  actions: {
    'lead.update': 'updated a lead',
    'lead.delete': 'deleted a lead',
    'lead.edit': 'edited a lead',
    'lead.withdraw': 'withdrew a lead',
    'lead.assign': 'assigned a lead',
  },
  entities: { lead: 'Lead' },
  fields: {
    companyName: { label: 'Company', format: 'text' },
    estimatedValue: { label: 'Value', format: 'money' },
  },
  entityFields: {
    lead: {
      status: { label: 'Status', format: 'lead_status' },
      leadType: { label: 'Lead type', format: 'text' },
      industry: { label: 'Industry', format: 'text' },
      contactName: { label: 'Contact', format: 'text' },
      contactEmail: { label: 'Contact email', format: 'text' },
      projectDescription: { label: 'Project description', format: 'text' },
      urgency: { label: 'Urgency', format: 'text' },
      relationshipStrength: { label: 'Relationship', format: 'text' },
      sourceEventId: { label: 'Event', format: 'text' },
      withdrawnReason: { label: 'Reason for withdrawing', format: 'text' },
      assignedTo: { label: 'Owner', format: 'text' },
      notes: { label: 'Notes', format: 'text' },
      notesInternal: { label: 'Internal note', format: 'boolean' },
    },
  },
} as const satisfies AuditVocabulary;
