import { z } from 'zod';
import { domainEventSchemas, type DomainEventType } from '../events/index.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../schemas/webhooks.ts';

/**
 * What a webhook carries: `{ id, type, timestamp, data }`, where `data` is the data of the domain event the act
 * recorded (`common/events/`), so an integration reads the same fact the product stored. Each subscribable type
 * comes from one domain event; `webhook.test` is sent only by an administrator's "Send test event".
 */

/** The domain event each webhook type is made from (the same name, but for event registrations). */
export const WEBHOOK_SOURCES = {
  'member.applied': 'member.applied',
  'member.approved': 'member.approved',
  'member.rejected': 'member.rejected',
  'lead.created': 'lead.created',
  'lead.status_changed': 'lead.status_changed',
  'lead.deleted': 'lead.deleted',
  'commission.created': 'commission.created',
  'commission.paid': 'commission.paid',
  'payout_run.approved': 'payout_run.approved',
  'payout_run.paid': 'payout_run.paid',
  'event.registration.created': 'event.registered',
  'event.registration.cancelled': 'event.unregistered',
  'timesheet.submitted': 'timesheet.submitted',
  'timesheet.approved': 'timesheet.approved',
} as const satisfies Record<WebhookEventType, DomainEventType>;

const byDomainEvent = new Map<string, WebhookEventType>(Object.entries(WEBHOOK_SOURCES).map(([hook, domain]) => [domain, hook as WebhookEventType]));

/** The webhook type a domain event is published as, or null when integrations are not told of it. */
export function webhookTypeOf(domainEventType: string): WebhookEventType | null {
  return byDomainEvent.get(domainEventType) ?? null;
}

export const WEBHOOK_TEST_TYPE = 'webhook.test';

/** The test event's data: which endpoint asked for it. */
export const webhookTestDataSchema = z.object({ endpointId: z.uuid(), message: z.string() });

/** The envelope every delivery's body has, around its type's data. */
function envelope<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    /** The delivery's id, also sent as `webhook-id`: the same on every retry, so receivers de-duplicate on it. */
    id: z.string().regex(/^msg_[0-9A-Za-z]+$/),
    type: z.literal(type),
    /** When the fact happened (ISO 8601). */
    timestamp: z.iso.datetime({ offset: true }),
    data,
  });
}

const sourceSchema = (type: WebhookEventType) => (domainEventSchemas as Record<string, { schema: z.ZodType }>)[WEBHOOK_SOURCES[type]]!.schema;

/** Each webhook type's body, the test event's included: what receivers may rely on. */
export const webhookPayloadSchemas: Record<WebhookEventType | typeof WEBHOOK_TEST_TYPE, z.ZodType> = {
  ...(Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, envelope(type, sourceSchema(type))])) as unknown as Record<WebhookEventType, z.ZodType>),
  [WEBHOOK_TEST_TYPE]: envelope(WEBHOOK_TEST_TYPE, webhookTestDataSchema),
};

/** What each webhook type says happened (the domain event's own description). */
export function describeWebhookType(type: WebhookEventType | typeof WEBHOOK_TEST_TYPE): string {
  if (type === WEBHOOK_TEST_TYPE) return 'A test event an administrator sent to one endpoint';
  return (domainEventSchemas as Record<string, { describe: string }>)[WEBHOOK_SOURCES[type]]!.describe;
}

export interface WebhookBody {
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
}
