import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { earningsStatementListSchema, partnerPayoutPageSchema, payoutDetailsAnswerSchema } from '../../../../common/schemas/payouts.ts';
import { api } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { payoutKeys } from './keys.ts';

async function getChecked<S extends z.ZodType>(schema: S, url: string): Promise<z.output<S>> {
  return schema.parse(await api.get<unknown>(url));
}

/** Where the yearly earnings statement of a UK tax year ("2025-26") is downloaded, as PDF or CSV. */
export const earningsStatementUrl = (taxYear: string, format: 'pdf' | 'csv') => `/api/earnings-statements/${encodeURIComponent(taxYear)}.${format}`;

/** One page of the partner's own payouts (lines of approved and paid runs), newest first. */
export function useMyPayouts(position: PagePosition, pageSize: number) {
  return useQuery({
    queryKey: payoutKeys.mine({ ...position, pageSize }),
    queryFn: () => getChecked(partnerPayoutPageSchema, withQuery('/api/payouts', { ...position, pageSize })),
    placeholderData: keepPreviousData,
  });
}

/** The tax years the partner was paid in, newest first. */
export function useEarningsStatements() {
  return useQuery({ queryKey: payoutKeys.earningsStatements, queryFn: () => getChecked(earningsStatementListSchema, '/api/earnings-statements') });
}

/**
 * The partner's payout details as every answer shows them (masked; `details` null when they have none yet). The
 * answer is kept whole, as Profile Settings reads the same address.
 */
export function useMyPayoutDetails() {
  return useQuery({ queryKey: payoutKeys.details, queryFn: () => getChecked(payoutDetailsAnswerSchema, '/api/payout-details') });
}
