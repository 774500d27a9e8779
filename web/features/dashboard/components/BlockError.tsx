import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { cn } from '../../../lib/utils.ts';

/** A block of the dashboard that could not load: what failed, why, and a way to try again. */
export function BlockError({ what, error, onRetry, className }: { what: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3 rounded-lg border border-destructive/20 bg-destructive-soft p-4 sm:flex-row sm:items-center', className)}>
      <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-medium text-destructive">Could not load {what}.</span>{' '}
        <span className="text-muted-foreground">{errorDetail(error, 'Please try again.')}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
