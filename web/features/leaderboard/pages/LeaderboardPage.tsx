import { useSearchParams } from 'react-router';
import { LEADERBOARD_PERIOD_LABELS, type LeaderboardPeriod } from '../../../../common/constants/community.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { LevelCard, PointsActivity, usePoints, useUserLevel } from '../../community/index.ts';
import { useLeaderboard } from '../api/leaderboard.ts';
import { AchievementsSection } from '../components/AchievementsSection.tsx';
import { HallOfFame } from '../components/HallOfFame.tsx';
import { NetworkStatsCard } from '../components/NetworkStatsCard.tsx';
import { PeriodSwitch } from '../components/PeriodSwitch.tsx';
import { Rankings } from '../components/Rankings.tsx';
import { RecognitionCard } from '../components/RecognitionCard.tsx';
import { TopThree } from '../components/TopThree.tsx';
import { DEFAULT_PERIOD, parsePeriod } from '../lib/board.ts';

/** The page number from the address: a whole number from 1, anything else reads as 1. */
const parsePage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
};

/**
 * Partner Leaderboard (/leaderboard): the hall of fame, the period's top three, the full rankings, the member's own
 * points and level with their first ten point transactions, achievements, network stats and recognition. The period and page are in the address (?period=quarter&page=2), so they
 * survive a reload and can be shared.
 */
export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const me = useCurrentUser().data;
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));
  const page = parsePage(params.get('page'));
  const periodLabel = LEADERBOARD_PERIOD_LABELS[period];

  const setView = (next: { period: LeaderboardPeriod; page: number }) => {
    const q: Record<string, string> = {};
    if (next.period !== DEFAULT_PERIOD) q.period = next.period;
    if (next.page > 1) q.page = String(next.page);
    setParams(q, { replace: true });
  };

  const rankings = useLeaderboard(period, page);
  const first = useLeaderboard(period, 1);
  // the top three come from the first page; while the period changes, the old period's podium is not shown as the new one
  const podium = first.isPlaceholderData ? undefined : first.data?.items;
  const level = useUserLevel();
  const points = usePoints();

  return (
    <>
      <PageHeader
        title="Partner Leaderboard"
        description="The network's records, this period's leading partners and the achievements everyone is working towards."
        actions={<PeriodSwitch value={period} onChange={(p) => setView({ period: p, page: 1 })} />}
      />
      <div className="grid grid-cols-1 gap-6 sm:gap-8">
        <HallOfFame />
        {!(first.isError && !first.data) && <TopThree entries={podium} loading={first.isLoading || first.isPlaceholderData} meId={me?.id} periodLabel={periodLabel} />}
        <Rankings query={rankings} page={page} onPage={(p) => setView({ period, page: p })} meId={me?.id} periodLabel={periodLabel} />
        <section aria-label="Your points and level">
          <LevelCard level={level} />
        </section>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
          <div className="grid grid-cols-1 gap-6 lg:col-span-2">
            <PointsActivity points={points} />
            <AchievementsSection />
          </div>
          <div className="grid grid-cols-1 gap-6">
            <NetworkStatsCard />
            <RecognitionCard />
          </div>
        </div>
      </div>
    </>
  );
}
