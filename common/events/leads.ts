import { z } from 'zod';
import { LEAD_STATUSES } from '../constants/options.ts';
import type { DomainEventSchemas } from './types.ts';

/** A money amount as the wire writes it: pounds, a decimal string. */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const leadsEvents = {
  'lead.created': {
    entityType: 'lead',
    describe: 'A partner submitted a lead',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), status: z.enum(LEAD_STATUSES), estimatedValue: money, sourceEventId: z.uuid().nullable() }),
  },
  'lead.status_changed': {
    entityType: 'lead',
    describe: 'An administrator moved a lead to another stage of the pipeline',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), fromStatus: z.enum(LEAD_STATUSES), toStatus: z.enum(LEAD_STATUSES) }),
  },
  'lead.updated': {
    entityType: 'lead',
    describe: 'An administrator reviewed a lead without moving its stage (its notes or source event changed)',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), status: z.enum(LEAD_STATUSES), notesChanged: z.boolean() }),
  },
  'lead.edited': {
    entityType: 'lead',
    describe: 'A lead’s details were corrected: by its partner while it was submitted or under review, or by an administrator',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), fields: z.array(z.string()) }),
  },
  'lead.withdrawn': {
    entityType: 'lead',
    describe: 'A partner withdrew their lead: it is closed-lost, with no commission',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), fromStatus: z.enum(LEAD_STATUSES) }),
  },
  'lead.assigned': {
    entityType: 'lead',
    describe: 'An administrator named the administrator who owns a lead (or nobody)',
    schema: z.object({ leadId: z.uuid(), assignedTo: z.uuid().nullable(), previous: z.uuid().nullable() }),
  },
  'lead.comment_created': {
    entityType: 'lead',
    describe: 'A member wrote in a lead’s discussion (an internal note is flagged; its words are never in the event)',
    schema: z.object({ leadId: z.uuid(), commentId: z.uuid(), authorId: z.uuid(), internal: z.boolean() }),
  },
  'lead.deleted': {
    entityType: 'lead',
    describe: 'An administrator deleted a lead with its timeline and commissions',
    schema: z.object({ leadId: z.uuid(), submitterId: z.uuid(), status: z.enum(LEAD_STATUSES) }),
  },
} satisfies DomainEventSchemas;
