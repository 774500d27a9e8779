import { useMutation } from '@tanstack/react-query';
import type { ReportCreate, ReportReceipt } from '../../../../common/schemas/moderation.ts';
import { api } from '../../../lib/api.ts';

/** What the member reads once a report is sent. */
export const REPORT_THANKS = 'Thanks — a moderator will look at it';

/**
 * POST /api/reports: a member reports someone else's post or comment with a reason; the administrators see it in
 * Admin Panel → Moderation. A second report of the same thing while the first is open answers 409.
 */
export function useReport() {
  return useMutation({ mutationFn: (report: ReportCreate) => api.post<ReportReceipt>('/api/reports', report) });
}
