/*
 * The Admin Panel's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the panel stays a chunk of its own; nothing here may import a page.
 */

/** Lead changes show up in the overview, payouts, users and audit log: the lead feature refreshes them by these keys. */
export { adminKeys } from './api/keys.ts';
