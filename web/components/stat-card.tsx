import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils.ts';
import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** One figure of a row of stat cards. */
export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
  note: string;
  icon: LucideIcon;
  /** Background and text colour of the icon's tile, e.g. 'bg-success-soft text-success'. */
  tone?: string;
}

/** The two sizes in use: `lg` for the dashboard's headline tiles, `md` for the figures above a tracker or board. */
const SIZES = {
  md: { card: 'gap-2', value: 'text-xl sm:text-2xl', skeleton: 'h-7 w-24', note: 'leading-snug' },
  lg: { card: 'gap-3', value: 'text-2xl sm:text-[28px]', skeleton: 'h-8 w-20', note: '' },
} as const;

/**
 * A labelled figure in a card: label and icon on top, the value (a grey bar while `loading`), a short note under
 * it. Used for the dashboard's performance tiles, the commission summary and the pipeline metrics.
 */
function StatCard({ stat, loading, size = 'md' }: { stat: Stat; loading: boolean; size?: keyof typeof SIZES }) {
  const { label, value, note, icon: Icon, tone = 'bg-primary-soft text-primary' } = stat;
  const s = SIZES[size];
  return (
    <Card className={cn('flex h-full flex-col p-4 sm:p-5', s.card)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
        <span className={cn('hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      {loading ? <Skeleton className={s.skeleton} /> : <p className={cn('font-semibold tabular-nums tracking-tight', s.value)}>{value}</p>}
      <p className={cn('text-xs text-muted-foreground', s.note)}>{note}</p>
    </Card>
  );
}

/** A row of stat cards: two across on phones, four from large screens up; `label` names the list. */
export function StatGrid({
  stats,
  loading,
  label,
  size = 'md',
  busy,
}: {
  stats: readonly Stat[];
  loading: boolean;
  label?: string;
  size?: keyof typeof SIZES;
  busy?: boolean;
}) {
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <li key={stat.key}>
          <StatCard stat={stat} loading={loading} size={size} />
        </li>
      ))}
    </ul>
  );
}
