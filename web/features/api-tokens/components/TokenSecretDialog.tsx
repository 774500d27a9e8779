import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreatedApiToken } from '../../../../common/schemas/api-tokens.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';

/**
 * The new token's secret, shown this once: copy it now, because the server keeps only its hash and it will not be
 * shown again. Closing the dialog drops it from the page.
 */
export function TokenSecretDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
      toast({ variant: 'success', title: 'Token copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Please select the token and copy it by hand.' });
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={!!token} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-w-lg" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Copy your new token</DialogTitle>
          <DialogDescription>{token ? `“${token.name}” is ready. Use it as a bearer token in the Authorization header of each request.` : ''}</DialogDescription>
        </DialogHeader>
        {token && (
          <div className="grid gap-4">
            <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-warning">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>This is the only time the token is shown. Copy it now and keep it somewhere safe: it will not be shown again.</span>
            </p>
            <div className="grid gap-2">
              <p id={`${id}-label`} className="text-sm font-medium">
                Your new token
              </p>
              <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2 sm:flex-row">
                <code data-testid="token-secret" className="min-w-0 flex-1 select-all break-all rounded-lg border border-border bg-muted/50 px-3 py-2 font-mono text-sm">
                  {token.token}
                </code>
                <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy token'}
                </Button>
              </div>
            </div>
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
