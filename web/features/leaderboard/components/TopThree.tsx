import { Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '../../../../common/schemas/gamification.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { podiumOf } from '../lib/board.ts';
import { RankBadge } from './RankBadge.tsx';

/** "Priya Raman" → first and last name for the avatar's initials. */
export function personOf(e: Pick<LeaderboardEntry, 'name' | 'profilePicture'>) {
  const [firstName = '', ...rest] = e.name.trim().split(/\s+/);
  return { firstName, lastName: rest.at(-1) ?? '', profilePicture: e.profilePicture };
}

function PodiumCard({ entry, isMe }: { entry: LeaderboardEntry; isMe: boolean }) {
  const podium = podiumOf(entry.rank);
  return (
    // a row on phones (medal, avatar, name, figures), a standing card from small screens up
    <Card
      className={cn(
        'relative flex h-full items-center gap-3 p-4 sm:flex-col sm:gap-2 sm:p-5 sm:text-center',
        entry.rank === 1 && 'border-gold-deep/40 bg-gold-soft/40',
        isMe && 'ring-2 ring-ring/40',
      )}
    >
      <RankBadge rank={entry.rank} className="shrink-0 sm:absolute sm:left-4 sm:top-4" />
      <UserAvatar person={personOf(entry)} className="size-10 sm:size-14 sm:text-base" />
      <div className="min-w-0 flex-1 sm:max-w-full sm:flex-none">
        <p className="flex min-w-0 items-center gap-1.5 font-semibold sm:justify-center">
          <span className="truncate">{entry.name}</span>
          {isMe && <Badge variant="secondary">You</Badge>}
        </p>
        <p className="truncate text-xs text-muted-foreground">{entry.company ?? podium?.label}</p>
      </div>
      <div className="shrink-0 text-right sm:text-center">
        <p className="text-base font-semibold tabular-nums tracking-tight sm:text-xl">{formatGBP(entry.totalCommission)}</p>
        <p className="text-xs text-muted-foreground">
          <span className="tabular-nums">{entry.successfulReferrals}</span> won of <span className="tabular-nums">{entry.totalReferrals}</span>
          <span className="hidden sm:inline"> referrals</span>
        </p>
      </div>
    </Card>
  );
}

/** The first three entries of the period, on podium cards with their medals. */
export function TopThree({ entries, loading, meId, periodLabel }: { entries: LeaderboardEntry[] | undefined; loading: boolean; meId?: string; periodLabel: string }) {
  const top = entries?.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="top-three-heading">
      <h2 id="top-three-heading" className="mb-3 flex items-center gap-2 text-base font-semibold">
        <Trophy className="size-5 text-gold-deep" aria-hidden /> Top Three · {periodLabel}
      </h2>
      {loading && !entries ? (
        <ul aria-hidden className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Card className="flex flex-col items-center gap-3 p-5">
                <Skeleton className="size-14 rounded-full" />
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-6 w-20" />
              </Card>
            </li>
          ))}
        </ul>
      ) : top.length === 0 ? (
        <Card className="px-6 py-8 text-center text-sm text-muted-foreground">
          No partner has a referral in this period yet: the first closed deal takes the top spot.
        </Card>
      ) : (
        <ol aria-label={`Top three, ${periodLabel.toLowerCase()}`} className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          {top.map((e) => (
            <li key={e.id}>
              <PodiumCard entry={e} isMe={e.id === meId} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
