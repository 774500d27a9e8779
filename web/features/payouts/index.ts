/*
 * Payouts' public entry: the only module other features may import from it. Its screens load on first use, each
 * its own chunk, so the Admin Panel and the Commission Tracker do not carry them until their tab is opened.
 */
import { lazy } from 'react';

/** Admin Panel → Commission Payouts → Payout runs: the runs, drafting, approving, the files and marking paid. */
export const PayoutRunsPanel = lazy(async () => ({ default: (await import('./components/PayoutRunsPanel.tsx')).PayoutRunsPanel }));
/** Commission Tracker → Payouts: the partner's payouts, statements and yearly earnings statements. */
export const PartnerPayoutsPanel = lazy(async () => ({ default: (await import('./components/PartnerPayoutsPanel.tsx')).PartnerPayoutsPanel }));
/** What payout acts refresh, for the features that show payouts' effects. */
export { payoutKeys } from './api/keys.ts';
