import { z } from 'zod';
import { COMMISSION_KINDS } from '../constants/leads.ts';
import type { DomainEventSchemas } from './types.ts';

const money = z.string().regex(/^-?\d+\.\d{2}$/);

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
      month: z.string().regex(/^\d{4}-\d{2}$/),
      timesheetId: z.uuid().nullable(),
    }),
  },
  'commission.paid': {
    entityType: 'commission',
    describe: 'An administrator marked a pending commission paid',
    schema: z.object({ commissionId: z.uuid(), partnerId: z.uuid(), leadId: z.uuid(), amount: money, paidAt: z.iso.datetime() }),
  },
} satisfies DomainEventSchemas;
