import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TokenManager } from './TokenManager.tsx';

/** Profile Settings → Security → API tokens: the member's own tokens, which may only read their leads and commissions. */
export function PersonalTokensCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4" aria-hidden /> API tokens
        </CardTitle>
        <CardDescription>Personal tokens let your own tools read your leads and commissions. Revoke one as soon as you stop using it.</CardDescription>
      </CardHeader>
      <CardContent>
        <TokenManager kind="personal" />
      </CardContent>
    </Card>
  );
}
