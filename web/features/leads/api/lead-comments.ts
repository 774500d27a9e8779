import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadComment, LeadCommentCreate, LeadCommentPage } from '../../../../common/schemas/lead-comments.ts';
import { api } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { leadKeys } from './keys.ts';

/** Messages asked for at a time; "Show later messages" asks for the next, newer ones. */
export const LEAD_COMMENT_PAGE_SIZE = 50;

const commentsPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/comments`;

/**
 * A lead's discussion, oldest first, fifty messages at a time (the next page by the cursor of the last one). A
 * partner's answer never holds internal notes; the answer also says whether the viewer may write, and write internally.
 */
export function useLeadComments(leadId: string) {
  return useInfiniteQuery({
    queryKey: leadKeys.comments(leadId),
    initialPageParam: { page: 1 } as PagePosition,
    queryFn: ({ pageParam }) => api.get<LeadCommentPage>(withQuery(commentsPath(leadId), { ...pageParam, pageSize: LEAD_COMMENT_PAGE_SIZE })),
    getNextPageParam: (last): PagePosition | undefined => {
      if (last.nextCursor) return { page: last.page + 1, after: last.nextCursor };
      if (last.nextCursor === undefined && last.page * last.pageSize < last.total) return { page: last.page + 1 };
      return undefined;
    },
  });
}

/**
 * POST /api/leads/{id}/comments: a message to the discussion, or (administrators) an internal note. The discussion
 * and the lead's timeline refresh; a message changes none of the lead's figures.
 */
export function useAddLeadComment(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: LeadCommentCreate) => api.post<LeadComment>(commentsPath(leadId), comment),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: leadKeys.comments(leadId) });
      void client.invalidateQueries({ queryKey: leadKeys.activities(leadId) });
    },
  });
}
