import { z } from 'zod';

/**
 * The events an endpoint may subscribe to: what integrations are told about. Each is written from the domain event
 * of the act, in the act's transaction (see `common/webhooks/index.ts` for the mapping and each payload's schema).
 */
export const WEBHOOK_EVENT_TYPES = [
  'member.applied',
  'member.approved',
  'member.rejected',
  'lead.created',
  'lead.status_changed',
  'lead.deleted',
  'commission.created',
  'commission.paid',
  'payout_run.approved',
  'payout_run.paid',
  'event.registration.created',
  'event.registration.cancelled',
  'timesheet.submitted',
  'timesheet.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a person reads beside each event type when choosing them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'member.applied': 'Someone applied for membership',
  'member.approved': 'A membership application was approved',
  'member.rejected': 'A membership application was rejected',
  'lead.created': 'A partner submitted a lead',
  'lead.status_changed': 'A lead moved to another stage',
  'lead.deleted': 'A lead was deleted',
  'commission.created': 'A commission was earned',
  'commission.paid': 'A commission was paid',
  'payout_run.approved': 'A payout run was approved',
  'payout_run.paid': 'A payout run was marked paid',
  'event.registration.created': 'A member registered for an event',
  'event.registration.cancelled': 'A member cancelled an event registration',
  'timesheet.submitted': 'A timesheet was submitted',
  'timesheet.approved': 'A timesheet was approved',
};

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, 'Choose events from the list.');

/**
 * A receiver's address: https only, no user name or password in it, no fragment, not a private or loopback
 * address written as a number and not `localhost`. (Where a name points is checked again at every delivery.)
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Keep the address to 2,000 characters.')
  .pipe(z.url({ message: 'Enter a full https:// address.' }));

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventTypeSchema)
    .min(1, 'Choose at least one event.')
    .refine((e) => new Set(e).size === e.length, 'Each event once.'),
  description: z.string().trim().max(200, 'Keep the description to 200 characters.').optional().default(''),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** A change to an endpoint: any of its address, events, description, or turning it on or off. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrlSchema,
    events: createWebhookSchema.shape.events,
    description: z.string().trim().max(200, 'Keep the description to 200 characters.'),
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off automatically (a day of failed deliveries), or null. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery has failed, or null when the last one succeeded. */
  failingSince: z.string().nullable(),
  /** Until when the previous secret still signs too (after a rotation), or null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** The answer to creating an endpoint or rotating its secret: the only time the signing secret (`whsec_…`) is shown. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One try at delivering: when, how the receiver answered (or why it could not), how long it took. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** The first 1 KB of the receiver's answer. */
  response: z.string().nullable(),
});

/** One event sent to one endpoint (`id` is the `webhook-id` header, the same on every retry). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
