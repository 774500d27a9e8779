import { Check, Layers, Lock } from 'lucide-react';
import { BadgeIcon } from '../../../../components/badge-icon.tsx';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../lib/utils.ts';
import { useLevels } from '../../api/progress.ts';

/** Every level from the first, with the points it needs and its perks; the member's own level is marked. */
export function LevelsList({ currentLevel }: { currentLevel?: number }) {
  const levels = useLevels();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Layers className="size-5 text-muted-foreground" aria-hidden /> Levels
        </CardTitle>
        <CardDescription>Each level unlocks a perk; points decide your level.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={levels}
          what="the levels"
          framed
          error={(retry) => <LoadErrorNotice boxed what="the levels" error={levels.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={5} rowClassName="h-14 w-full" label="Loading the levels" />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={Layers} title="No levels yet" />}
        >
          {(d) => (
            <ol className="grid gap-2">
              {d.items.map((l) => {
                const reached = currentLevel !== undefined && l.levelNumber <= currentLevel;
                const current = l.levelNumber === currentLevel;
                return (
                  <li
                    key={l.levelNumber}
                    aria-current={current ? 'step' : undefined}
                    className={cn('flex items-start gap-3 rounded-lg border border-border p-3', current && 'border-primary/40 bg-primary-soft/60')}
                  >
                    <BadgeIcon name={l.badgeIcon} colour={l.badgeColor} muted={!reached} className="size-9" />
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="font-medium">
                          {l.levelNumber}. {l.name}
                        </span>
                        {current && <Badge>Your level</Badge>}
                      </p>
                      <p className="text-xs text-muted-foreground tabular-nums">{l.pointsRequired.toLocaleString('en-GB')} points</p>
                      {l.perks.length > 0 && (
                        <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Perks of ${l.name}`}>
                          {l.perks.map((p) => (
                            <li key={p}>
                              <Badge variant="outline" className="font-normal">
                                {p}
                              </Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                    {currentLevel !== undefined &&
                      (reached ? (
                        <Check className="size-4 shrink-0 text-success" aria-label="Reached" />
                      ) : (
                        <Lock className="size-4 shrink-0 text-muted-foreground" aria-label="Not reached yet" />
                      ))}
                  </li>
                );
              })}
            </ol>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
