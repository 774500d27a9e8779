import { Activity, Link2, MessageSquare, Send, Users, type LucideIcon } from 'lucide-react';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNetworkStats } from '../api/leaderboard.ts';

const FIGURES: { key: 'members' | 'connections' | 'posts' | 'leadsThisMonth'; label: string; icon: LucideIcon }[] = [
  { key: 'members', label: 'Members', icon: Users },
  { key: 'connections', label: 'Connections', icon: Link2 },
  { key: 'posts', label: 'Community posts', icon: MessageSquare },
  { key: 'leadsThisMonth', label: 'Leads this month', icon: Send },
];

/** The network at a glance: four counts in a two-by-two grid. */
export function NetworkStatsCard() {
  const stats = useNetworkStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-muted-foreground" aria-hidden /> Network Stats
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isError && !stats.data ? (
          <LoadErrorNotice boxed what="the network stats" error={stats.error} onRetry={() => void stats.refetch()} className="flex-col items-start" />
        ) : (
          <dl className="grid grid-cols-2 gap-3" aria-busy={stats.isLoading || undefined}>
            {FIGURES.map(({ key, label, icon: Icon }) => (
              <div key={key} className="rounded-lg bg-muted/60 p-3">
                <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Icon className="size-3.5" aria-hidden /> {label}
                </dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">{stats.data ? stats.data[key].toLocaleString('en-GB') : <Skeleton className="h-7 w-12" />}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
