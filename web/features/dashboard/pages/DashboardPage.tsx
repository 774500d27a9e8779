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

/**
 * Dashboard (/ and /dashboard): welcome banner with the member's figures, quote of the day,
 * performance tiles, quick actions, connection requests, recommended members, pipeline tiles and the tour.
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
      <GuidedTour key={user.id} userId={user.id} />
    </div>
  );
}
