import { accountsData } from './accounts/data.ts';
import { apiTokensData } from './api-tokens/data.ts';
import { applicationsData } from './applications/data.ts';
import { chatData } from './chat/data.ts';
import { commissionsData } from './commissions/data.ts';
import { communityData } from './community/data.ts';
import type { FeatureData } from './data-types.ts';
import { eventsData } from './events/data.ts';
import { leadsData } from './leads/data.ts';
import { mentoringData } from './mentoring/data.ts';
import { payoutsData } from './payouts/data.ts';
import { timesheetsData } from './timesheets/data.ts';
import { webhooksData } from './webhooks/data.ts';

/**
 * Every feature's part of a member's data, in the order the export lists its files and erasure runs its steps.
 * A feature adding a table that names a member declares it in its own `data.ts`; the completeness test lists any
 * column referencing `users.id` that no feature declares.
 */
export const dataRegistry: readonly FeatureData[] = [
  accountsData,
  applicationsData,
  leadsData,
  commissionsData,
  payoutsData,
  communityData,
  eventsData,
  mentoringData,
  chatData,
  timesheetsData,
  apiTokensData,
  webhooksData,
];
