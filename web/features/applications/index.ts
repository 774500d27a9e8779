/*
 * Application review's public entry: the only module other features may import from it. The router loads the
 * review page itself, so nothing here may import a page.
 */

/** The pending list with its checklist, Approve and review dialog (the Admin Panel's Member Applications tab shows it). */
export { PendingApplications } from './components/PendingApplications.tsx';
