import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../common/schemas/lead.ts';
import type { MemberRecommendation } from '../../../../common/schemas/member.ts';
import { RECOMMENDATIONS_KEY } from '../../../components/members/connections.ts';
import { apiRequest } from '../../../lib/api.ts';

export const STATS_KEY = ['/api/dashboard-stats'] as const;
export const ONBOARDING_KEY = ['/api/onboarding'] as const;

export interface OnboardingState {
  hasCompletedWizard: boolean;
  currentWizardStep: number;
  completedWizardSteps: string[];
  wizardCompletedAt: string | null;
}

/** The member's referral figures (banner, performance and pipeline tiles). */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: STATS_KEY });
}

/** Up to 8 recommended members, scored on the server (spec 01 §9). */
export function useRecommendations() {
  return useQuery<MemberRecommendation[]>({ queryKey: RECOMMENDATIONS_KEY });
}

/** Whether the dashboard tour was finished on any device. */
export function useOnboarding(enabled: boolean) {
  return useQuery<OnboardingState>({ queryKey: ONBOARDING_KEY, enabled });
}

/** Stores the tour's end (finished or skipped) on the server. */
export function useCompleteTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentWizardStep: number; completedWizardSteps: string[] }) =>
      apiRequest<{ ok: true }>('PUT', '/api/onboarding', { hasCompletedWizard: true, ...body }),
    onSuccess: () => client.setQueryData<OnboardingState>(ONBOARDING_KEY, (s) => (s ? { ...s, hasCompletedWizard: true } : s)),
  });
}
