import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, type SearchResponse } from '../../../../common/schemas/search.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { searchKeys } from './keys.ts';

/**
 * The server's matches for a text of at least SEARCH_MIN_LENGTH characters (trimmed). Results are asked afresh each
 * time the palette asks for a text (a lead or post written since must be found), and kept only briefly.
 */
export function useSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: () => api.get<SearchResponse>(withQuery('/api/search', { q })),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
}
