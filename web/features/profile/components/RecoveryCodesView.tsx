import { Copy, Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useSite } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * The recovery codes, shown once: copy them, download them as a text file, and confirm they are saved before the
 * dialog can close.
 */
export function RecoveryCodesView({ codes, saved, onSavedChange }: { codes: string[]; saved: boolean; onSavedChange: (v: boolean) => void }) {
  const { brandName } = useSite();
  const checkId = useId();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ variant: 'success', title: 'Recovery codes copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Please select the codes and copy them by hand.' });
    }
  };
  const download = () => {
    const body = `${brandName} recovery codes\n\nEach code signs you in once if you cannot use your authenticator app.\nKeep them somewhere safe.\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: save them somewhere safe, such as a
        password manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-border bg-muted/50 p-4 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden /> Download .txt
        </Button>
      </div>
      <div className="flex items-center gap-2.5">
        <Checkbox id={checkId} checked={saved} onCheckedChange={(v) => onSavedChange(v === true)} />
        <Label htmlFor={checkId} className="cursor-pointer">
          I have saved my recovery codes
        </Label>
      </div>
    </div>
  );
}
