import { Trophy } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Partner Leaderboard (/leaderboard): placeholder until the leaderboard release. */
export function LeaderboardPage() {
  return (
    <ComingSoon
      title="Leaderboard"
      icon={Trophy}
      description="See the top partners of the month, the hall of fame and your own points, level and achievements."
      features={['Top three this month', 'Full rankings', 'Hall of fame records', 'Achievements and levels']}
    />
  );
}
