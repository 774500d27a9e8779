import { PartyPopper } from 'lucide-react';
import { BadgeIcon } from '../../../components/badge-icon.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRecognition } from '../api/leaderboard.ts';

/** Recognition: the newest achievements earned across the network. */
export function RecognitionCard() {
  const recent = useRecognition();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PartyPopper className="size-5 text-muted-foreground" aria-hidden /> Recognition
        </CardTitle>
        <CardDescription>Achievements members have just unlocked.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={recent}
          what="recent achievements"
          framed
          error={(retry) => <LoadErrorNotice boxed what="recent achievements" error={recent.error} onRetry={retry} className="flex-col items-start" />}
          loading={<SkeletonRows count={4} rowClassName="h-12 w-full" label="Loading recognition" />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={PartyPopper} title="Nothing to celebrate yet" text="When a member unlocks an achievement, it is celebrated here." />}
        >
          {(d) => (
            <ul className="grid gap-3">
              {d.items.map((r) => (
                <li key={r.id} className="flex items-center gap-3">
                  <BadgeIcon name={r.iconName} colour={r.iconColor} className="size-9" />
                  <p className="min-w-0 flex-1 text-sm">
                    <span className="font-medium">{r.name}</span> <span className="text-muted-foreground">unlocked</span>{' '}
                    <span className="font-medium">{r.achievementName}</span>
                    <span className="block text-xs tabular-nums text-muted-foreground">{formatDate(r.unlockedAt)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
