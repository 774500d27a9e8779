import { useCurrentUser } from '../../../../lib/auth.ts';
import { usePoints, useUserAchievements, useUserLevel } from '../../api/progress.ts';
import { AchievementsProgress } from './AchievementsProgress.tsx';
import { EndorsementsCard } from './EndorsementsCard.tsx';
import { LevelCard } from './LevelCard.tsx';
import { LevelsList } from './LevelsList.tsx';
import { PointRules, PointsActivity } from './PointsActivity.tsx';

/**
 * My Progress: total points and the current level with the way to the next, achievements earned and locked
 * (a new one sparkles once), the latest point transactions and how points are earned, every level with its
 * perks, and the member's endorsements.
 */
export function ProgressTab() {
  const me = useCurrentUser().data;
  const level = useUserLevel();
  const points = usePoints();
  const achievements = useUserAchievements();

  return (
    <div className="grid grid-cols-1 gap-6">
      <LevelCard level={level} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
        <div className="grid grid-cols-1 gap-6 lg:col-span-2">
          <AchievementsProgress achievements={achievements} />
          <PointsActivity points={points} />
        </div>
        <div className="grid grid-cols-1 gap-6">
          <EndorsementsCard userId={me?.id} />
          <LevelsList currentLevel={level.data?.current.levelNumber} />
          <PointRules />
        </div>
      </div>
    </div>
  );
}
