import type { AuditVocabulary } from './types.ts';

/** What administrators import from CSV files, in words (one entry per import, with its counts). */
export const importsAudit = {
  actions: {
    'import.members': 'imported members from a CSV file',
    'import.leads': 'imported leads from a CSV file',
  },
  entities: { import: 'Import' },
  fields: {},
  entityFields: {
    import: {
      rows: { label: 'Rows', format: 'count' },
      created: { label: 'Created', format: 'count' },
      skipped: { label: 'Already there', format: 'count' },
      memberStatus: { label: 'Members imported as', format: 'status' },
    },
  },
} as const satisfies AuditVocabulary;
