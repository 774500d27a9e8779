import { Award, Star } from 'lucide-react';
import { Link } from 'react-router';
import { BadgeIcon } from '../../../components/badge-icon.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAchievements } from '../api/leaderboard.ts';

/** Every achievement on offer, with its reward and how many members have earned it. */
export function AchievementsSection() {
  const achievements = useAchievements();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Award className="size-5 text-muted-foreground" aria-hidden /> Achievements
        </CardTitle>
        <CardDescription>
          Milestones every partner can unlock. Follow your own progress in{' '}
          <Link to="/community?tab=achievements" className="font-medium text-primary underline-offset-4 hover:underline">
            My Progress
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={achievements}
          what="achievements"
          framed
          error={(retry) => <LoadErrorNotice boxed what="achievements" error={achievements.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={4} rowClassName="h-16 w-full" className="sm:grid-cols-2" label="Loading achievements" />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={Award} title="No achievements yet" text="Achievements appear here once they are set up." />}
        >
          {(d) => (
            <ul className="grid gap-3 sm:grid-cols-2">
              {d.items.map((a) => (
                <li key={a.id} className="flex items-start gap-3 rounded-lg border border-border p-3">
                  <BadgeIcon name={a.iconName} colour={a.iconColor} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium leading-tight">{a.name}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{a.description}</p>
                    <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <span className="inline-flex items-center gap-1 font-medium text-foreground">
                        <Star className="size-3.5 text-gold-deep" aria-hidden /> {a.pointsReward.toLocaleString('en-GB')} points
                      </span>
                      <span>
                        Earned by {a.earnedBy.toLocaleString('en-GB')} {a.earnedBy === 1 ? 'member' : 'members'}
                      </span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
