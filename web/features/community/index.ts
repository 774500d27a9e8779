/*
 * The Community Hub's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the hub stays a chunk of its own; nothing here may import a page.
 */

/** A lead change awards points, levels and achievements: the lead feature refreshes My Progress by these keys. */
export { progressKeys } from './api/progress-keys.ts';

/** Profile settings shows the owner's own skills with their endorsement counts from these. */
export { useUserEndorsements } from './api/endorsements.ts';
export { skillRows } from './lib/skill-rows.ts';
