import { forbidden, type Permission } from './authorize.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Webhooks: the organisation's integrations. Administrators register, change, test and remove endpoints, read their
 * delivery log and replay deliveries; an organisation token may do the same only with the `webhooks:manage` scope
 * (checked by the bearer plugin), and acts as its administrator.
 */

export const WEBHOOK_MESSAGES = {
  onlyAdmin: 'Only an administrator can manage webhooks.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  disabled: 'Turn this endpoint on before sending to it.',
} as const;

/** Who may manage webhook endpoints and their deliveries. */
export function webhookPermission(actor: Actor): Permission {
  return isMember(actor) && isAdmin(actor) ? 'ok' : forbidden(WEBHOOK_MESSAGES.onlyAdmin);
}
