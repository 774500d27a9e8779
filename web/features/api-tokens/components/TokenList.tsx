import { Ban } from 'lucide-react';
import { API_TOKEN_SCOPES, type ApiToken } from '../../../../common/schemas/api-tokens.ts';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { tokenState, type TokenState } from '../lib/scopes.ts';

const STATE_BADGES: Record<TokenState, { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'warning' },
  revoked: { label: 'Revoked', variant: 'destructive' },
};

/** The token's name, the last four characters of its secret (to recognise it by) and whether it still works. */
function TokenName({ token }: { token: ApiToken }) {
  const badge = STATE_BADGES[tokenState(token)];
  return (
    <span className="grid gap-1">
      <span className="break-words font-medium">{token.name}</span>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs text-muted-foreground">
          <span className="sr-only">ending in </span>…{token.hint}
        </span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </span>
    </span>
  );
}

function Scopes({ token }: { token: ApiToken }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {API_TOKEN_SCOPES.filter((s) => token.scopes.includes(s)).map((s) => (
        <li key={s}>
          <Badge variant="outline" className="font-mono">
            {s}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Two lines: what matters first, its detail under it in quieter type. */
function TwoLines({ main, detail }: { main: string; detail?: string | null }) {
  return (
    <span className="grid gap-0.5">
      <span>{main}</span>
      {detail && <span className="break-words text-xs text-muted-foreground">{detail}</span>}
    </span>
  );
}

const Created = ({ token: t }: { token: ApiToken }) => <TwoLines main={formatDate(t.createdAt)} detail={t.createdBy ? `by ${t.createdBy.name}` : null} />;
const expires = (t: ApiToken) => (t.expiresAt ? formatDate(t.expiresAt) : 'Never');
const LastUsed = ({ token: t }: { token: ApiToken }) =>
  t.lastUsedAt ? <TwoLines main={formatDateTime(t.lastUsedAt)} detail={t.lastUsedIp ? `from ${t.lastUsedIp}` : null} /> : <>Never used</>;

/** While it works, the Revoke button; a revoked token says when it was revoked. */
function Action({ token, onRevoke, busy }: { token: ApiToken; onRevoke: (t: ApiToken) => void; busy: boolean }) {
  if (token.revokedAt) return <span className="text-xs text-muted-foreground">Revoked {formatDate(token.revokedAt)}</span>;
  return (
    <Button variant="outline" size="sm" onClick={() => onRevoke(token)} disabled={busy} aria-label={`Revoke ${token.name}`}>
      <Ban aria-hidden /> Revoke
    </Button>
  );
}

/**
 * The tokens: a table on wide screens, cards on phones. Each shows its name and hint, scopes, who made it and when,
 * its expiry, its last use (time and address) and whether it still works; a working token can be revoked.
 */
export function TokenList({ tokens, caption, onRevoke, busy }: { tokens: readonly ApiToken[]; caption: string; onRevoke: (t: ApiToken) => void; busy: boolean }) {
  const faded = (t: ApiToken) => (tokenState(t) === 'active' ? undefined : 'text-muted-foreground');
  return (
    <ResponsiveTable
      rows={tokens}
      rowKey={(t) => t.id}
      caption={caption}
      tableFrom="xl"
      rowClassName={(t) => cn('align-top', faded(t))}
      columns={[
        { key: 'name', header: 'Token', cell: (t) => <TokenName token={t} />, className: 'min-w-44' },
        { key: 'scopes', header: 'Scopes', cell: (t) => <Scopes token={t} />, className: 'min-w-60' },
        { key: 'created', header: 'Created', cell: (t) => <Created token={t} /> },
        { key: 'expires', header: 'Expires', cell: expires, className: 'whitespace-nowrap' },
        { key: 'used', header: 'Last used', cell: (t) => <LastUsed token={t} />, className: 'whitespace-nowrap' },
        { key: 'action', header: <span className="sr-only">Actions</span>, cell: (t) => <Action token={t} onRevoke={onRevoke} busy={busy} />, className: 'text-right' },
      ]}
      card={(t) => (
        <div className={cn('grid gap-3', faded(t))}>
          <TokenName token={t} />
          <Scopes token={t} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Created</dt>
            <dd className="min-w-0 break-words">
              {formatDate(t.createdAt)}
              {t.createdBy ? ` by ${t.createdBy.name}` : ''}
            </dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>{expires(t)}</dd>
            <dt className="text-muted-foreground">Last used</dt>
            <dd className="min-w-0 break-words">{t.lastUsedAt ? `${formatDateTime(t.lastUsedAt)}${t.lastUsedIp ? ` from ${t.lastUsedIp}` : ''}` : 'Never used'}</dd>
            {t.revokedAt && (
              <>
                <dt className="text-muted-foreground">Revoked</dt>
                <dd>{formatDateTime(t.revokedAt)}</dd>
              </>
            )}
          </dl>
          {tokenState(t) !== 'revoked' && (
            <div>
              <Button variant="outline" size="sm" onClick={() => onRevoke(t)} disabled={busy} aria-label={`Revoke ${t.name}`}>
                <Ban aria-hidden /> Revoke
              </Button>
            </div>
          )}
        </div>
      )}
    />
  );
}
