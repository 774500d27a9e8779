import { RefreshCw, ServerCrash } from 'lucide-react';
import { errorDetail } from '../lib/api.ts';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';

/** Something could not be loaded: say what, why, and offer to try again (every list and panel uses this). */
export function LoadError({ what, error, onRetry, className }: { what: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-10 text-center', className)}>
      <ServerCrash className="size-8 text-destructive" aria-hidden />
      <p className="mt-3 font-semibold">Could not load {what}</p>
      <p className="mt-1 text-sm text-muted-foreground">{errorDetail(error, 'Please try again.')}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
