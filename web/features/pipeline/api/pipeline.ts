import { useQueries, useQuery } from '@tanstack/react-query';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import type { Analytics } from '../../../../common/schemas/dashboard.ts';
import { PIPELINE_COLUMNS } from '../../../../common/rules/pipeline.ts';
import { leadListQuery } from '../../leads/index.ts';
import { pipelineKeys } from './keys.ts';

/** Cards loaded per column; a column with more shows "+N more". */
const COLUMN_PAGE_SIZE = 100;

/** The board: one server query per column (the newest 100 leads of that status, with the column's total). */
export function useBoard() {
  return useQueries({
    queries: PIPELINE_COLUMNS.map((status) => leadListQuery({ status, page: 1, pageSize: COLUMN_PAGE_SIZE })),
    combine: (results) => ({
      columns: PIPELINE_COLUMNS.map((status: LeadStatus, i) => ({ status, page: results[i].data })),
      isLoading: results.some((r) => r.isLoading),
      isError: results.some((r) => r.isError),
      error: results.find((r) => r.error)?.error,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/** The metrics' figures: the caller's own for partners, the whole organisation's for admins. */
export function useAnalytics() {
  return useQuery<Analytics>({ queryKey: pipelineKeys.analytics });
}
