import { RefreshCw, ServerCrash, TriangleAlert } from 'lucide-react';
import { errorDetail } from '../lib/api.ts';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';

interface LoadErrorProps {
  /** What could not be loaded, as it reads after "Could not load": "leads", "the audit log". */
  what: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/**
 * Something could not be loaded: say what, why, and offer to try again. The large form stands in for a whole list
 * or panel (lead lists, admin panels, the pipeline, application review); `framed` outlines it where the list
 * would be.
 */
export function LoadError({ what, error, onRetry, framed = false, className }: LoadErrorProps & { framed?: boolean }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-10 text-center', framed && 'rounded-lg border border-border py-12', className)}>
      <ServerCrash className="size-8 text-destructive" aria-hidden />
      <p className="mt-3 font-semibold">Could not load {what}</p>
      <p className="mt-1 text-sm text-muted-foreground">{errorDetail(error, 'Please try again.')}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}

/** One block among others could not load (the dashboard's figures, requests, recommendations): a tinted strip. */
export function LoadErrorBanner({ what, error, onRetry, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-start gap-3 rounded-lg border border-destructive/20 bg-destructive-soft p-4 sm:flex-row sm:items-center', className)}
    >
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

/**
 * One sentence, "Could not load {what}: {why}", where a small part of a screen failed. `boxed` sets it in a tinted
 * box with a Try again button (a lead's timeline, the commission summary); otherwise it is a line of red text with
 * an inline Try again when `onRetry` is given (the admin's application summary, the outbox).
 */
export function LoadErrorNotice({ what, error, onRetry, boxed = false, className }: Omit<LoadErrorProps, 'onRetry'> & { onRetry?: () => void; boxed?: boolean }) {
  const sentence = `Could not load ${what}: ${errorDetail(error, 'please try again.')}`;
  if (boxed) {
    return (
      <div role="alert" className={cn('flex gap-3 rounded-lg border border-destructive/20 bg-destructive-soft px-4 py-3 text-sm text-destructive', className)}>
        <span>{sentence}</span>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        )}
      </div>
    );
  }
  return (
    <p role="alert" className={cn('text-sm text-destructive', className)}>
      {sentence}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="cursor-pointer font-medium underline underline-offset-4" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
