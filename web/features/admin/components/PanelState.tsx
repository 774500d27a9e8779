import { LoadError } from '../../../components/load-error.tsx';
import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A panel's list could not load: say what, why, and offer to try again. */
export function PanelError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return <LoadError what={what} error={error} onRetry={onRetry} />;
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
