import type { AuditVocabulary } from './types.ts';

/** What administrators and clients do to placements and timesheets, in words. */
export const timesheetsAudit = {
  actions: {
    'placement.create': 'created a placement',
    'placement.update': 'changed a placement',
    'placement.invite_client': 'invited a client contact to join',
    'timesheet.approve': 'approved a timesheet',
    'timesheet.reject': 'rejected a timesheet',
    'timesheet.adjust': 'corrected an approved timesheet',
  },
  entities: { placement: 'Placement', timesheet: 'Timesheet' },
  fields: {
    chargeRatePence: { label: 'Charge rate', format: 'pence' },
    payRatePence: { label: 'Pay rate', format: 'pence' },
    entries: { label: 'Entries', format: 'timesheet_entries' },
    commissions: { label: 'Commissions', format: 'commission_lines' },
    comments: { label: 'Comments', format: 'text' },
  },
  entityFields: {
    placement: { startDate: { label: 'Start date', format: 'date' }, endDate: { label: 'End date', format: 'date' } },
    timesheet: { reason: { label: 'Reason', format: 'text' } },
  },
} as const satisfies AuditVocabulary;
