import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CeoMessage, CeoMessageCreate, CeoMessagePage } from '../../../../common/schemas/community.ts';
import { api } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { ceoKeys } from './keys.ts';
export { ceoKeys } from './keys.ts';

/** One page of the member's own messages, newest first, and how many they may still send today. */
export function useCeoMessages(page: number) {
  return useQuery({
    queryKey: ceoKeys.page(page),
    queryFn: () => api.get<CeoMessagePage>(withQuery('/api/ceo-messages', { page })),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/ceo-messages. Whatever the answer, the list and today's allowance are read again. */
export function useSendCeoMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: CeoMessageCreate) => api.post<CeoMessage>('/api/ceo-messages', data),
    onSettled: () => void changed(client, 'ceo_message'),
  });
}
