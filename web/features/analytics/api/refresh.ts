import type { Refreshes } from '../../../lib/changes.ts';
import { analyticsKeys } from './keys.ts';

/** The programme's figures follow the acts they count: leads, commissions, payouts, events, the community, applications. */
export const analyticsRefreshes = {
  lead: [analyticsKeys.all('referrals'), analyticsKeys.all('funnel'), analyticsKeys.all('events')],
  commission: [analyticsKeys.all('commissions')],
  payouts: [analyticsKeys.all('commissions')],
  event: [analyticsKeys.all('events')],
  registration: [analyticsKeys.all('events')],
  post: [analyticsKeys.all('community')],
  connection: [analyticsKeys.all('community')],
  endorsement: [analyticsKeys.all('community')],
  application: [analyticsKeys.all('applications')],
} satisfies Refreshes;
