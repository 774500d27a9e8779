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
    <Card
      className={cn(
        'relative flex h-full flex-col items-center gap-2 p-5 text-center',
        entry.rank === 1 && 'border-gold-deep/40 bg-gold-soft/40',
        isMe && 'ring-2 ring-ring/40',
      )}
    >
      <RankBadge rank={entry.rank} className="absolute left-4 top-4" />
      <UserAvatar person={personOf(entry)} className="size-14 text-base" />
      <div className="min-w-0 max-w-full">
        <p className="truncate font-semibold">
          {entry.name}
          {isMe && (
            <Badge variant="secondary" className="ml-1.5 align-middle">
              You
            </Badge>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">{entry.company ?? podium?.label}</p>
      </div>
      <p className="text-xl font-semibold tabular-nums tracking-tight">{formatGBP(entry.totalCommission)}</p>
      <p className="text-xs text-muted-foreground">
        <span className="tabular-nums">{entry.successfulReferrals}</span> won of <span className="tabular-nums">{entry.totalReferrals}</span> referrals
      </p>
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
