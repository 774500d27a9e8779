import { z } from 'zod';
import type { DomainEventSchemas } from './types.ts';

/** A money amount as the wire writes it: pounds, a decimal string. */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The facts payout runs record, one schema per event type (see `common/events/index.ts`). */
export const payoutsEvents = {
  'payout_run.approved': {
    entityType: 'payout_run',
    describe: 'A second administrator approved a payout run: its lines and their payout details are frozen',
    schema: z.object({
      runId: z.uuid(),
      /** "CP0007" */
      reference: z.string(),
      periodEnd: day,
      total: money,
      payableCount: z.number().int().min(0),
    }),
  },
  'payout_run.paid': {
    entityType: 'payout_run',
    describe: 'An administrator marked a payout run paid: its payable lines are paid, the failed ones released',
    schema: z.object({
      runId: z.uuid(),
      reference: z.string(),
      valueDate: day,
      total: money,
      paidCount: z.number().int().min(0),
      failedCount: z.number().int().min(0),
    }),
  },
  'payout.paid': {
    entityType: 'payout_line',
    describe: 'A payout run paid one partner: their commissions in it are paid at the value date',
    schema: z.object({
      lineId: z.uuid(),
      runId: z.uuid(),
      partnerId: z.uuid(),
      /** "CP0007-0042", the payment reference on the partner's statement. */
      reference: z.string(),
      amount: money,
      commissionCount: z.number().int().min(0),
      valueDate: day,
    }),
  },
} satisfies DomainEventSchemas;
