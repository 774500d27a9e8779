import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { queryView, type QueryLike } from '../lib/query-view.ts';
import { cn } from '../lib/utils.ts';
import { LoadError } from './load-error.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/**
 * A query's four states in one place, by the rule of `queryView`: `loading` until there is an answer, the error
 * (by default the large LoadError for `what`, with a retry) when there is none, `empty` when `isEmpty` says the
 * answer holds nothing, otherwise `children` with the answer.
 */
export function QueryState<T>({
  query,
  what,
  loading,
  empty = null,
  isEmpty,
  error,
  framed = false,
  children,
}: {
  query: QueryLike<T> & { error: unknown; refetch: () => unknown };
  /** What the list holds, as it reads after "Could not load". */
  what: string;
  loading: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Another way to show the failure than the large LoadError (e.g. a banner among other blocks). */
  error?: (retry: () => void) => ReactNode;
  /** Outline the error and empty states where the list would be. */
  framed?: boolean;
  children: (data: T) => ReactNode;
}) {
  const retry = () => void query.refetch();
  switch (queryView(query, isEmpty)) {
    case 'loading':
      return <>{loading}</>;
    case 'error':
      return <>{error ? error(retry) : <LoadError what={what} error={query.error} onRetry={retry} framed={framed} />}</>;
    case 'empty':
      return <>{empty}</>;
    default:
      return <>{children(query.data as T)}</>;
  }
}

/**
 * Nothing to show (yet), said calmly: an icon in a circle, a title, an optional line and an optional action.
 * `framed` outlines it with a dashed border where the list would be.
 */
export function EmptyState({
  title,
  text,
  icon: Icon = Inbox,
  action,
  framed = false,
  className,
  titleClassName,
}: {
  title: string;
  text?: string;
  icon?: LucideIcon;
  action?: ReactNode;
  framed?: boolean;
  className?: string;
  titleClassName?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', framed && 'rounded-lg border border-dashed border-border', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className={cn('mt-4 max-w-sm font-semibold', titleClassName)}>{title}</p>
      {text && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/**
 * Grey bars standing in for rows while a list loads. With `label` the block is a status that tells assistive
 * technology what is loading (a name needs a role); without, it is hidden from it (the panel around it already
 * says it is busy).
 */
export function SkeletonRows({ count, rowClassName, className, label }: { count: number; rowClassName: string; className?: string; label?: string }) {
  const a11y = label ? { role: 'status', 'aria-busy': true, 'aria-label': label } : { 'aria-hidden': true };
  return (
    <div className={cn('grid gap-2', className)} {...a11y}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
