/*
 * The dashboard's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the dashboard stays a chunk of its own; nothing here may import a page.
 */

/** A lead change moves the dashboard's figures: the lead feature refreshes them by these keys. */
export { dashboardKeys } from './api/keys.ts';
