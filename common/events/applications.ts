import { z } from 'zod';
import { REJECTION_REASONS } from '../constants/options.ts';
import type { DomainEventSchemas } from './types.ts';

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const applicationsEvents = {
  'member.applied': {
    entityType: 'user',
    describe: 'Someone applied to join, with the registration form, through Google or Apple, or imported by an administrator from a CSV file',
    schema: z.object({ userId: z.uuid(), via: z.enum(['form', 'google', 'apple', 'import']) }),
  },
  'member.approved': {
    entityType: 'user',
    describe: 'An administrator approved an application to join; the applicant is now a member',
    schema: z.object({ userId: z.uuid() }),
  },
  'member.rejected': {
    entityType: 'user',
    describe: 'An administrator rejected an application to join, for a reason',
    schema: z.object({ userId: z.uuid(), reason: z.enum(REJECTION_REASONS) }),
  },
} satisfies DomainEventSchemas;
