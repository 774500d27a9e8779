import { z } from 'zod';
import { COMMISSION_KINDS } from '../constants/leads.ts';
import type { DomainEventSchemas } from './types.ts';

/** A money amount as the wire writes it: pounds, a decimal string. */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const commissionsEvents = {
  'commission.created': {
    entityType: 'commission',
    describe: 'A commission was written for a partner: on a won lead, on approved time, or as a correction of time',
    schema: z.object({
      commissionId: z.uuid(),
      partnerId: z.uuid(),
      leadId: z.uuid(),
      kind: z.enum(COMMISSION_KINDS),
      amount: money,
      basis: money,
      rate: z.string(),
      /** The London calendar month whose tiers it counts in, as its first day. */
      month: z.string().regex(/^\d{4}-\d{2}-01$/),
      timesheetId: z.uuid().nullable(),
    }),
  },
  'commission.paid': {
    entityType: 'commission',
    describe: 'An administrator marked a pending commission paid',
    schema: z.object({ commissionId: z.uuid(), partnerId: z.uuid(), leadId: z.uuid(), amount: money, paidAt: z.iso.datetime() }),
  },
} satisfies DomainEventSchemas;
