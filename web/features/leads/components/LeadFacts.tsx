import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils.ts';

/** A titled block of the lead's page: an icon, a heading, its content. */
export function LeadSection({
  icon: Icon,
  title,
  actions,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = `lead-page-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={cn('grid content-start gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label and value pairs in a tinted box, two columns from sm up (or one, `single`). */
export function LeadFacts({ items, single = false }: { items: Array<[string, ReactNode]>; single?: boolean }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 rounded-lg border border-border bg-muted/40 p-4', !single && 'sm:grid-cols-2')}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 break-words text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
