import { ApiTokensCard } from './ApiTokensCard.tsx';
import { ImportsCard } from './ImportsCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/**
 * Admin Panel → Integrations: what connects the programme to the organisation's other systems — the organisation's
 * API tokens, webhook endpoints and CSV imports — each in its own card, loaded when the tab is open.
 */
export function IntegrationsPanel({ active }: { active: boolean }) {
  return (
    <div className="space-y-6">
      {active && <ApiTokensCard />}
      {active && <WebhooksCard />}
      {active && <ImportsCard />}
    </div>
  );
}
