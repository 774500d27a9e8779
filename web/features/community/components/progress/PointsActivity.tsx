import { History, Info, Star } from 'lucide-react';
import type { Points } from '../../../../../common/schemas/gamification.ts';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { cn } from '../../../../lib/utils.ts';
import { formatPoints, pointRuleList, ruleOf, TRANSACTIONS_SHOWN } from '../../lib/progress.ts';

type PointsQuery = { data: Points | undefined; isError: boolean; error: unknown; refetch: () => unknown };

const RULES = pointRuleList();

/** The first ten point transactions, newest first, each with what earned (or took back) the points. */
export function PointsActivity({ points }: { points: PointsQuery }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden /> Points Activity
        </CardTitle>
        <CardDescription>Your latest {TRANSACTIONS_SHOWN} point transactions.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={points}
          what="your points activity"
          framed
          error={(retry) => <LoadErrorNotice boxed what="your points activity" error={points.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={5} rowClassName="h-11 w-full" label="Loading your points activity" />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={Star} title="No points yet" text="Submit a lead, post in the feed or connect with a member to earn your first points." />}
        >
          {(d) => (
            <ul className="divide-y divide-border">
              {d.items.slice(0, TRANSACTIONS_SHOWN).map((t) => {
                const known = ruleOf(t.activityType);
                return (
                  <li key={t.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{t.reason || known?.rule.label || 'Points'}</p>
                      <p className="text-xs tabular-nums text-muted-foreground">
                        {known && t.reason !== known.rule.label && <>{known.reversal ? `${known.rule.label} taken back` : known.rule.label} · </>}
                        {formatDateTime(t.createdAt)}
                      </p>
                    </div>
                    <span
                      className={cn(
                        'shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums',
                        t.points > 0 ? 'bg-success-soft text-success' : t.points < 0 ? 'bg-destructive-soft text-destructive' : 'bg-muted text-muted-foreground',
                      )}
                    >
                      {formatPoints(t.points)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** How points are earned: the one table of point rules, as the server awards them. */
export function PointRules() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Info className="size-5 text-muted-foreground" aria-hidden /> How points are earned
        </CardTitle>
        <CardDescription>Business outcomes earn the most; each thing earns its points once.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {RULES.map(({ activity, rule }) => (
            <li key={activity} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{rule.label}</p>
                <p className="text-xs text-muted-foreground">{rule.explanation}</p>
              </div>
              <p className="shrink-0 text-sm font-semibold tabular-nums">{rule.points > 0 ? `+${rule.points}` : 'Varies'}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
