import type { CreatedApiToken } from '../../../../common/schemas/api-tokens.ts';
import { SecretOnceDialog } from '../../../components/secret-once-dialog.tsx';

/**
 * The new token's secret, shown this once: copy it now, because the server keeps only its hash and it will not be
 * shown again. Closing the dialog drops it from the page.
 */
export function TokenSecretDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <SecretOnceDialog
      secret={token?.token ?? null}
      title="Copy your new token"
      description={token ? `“${token.name}” is ready. Use it as a bearer token in the Authorization header of each request.` : ''}
      warning="This is the only time the token is shown. Copy it now and keep it somewhere safe: it will not be shown again."
      label="Your new token"
      noun="token"
      testId="token-secret"
      onClose={onClose}
    />
  );
}
