import type { z } from 'zod';
import { accountsEvents } from './accounts.ts';
import { applicationsEvents } from './applications.ts';
import { leadsEvents } from './leads.ts';
import { commissionsEvents } from './commissions.ts';
import { communityEvents } from './community.ts';
import { eventsEvents } from './events.ts';
import { mentoringEvents } from './mentoring.ts';
import { chatEvents } from './chat.ts';
import { timesheetsEvents } from './timesheets.ts';
import { payoutsEvents } from './payouts.ts';

/**
 * Every domain event type the product records, gathered from the features (each adds its own in
 * `common/events/<feature>.ts`). The recorder refuses a type without a schema here, and integrations publish
 * these schemas as the payloads they send.
 */
export const domainEventSchemas = {
  ...accountsEvents,
  ...applicationsEvents,
  ...leadsEvents,
  ...commissionsEvents,
  ...communityEvents,
  ...eventsEvents,
  ...mentoringEvents,
  ...chatEvents,
  ...timesheetsEvents,
  ...payoutsEvents,
};

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]['schema']>;
