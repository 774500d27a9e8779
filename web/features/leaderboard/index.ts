/*
 * The leaderboard's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the leaderboard stays a chunk of its own; nothing here may import a page.
 */

/** A lead change moves the rankings: others refresh them by these keys. */
export { leaderboardKeys } from './api/keys.ts';
