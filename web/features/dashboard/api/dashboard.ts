import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../common/schemas/dashboard.ts';
import type { PartnerEarnings } from '../../../../common/schemas/analytics.ts';
import type { Onboarding as OnboardingState } from '../../../../common/schemas/onboarding.ts';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKeys } from './keys.ts';

/** The member's referral figures (banner, performance and pipeline tiles). */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: dashboardKeys.stats });
}

/** The member's commission per London month for the last twelve months, closed deals apart from approved time. */
export function useEarnings() {
  return useQuery<PartnerEarnings>({ queryKey: dashboardKeys.earnings });
}

/** Whether the dashboard tour was finished on any device. */
export function useOnboarding(enabled: boolean) {
  return useQuery<OnboardingState>({ queryKey: dashboardKeys.onboarding, enabled });
}

/** Stores the tour's end (finished or skipped) on the server, and remembers it here so the tour does not return. */
export function useCompleteTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentWizardStep: number; completedWizardSteps: string[] }) =>
      apiRequest<{ ok: true }>('PUT', '/api/onboarding', { hasCompletedWizard: true, ...body }),
    onSuccess: () => client.setQueryData<OnboardingState>(dashboardKeys.onboarding, (s) => (s ? { ...s, hasCompletedWizard: true } : s)),
  });
}
