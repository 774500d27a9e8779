import { lazy, Suspense } from 'react';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useDashboardStats } from '../api/dashboard.ts';
import { ConnectionRequests } from '../components/ConnectionRequests.tsx';
import { DailyQuote } from '../components/DailyQuote.tsx';
import { GuidedTour } from '../components/GuidedTour.tsx';
import { MemberCarousel } from '../components/MemberCarousel.tsx';
import { PerformanceOverview } from '../components/PerformanceOverview.tsx';
import { PipelineOverview } from '../components/PipelineOverview.tsx';
import { QuickActions } from '../components/QuickActions.tsx';
import { WelcomeBanner } from '../components/WelcomeBanner.tsx';

/** The earnings and pipeline charts, with the chart library, load after the dashboard's first screen. */
const PartnerCharts = lazy(async () => ({ default: (await import('../components/PartnerCharts.tsx')).PartnerCharts }));

/**
 * Dashboard (/ and /dashboard): welcome banner with the member's figures, quote of the day,
 * performance tiles, quick actions, connection requests, recommended members, pipeline tiles, the earnings and pipeline charts (loaded on demand) and the tour.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data: user } = useCurrentUser();
  const stats = useDashboardStats();
  if (!user) return null;
  const retry = () => void stats.refetch();
  return (
    <div className="grid grid-cols-1 gap-6 sm:gap-8">
      <WelcomeBanner user={user} stats={stats} />
      <DailyQuote />
      <PerformanceOverview stats={stats.data} isLoading={stats.isLoading} error={stats.error} onRetry={retry} />
      <QuickActions />
      <ConnectionRequests />
      <MemberCarousel />
      <PipelineOverview stats={stats.data} isLoading={stats.isLoading} error={stats.error} onRetry={retry} />
      <Suspense fallback={<SkeletonRows count={1} rowClassName="h-80 w-full" label="Loading your charts" />}>
        <PartnerCharts stats={stats} />
      </Suspense>
      <GuidedTour key={user.id} userId={user.id} />
    </div>
  );
}
