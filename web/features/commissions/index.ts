/*
 * The Commission Tracker's public entry: the only module other features may import from it. The router loads
 * the page from pages/ itself, so the tracker stays a chunk of its own; nothing here may import a page.
 */

/** A closed or removed lead, or a payout, changes the tracker's figures: others refresh them by these keys. */
export { commissionKeys } from './api/keys.ts';
/** How a commission row says what it was earned on (approved time, a correction, an estimate that gave way). */
export { earnedOn } from './lib/earned-on.ts';
