import { Star, TrendingUp } from 'lucide-react';
import type { UserLevel } from '../../../../../common/schemas/gamification.ts';
import { BadgeIcon } from '../../../../components/badge-icon.tsx';
import { LoadErrorBanner } from '../../../../components/load-error.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { levelProgress } from '../../lib/progress.ts';

type LevelQuery = { data: UserLevel | undefined; isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** Total points and the current level, with a bar to the next level (full at the top level). */
export function LevelCard({ level }: { level: LevelQuery }) {
  const l = level.data;
  if (level.isError && !l) return <LoadErrorBanner what="your points and level" error={level.error} onRetry={() => void level.refetch()} />;
  if (!l)
    return (
      <Card className="grid gap-4 p-5 sm:grid-cols-[auto_1fr] sm:p-6" role="status" aria-label="Loading your level">
        <Skeleton className="h-16 w-32" />
        <div className="grid gap-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-4 w-56" />
        </div>
      </Card>
    );
  const percent = levelProgress(l);
  return (
    <Card className="grid gap-5 p-5 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-center sm:gap-8 sm:p-6">
      <div>
        <p className="flex items-center gap-1.5 text-[13px] font-medium text-muted-foreground">
          <Star className="size-4 text-gold-deep" aria-hidden /> Total points
        </p>
        <p className="mt-1 text-3xl font-semibold tabular-nums tracking-tight sm:text-4xl">{l.totalPoints.toLocaleString('en-GB')}</p>
      </div>
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <BadgeIcon name={l.current.badgeIcon} colour={l.current.badgeColor} />
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">Level {l.current.levelNumber}</p>
            <p className="truncate font-semibold">{l.current.name}</p>
          </div>
        </div>
        <div
          role="progressbar"
          aria-label={l.next ? `Progress to ${l.next.name}` : 'Top level reached'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <TrendingUp className="size-4 shrink-0" aria-hidden />
          {l.next ? (
            <span>
              <span className="font-medium text-foreground tabular-nums">{l.pointsToNext.toLocaleString('en-GB')}</span> points to Level {l.next.levelNumber},{' '}
              {l.next.name} ({percent}% of the way)
            </span>
          ) : (
            <span>You have reached the top level. Congratulations!</span>
          )}
        </p>
      </div>
    </Card>
  );
}
