import { Award, Lock, Sparkles, Star } from 'lucide-react';
import type { UserAchievement, UserAchievements } from '../../../../../common/schemas/gamification.ts';
import { BadgeIcon } from '../../../../components/badge-icon.tsx';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { cn } from '../../../../lib/utils.ts';
import { useMarkAchievementsSeen } from '../../api/progress.ts';
import { achievementProgress } from '../../lib/progress.ts';
import { useCelebration } from '../../lib/use-celebration.ts';

type AchievementsQuery = { data: UserAchievements | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/** Sparkles around a newly earned achievement while it is celebrated (decorative). */
function Sparkle() {
  return (
    <span aria-hidden className="pointer-events-none absolute inset-0">
      <span className="absolute inset-0 animate-pulse rounded-lg ring-2 ring-inset ring-gold" />
      <Sparkles className="absolute right-2 top-2 size-4 animate-ping text-gold-deep" />
      <Sparkles className="absolute bottom-2 left-2 size-3.5 animate-ping text-gold-deep [animation-delay:300ms]" />
      <Star className="absolute right-12 top-1.5 size-3 animate-ping fill-gold text-gold-deep [animation-delay:600ms]" />
    </span>
  );
}

function AchievementItem({ a, celebrating }: { a: UserAchievement; celebrating: boolean }) {
  const earned = !!a.unlockedAt;
  const percent = achievementProgress(a);
  return (
    <li
      data-celebrating={celebrating ? 'true' : undefined}
      className={cn(
        'relative flex items-start gap-3 overflow-hidden rounded-lg border border-border p-3',
        earned ? 'bg-card' : 'bg-muted/30',
        celebrating && 'border-gold-deep/40 bg-gold-soft/50',
      )}
    >
      {celebrating && <Sparkle />}
      <BadgeIcon name={a.iconName} colour={a.iconColor} muted={!earned} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium leading-tight">{a.name}</span>
          {celebrating && (
            <Badge variant="gold">
              <Sparkles aria-hidden /> New
            </Badge>
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{a.description}</p>
        {earned ? (
          <p className="mt-1.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1 font-medium text-foreground">
              <Star className="size-3.5 text-gold-deep" aria-hidden /> +{a.pointsReward.toLocaleString('en-GB')} points
            </span>
            <span className="tabular-nums">Earned {formatDate(a.unlockedAt)}</span>
          </p>
        ) : (
          <div className="mt-2 grid gap-1">
            <div
              role="progressbar"
              aria-label={`Progress toward ${a.name}`}
              aria-valuemin={0}
              aria-valuemax={a.requirement}
              aria-valuenow={Math.min(a.progress, a.requirement)}
              aria-valuetext={`${a.progress} of ${a.requirement}`}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary/70" style={{ width: `${percent}%` }} />
            </div>
            <p className="flex justify-between gap-2 text-xs text-muted-foreground tabular-nums">
              <span>
                {a.progress.toLocaleString('en-GB')} of {a.requirement.toLocaleString('en-GB')}
              </span>
              <span>+{a.pointsReward.toLocaleString('en-GB')} points</span>
            </p>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Achievements earned (newest first) and locked (closest first, with progress). A newly earned one sparkles for
 * three seconds the first time it is shown, then the server is told it has been seen.
 */
export function AchievementsProgress({ achievements }: { achievements: AchievementsQuery }) {
  const markSeen = useMarkAchievementsSeen();
  const fresh = achievements.data?.earned.filter((a) => a.isNew).map((a) => a.achievementId) ?? [];
  const isCelebrating = useCelebration(fresh, () => markSeen.mutate());
  const earnedCount = achievements.data?.earned.length ?? 0;
  const total = earnedCount + (achievements.data?.locked.length ?? 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Award className="size-5 text-muted-foreground" aria-hidden /> Achievements
        </CardTitle>
        <CardDescription>{achievements.data ? `${earnedCount} of ${total} unlocked` : 'Milestones you have reached and the ones ahead.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={achievements}
          what="your achievements"
          framed
          error={(retry) => <LoadErrorNotice boxed what="your achievements" error={achievements.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={4} rowClassName="h-20 w-full" className="sm:grid-cols-2" label="Loading your achievements" />}
          isEmpty={(d) => d.earned.length + d.locked.length === 0}
          empty={<EmptyState framed icon={Award} title="No achievements yet" text="Achievements appear here once they are set up." />}
        >
          {(d) => (
            <div className="grid gap-6">
              <section aria-labelledby="earned-heading">
                <h3 id="earned-heading" className="mb-2 text-sm font-semibold">
                  Earned ({d.earned.length})
                </h3>
                {d.earned.length ? (
                  <ul className="grid gap-3 sm:grid-cols-2">
                    {d.earned.map((a) => (
                      <AchievementItem key={a.achievementId} a={a} celebrating={isCelebrating(a.achievementId)} />
                    ))}
                  </ul>
                ) : (
                  <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
                    None yet: submit a lead, post in the feed or connect with a member to unlock your first.
                  </p>
                )}
              </section>
              {d.locked.length > 0 && (
                <section aria-labelledby="locked-heading">
                  <h3 id="locked-heading" className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
                    <Lock className="size-3.5 text-muted-foreground" aria-hidden /> Still to unlock ({d.locked.length})
                  </h3>
                  <ul className="grid gap-3 sm:grid-cols-2">
                    {d.locked.map((a) => (
                      <AchievementItem key={a.achievementId} a={a} celebrating={false} />
                    ))}
                  </ul>
                </section>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
