import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../common/schemas/webhooks.ts';
import { describeWebhookType, WEBHOOK_TEST_TYPE, webhookPayloadSchemas } from '../../../common/webhooks/index.ts';

/** The three Standard Webhooks headers every delivery carries, as the OpenAPI document describes them. */
const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The delivery’s id (`msg_…`), the same on every retry: de-duplicate on it.' },
  { name: 'webhook-timestamp', description: 'Seconds since 1970 when this attempt was sent: refuse more than 5 minutes’ difference.' },
  {
    name: 'webhook-signature',
    description: '`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint’s secret; two, space-separated, for a day after a rotation.',
  },
].map((h) => ({ in: 'header', required: true, schema: { type: 'string' }, ...h }));

const TYPES: (WebhookEventType | typeof WEBHOOK_TEST_TYPE)[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE];

/**
 * The OpenAPI `webhooks` section: for each event type, the POST a registered receiver gets, with its body's schema
 * (from `common/webhooks/`) and the signature headers. A 2xx answer delivers it; anything else is retried.
 */
export function webhookOpenApi(): Record<string, unknown> {
  return Object.fromEntries(
    TYPES.map((type) => [
      type,
      {
        post: {
          summary: describeWebhookType(type),
          operationId: `webhook_${type.replace(/\./g, '_')}`,
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(webhookPayloadSchemas[type], { io: 'input', unrepresentable: 'any' }) } },
          },
          responses: { '2XX': { description: 'Received. Any other answer, a redirect included, is retried for about a day.' } },
        },
      },
    ]),
  );
}
