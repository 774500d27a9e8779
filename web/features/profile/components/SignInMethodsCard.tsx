import { CircleCheck, Info, KeyRound, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail, navigateWithConfirmation } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useSite } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnlinkProvider } from '../api/security.ts';

const PROVIDERS = [
  { id: 'google', name: 'Google', linked: 'googleLinked' },
  { id: 'apple', name: 'Apple', linked: 'appleLinked' },
] as const;

/** What the server says when it sends the browser back here after a linking attempt. */
const NOTICES: Record<string, string> = {
  'link-taken': 'That account is already linked to another member, so it was not linked to yours.',
  'link-conflict': 'Your account is already linked to a different account of that provider.',
  'link-failed': 'We could not link that account. Please make sure you are still signed in and try again.',
  'google-disabled': 'Sign-in with Google has not been set up for this site.',
  'apple-disabled': 'Sign-in with Apple has not been set up for this site.',
  'reauth-failed': 'We could not confirm it is you: sign in with the Google or Apple account already linked to yours, then try again.',
};

/** What the server says when a confirmation through Google or Apple has succeeded. */
const CONFIRMED = 'identity-confirmed';

/**
 * Profile Settings → Sign-in methods: whether Google and Apple sign in to this account, a Link button for each
 * provider the site offers, and Unlink (after a confirmation) for a linked one. Linking starts the provider's flow
 * while signed in, so only the owner of the password can add a way in; the server refuses to unlink the last way in.
 */
export function SignInMethodsCard() {
  const { data: user } = useCurrentUser();
  const site = useSite();
  const [params] = useSearchParams();
  const unlink = useUnlinkProvider();
  const [confirming, setConfirming] = useState<(typeof PROVIDERS)[number] | null>(null);
  const doUnlink = (p: (typeof PROVIDERS)[number]) =>
    unlink.mutate(p.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ variant: 'success', title: `${p.name} unlinked`, description: `${p.name} no longer signs in to your account.` });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: `Could not unlink ${p.name}`, description: errorDetail(err, 'Please try again.') });
      },
    });
  const linked = PROVIDERS.find((p) => p.id === params.get('linked'));
  const notice = NOTICES[params.get('notice') ?? ''];
  const confirmed = params.get('notice') === CONFIRMED;
  const startLink = (p: (typeof PROVIDERS)[number]) =>
    navigateWithConfirmation(`/api/auth/${p.id}?link=1`).catch((err: unknown) =>
      toast({ variant: 'destructive', title: `Could not link ${p.name}`, description: errorDetail(err, 'Please try again.') }),
    );
  if (!user) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4" aria-hidden /> Sign-in methods
        </CardTitle>
        <CardDescription>Link Google or Apple to sign in to this account without your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {linked && (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck className="size-4" aria-hidden /> {linked.name} is now linked to your account.
          </p>
        )}
        {confirmed && (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck className="size-4" aria-hidden /> Thank you, it is confirmed. For the next five minutes you can make changes that protect your account.
          </p>
        )}
        {notice && (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <Info className="size-4 shrink-0" aria-hidden /> {notice}
          </p>
        )}
        <ul className="grid gap-2">
          {PROVIDERS.map((p) => {
            const isLinked = user[p.linked];
            const offered = site.signIn[p.id];
            return (
              <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2.5">
                <span className="text-sm font-medium">{p.name}</span>
                {isLinked ? (
                  <span className="flex items-center gap-2">
                    <Badge variant="success">Linked</Badge>
                    <Button variant="outline" size="sm" onClick={() => setConfirming(p)} disabled={unlink.isPending}>
                      <Unlink aria-hidden /> Unlink
                    </Button>
                  </span>
                ) : offered ? (
                  <Button variant="outline" size="sm" onClick={() => void startLink(p)}>
                    <Link2 aria-hidden /> Link {p.name}
                  </Button>
                ) : (
                  <Badge variant="secondary">Not available</Badge>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={`Unlink ${confirming?.name ?? ''}?`}
        description={`You will no longer be able to sign in with ${confirming?.name ?? 'it'}. You can link it again at any time.`}
        confirm={unlink.isPending ? <Spinner className="size-4" label="Unlinking" /> : 'Unlink'}
        destructive
        pending={unlink.isPending}
        onConfirm={() => confirming && doUnlink(confirming)}
      />
    </Card>
  );
}
