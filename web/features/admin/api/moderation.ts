import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportAction, ReportPage } from '../../../../common/schemas/moderation.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import type { PageAsked } from './keys.ts';
import { moderationKeys, type ReportFilter } from './moderation-keys.ts';
export { moderationKeys, type ReportFilter } from './moderation-keys.ts';

/** GET /api/admin/reports: one page of the queue, open reports first; read when the Moderation tab is opened. */
export function useReports(status: ReportFilter, p: PageAsked, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.page(status, p),
    queryFn: () => api.get<ReportPage>(withQuery('/api/admin/reports', { status, page: p.page, pageSize: p.pageSize, after: p.after, before: p.before })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** How many reports wait for an administrator (the Moderation tab's count): the open filter's first page of one. */
export function useOpenReportCount() {
  return useQuery({
    queryKey: moderationKeys.page('open', { page: 1, pageSize: 1 }),
    queryFn: () => api.get<ReportPage>(withQuery('/api/admin/reports', { status: 'open', page: 1, pageSize: 1 })),
    select: (d) => d.openCount,
  });
}

/** What each action's toast says once done. */
const DONE: Record<ReportAction, string> = { hide: 'Hidden from the community', restore: 'Restored for the community', dismiss: 'Report dismissed' };

/**
 * POST /api/admin/reports/{id}/hide | restore | dismiss: the content is hidden or shown again (its author is told),
 * or the report is closed with nothing changed. The feed follows (a post change), and the queue with it.
 */
export function useReportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ report, action }: { report: Pick<Report, 'id'>; action: ReportAction }) =>
      api.post<Report>(`/api/admin/reports/${encodeURIComponent(report.id)}/${action}`),
    onSuccess: (_r, { action }) => toast({ variant: 'success', title: DONE[action] }),
    onError: (e) => toast({ variant: 'destructive', title: 'Could not do that', description: errorDetail(e, 'Please try again.') }),
    onSettled: () => void Promise.all([client.invalidateQueries({ queryKey: moderationKeys.all }), changed(client, 'post')]),
  });
}
