import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payoutDetailsAnswerSchema, PayoutDetailsInput } from '../../../../common/schemas/payouts.ts';
import { api } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { profileKeys } from './keys.ts';

export type PayoutDetailsAnswer = z.infer<typeof payoutDetailsAnswerSchema>;

/** GET /api/payout-details: the member's own payout details, masked (null until they add some). */
export const usePayoutDetails = () => useQuery<PayoutDetailsAnswer>({ queryKey: profileKeys.payoutDetails });

/**
 * PUT /api/payout-details: replaces them. The server asks for a fresh confirmation of identity first; the API
 * client shows the "Confirm it's you" dialog and sends the change again once confirmed. The answer replaces the
 * cached details; payout screens showing the current account refresh.
 */
export function useSavePayoutDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => api.put<PayoutDetailsAnswer>('/api/payout-details', body),
    onSuccess: (saved) => {
      client.setQueryData(profileKeys.payoutDetails, saved);
      void changed(client, 'payouts', { except: profileKeys.payoutDetails });
    },
  });
}
