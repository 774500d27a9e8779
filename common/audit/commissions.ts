import type { AuditVocabulary } from './types.ts';

/** What administrators do to commissions, in words. */
export const commissionsAudit = {
  actions: { 'commission.pay': 'marked a commission paid' },
  entities: { commission: 'Commission' },
  fields: {
    amount: { label: 'Amount', format: 'money' },
    paidAt: { label: 'Paid', format: 'datetime' },
  },
} as const satisfies AuditVocabulary;
