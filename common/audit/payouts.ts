import type { AuditVocabulary } from './types.ts';

/** What members and administrators do with payout details and payout runs, in words. */
export const payoutsAudit = {
  actions: {
    'payout_details.update': 'changed payout details',
    'payout_settings.update': 'changed the payout settings',
    'payout_run.draft': 'drafted a payout run',
    'payout_run.approve': 'approved a payout run',
    'payout_run.cancel': 'cancelled a payout run',
    'payout_run.mark_paid': 'marked a payout run paid',
    'payout_line.fail': 'marked a payout failed',
    'payout_run.download_file': "downloaded a payout run's payment file",
  },
  entities: { payout_details: 'Payout details', payout_run: 'Payout run', payout_line: 'Payout' },
  fields: {
    method: { label: 'Method', format: 'text' },
    masked: { label: 'Account', format: 'text' },
    vatRegistered: { label: 'VAT registered', format: 'boolean' },
    periodEnd: { label: 'Period end', format: 'date' },
    valueDate: { label: 'Value date', format: 'date' },
    totalPence: { label: 'Total', format: 'pence' },
    amountPence: { label: 'Amount', format: 'pence' },
    minimumPence: { label: 'Minimum payout', format: 'pence' },
    payableCount: { label: 'Partners paid', format: 'count' },
    failedCount: { label: 'Payouts failed', format: 'count' },
    file: { label: 'File', format: 'text' },
    transferCount: { label: 'Transfers', format: 'count' },
  },
} as const satisfies AuditVocabulary;
