import type { z } from 'zod';

/**
 * A feature's domain events: for each type, `feature.past_tense_verb` (`lead.created`, `timesheet.approved`), the
 * schema of its data. Data names records by id and carries states, amounts (pence as integers, or the wire's money
 * strings) and instants; never a person's name or contact details.
 */
export type DomainEventSchemas = Record<`${string}.${string}`, { schema: z.ZodType; entityType: string; describe: string }>;
