import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiToken, ApiTokenKind, CreatedApiToken } from '../../../../common/schemas/api-tokens.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useApiTokens, useRevokeApiToken } from '../api/tokens.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { TokenList } from './TokenList.tsx';
import { TokenSecretDialog } from './TokenSecretDialog.tsx';

const WORDS: Record<ApiTokenKind, { caption: string; what: string; empty: string }> = {
  organisation: {
    caption: 'Organisation API tokens',
    what: 'the organisation’s API tokens',
    empty:
      'An organisation token lets another system, such as a CRM or a reporting tool, read or update the programme’s data through the API, with only the scopes you give it.',
  },
  personal: {
    caption: 'Your personal API tokens',
    what: 'your API tokens',
    empty: 'A personal token lets your own tools and scripts read your leads and commissions through the API, as you.',
  },
};

/**
 * One kind of API token end to end: the list (loading, empty, error with retry), "Create token", the new secret
 * shown once, and revoking after a confirmation. Creating and revoking may first ask the person to confirm it is
 * them (the API client's dialog).
 */
export function TokenManager({ kind }: { kind: ApiTokenKind }) {
  const list = useApiTokens(kind);
  const revoke = useRevokeApiToken(kind);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const words = WORDS[kind];

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Token revoked', description: `“${revoking.name}” no longer works.` });
        setRevoking(null);
      },
      onError: (err) => {
        toast({ variant: 'destructive', title: 'Could not revoke the token', description: errorDetail(err, 'Please try again.') });
        setRevoking(null);
      },
    });
  };

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Create token
    </Button>
  );
  return (
    <div className="grid gap-4">
      <QueryState
        query={list}
        what={words.what}
        loading={<SkeletonRows count={2} rowClassName="h-16" label={`Loading ${words.what}`} />}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState framed icon={KeyRound} title="No API tokens yet" text={words.empty} action={createButton} />}
        framed
      >
        {(data) => (
          <>
            <div className="flex justify-end">{createButton}</div>
            <TokenList tokens={data.items} caption={words.caption} onRevoke={setRevoking} busy={revoke.isPending} />
          </>
        )}
      </QueryState>
      <CreateTokenDialog kind={kind} open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <TokenSecretDialog token={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke this token?"
        description={revoking ? `Anything using “${revoking.name}” (…${revoking.hint}) stops working at once. A revoked token cannot be used again.` : ''}
        confirm={revoke.isPending ? <Spinner className="size-4" label="Revoking" /> : 'Revoke token'}
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
