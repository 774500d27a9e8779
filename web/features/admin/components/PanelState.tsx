import { Inbox, RefreshCw, ServerCrash, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetail } from '../../../lib/api.ts';

/** A panel's list could not load: say what, why, and offer to try again. */
export function PanelError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-10 text-center">
      <ServerCrash className="size-8 text-destructive" aria-hidden />
      <p className="mt-3 font-semibold">Could not load {what}</p>
      <p className="mt-1 text-sm text-muted-foreground">{errorDetail(error, 'Please try again.')}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}

/** Nothing to show (yet), said calmly. */
export function PanelEmpty({ title, text, icon: Icon = Inbox, children }: { title: string; text?: string; icon?: LucideIcon; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="mt-4 font-semibold">{title}</p>
      {text && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p>}
      {children}
    </div>
  );
}
