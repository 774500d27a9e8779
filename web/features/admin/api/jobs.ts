import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob, JobsOverview, RetriedJob } from '../../../../common/schemas/jobs.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export type { FailedJob, JobQueueCounts, JobsOverview } from '../../../../common/schemas/jobs.ts';

/** Every queue of background work with its counts, and the most recent failed jobs; read when the System tab is opened. */
export function useJobs(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.jobs, queryFn: () => api.get<JobsOverview>('/api/admin/jobs'), enabled });
}

/** Puts a failed job back in its queue: the counts and the failed list change, and the audit log gains the retry. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: FailedJob) => api.post<RetriedJob>(`/api/admin/jobs/${job.id}/retry`),
    onSettled: () => void Promise.all([client.invalidateQueries({ queryKey: adminKeys.jobs }), client.invalidateQueries({ queryKey: adminKeys.auditAll })]),
  });
}
