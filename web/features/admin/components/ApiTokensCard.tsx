import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TokenManager } from '../../api-tokens/index.ts';

/**
 * Admin Panel → Integrations → API tokens: the organisation's tokens, with any scope. Each acts as the administrator
 * who made it and stops working if they stop being one.
 */
export function ApiTokensCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4" aria-hidden /> API tokens
        </CardTitle>
        <CardDescription>
          Tokens for the organisation’s other systems to use the API. Each acts as the administrator who made it, with only the scopes it was given.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TokenManager kind="organisation" />
      </CardContent>
    </Card>
  );
}
