import type { AuditEntityLabels } from '../audit-types.ts';

/** CSV imports in the audit log: an import is not a record of its own; its entry carries the counts. */
export const importsAuditLabels = {
  import: { none: 'An import is not a record of its own; its entry holds the counts of rows, created and already there' },
} satisfies AuditEntityLabels;
