import { Medal, Trophy } from 'lucide-react';
import { cn } from '../../../lib/utils.ts';
import { podiumOf } from '../lib/board.ts';

/** A rank: a gold, silver or bronze medal for the top three, the number for everyone else. */
export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  const podium = podiumOf(rank);
  if (!podium) return <span className={cn('inline-flex min-w-8 justify-center text-sm font-semibold tabular-nums text-muted-foreground', className)}>{rank}</span>;
  const Icon = rank === 1 ? Trophy : Medal;
  return (
    <span
      title={podium.label}
      className={cn('inline-flex size-8 items-center justify-center rounded-full border text-xs font-bold [&_svg]:size-4', podium.className, className)}
    >
      <Icon aria-hidden />
      <span className="sr-only">{podium.label}</span>
    </span>
  );
}
