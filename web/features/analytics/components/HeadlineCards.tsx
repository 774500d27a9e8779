import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { toPence } from '../../../../common/rules/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatPence } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { useAnalytics } from '../api/analytics.ts';
import { compareToPrevious } from '../lib/compare.ts';

type Q<S extends Parameters<typeof useAnalytics>[0]> = ReturnType<typeof useAnalytics<S>>;

interface Headline {
  key: string;
  label: string;
  /** This period's and the previous period's figure, as numbers (money in pence); undefined while loading. */
  figures?: { current: number; previous: number };
  money?: boolean;
}

const count = (n: number) => n.toLocaleString('en-GB');

/** One headline: the figure, the previous period's beside it, and the change as +/− with its sentence for screen readers. */
function HeadlineCard({ label, figures, money }: Headline): ReactNode {
  const show = (n: number) => (money ? formatPence(n) : count(n));
  const change = figures && compareToPrevious(figures.current, figures.previous);
  const Arrow = change?.direction === 'up' ? ArrowUpRight : change?.direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <Card className="flex h-full flex-col gap-1.5 p-4">
      <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
      {figures && change ? (
        <>
          <p className="text-xl font-semibold tabular-nums tracking-tight sm:text-2xl">{show(figures.current)}</p>
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            <span
              aria-hidden
              className={cn(
                'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold tabular-nums',
                change.direction === 'up' && 'bg-success-soft text-success',
                change.direction === 'down' && 'bg-destructive-soft text-destructive',
                change.direction === 'same' && 'bg-muted text-muted-foreground',
              )}
            >
              <Arrow className="size-3" />
              {change.badge}
            </span>
            <span className="sr-only">{change.sentence}; </span>
            <span className="tabular-nums">previous {show(figures.previous)}</span>
          </p>
        </>
      ) : (
        <>
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-4 w-28" />
        </>
      )}
    </Card>
  );
}

/** The period's headline figures, each against the previous period of the same length. */
export function HeadlineCards({
  referrals,
  commissions,
  applications,
  community,
}: {
  referrals: Q<'referrals'>;
  commissions: Q<'commissions'>;
  applications: Q<'applications'>;
  community: Q<'community'>;
}) {
  const r = referrals.data;
  const c = commissions.data;
  const a = applications.data;
  const m = community.data;
  const headlines: Headline[] = [
    { key: 'referrals', label: 'Referrals', figures: r && { current: r.totals.referrals, previous: r.previous.referrals } },
    { key: 'won', label: 'Deals won', figures: r && { current: r.totals.won, previous: r.previous.won } },
    { key: 'won-value', label: 'Won value', money: true, figures: r && { current: toPence(r.totals.wonValue), previous: toPence(r.previous.wonValue) } },
    { key: 'earned', label: 'Commission earned', money: true, figures: c && { current: toPence(c.totals.earned), previous: toPence(c.previous.earned) } },
    { key: 'applications', label: 'Applications', figures: a && { current: a.totals.received, previous: a.previous.received } },
    { key: 'active', label: 'Weekly active members', figures: m && { current: m.totals.weeklyActiveMembers, previous: m.previous.weeklyActiveMembers } },
  ];
  return (
    <ul aria-label="Headline figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {headlines.map((h) => (
        <li key={h.key}>
          <HeadlineCard {...h} />
        </li>
      ))}
    </ul>
  );
}
