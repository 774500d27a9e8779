import type { DomainEventSchemas } from './types.ts';

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const mentoringEvents = {} satisfies DomainEventSchemas;
