/*
 * The pipeline's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the board stays a chunk of its own; nothing here may import a page.
 */

/** A lead change moves the pipeline metrics: the lead feature refreshes them by these keys. */
export { pipelineKeys } from './api/keys.ts';
