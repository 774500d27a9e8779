import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';

/**
 * A secret the server shows this once (a new API token, a webhook's signing secret): a warning that it will not be
 * shown again, the secret selectable in full, a copy button, and Done. A click outside does not close it, so the
 * secret is not lost by accident; closing drops it from the page.
 */
export function SecretOnceDialog({
  secret,
  title,
  description,
  warning,
  label,
  noun,
  copiedTitle,
  testId,
  onClose,
  children,
}: {
  /** The secret; null while the dialog is closed. */
  secret: string | null;
  title: string;
  description: ReactNode;
  warning: string;
  /** What the secret is, above it (read out as the name of the group holding it). */
  label: ReactNode;
  /** The thing copied, in "Copy token", "Token copied" and "select the token". */
  noun: string;
  /** The toast once copied, when the noun alone would say too little (default: "Token copied"). */
  copiedTitle?: string;
  testId: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (secret == null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast({ variant: 'success', title: copiedTitle ?? `${noun[0].toUpperCase()}${noun.slice(1)} copied` });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: `Please select the ${noun} and copy it by hand.` });
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret != null} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-w-lg" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {secret != null && (
          <div className="grid gap-4">
            <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-warning">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{warning}</span>
            </p>
            <div className="grid gap-2">
              <p id={`${id}-label`} className="text-sm font-medium">
                {label}
              </p>
              <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2 sm:flex-row">
                <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded-lg border border-border bg-muted/50 px-3 py-2 font-mono text-sm">
                  {secret}
                </code>
                <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : `Copy ${noun}`}
                </Button>
              </div>
            </div>
            {children}
          </div>
        )}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
