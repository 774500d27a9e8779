/*
 * Timesheets' public entry: the only module other features may import from it. The router loads the page from
 * pages/ itself, so the screen stays a chunk of its own; nothing here may import a page.
 */

/** A sheet's decision changes commissions, a placement the lead it is on: others refresh by these keys. */
export { timesheetKeys } from './api/keys.ts';
