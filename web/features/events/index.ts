/*
 * The events feature's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself; nothing here may import a page.
 */

/** Community Hub lists the next events with the same cards, and registers from them. */
export { eventKeys, useEventList, useRegistrationActions } from './api/events.ts';
export { EventCard, EventGridSkeleton } from './components/EventCard.tsx';
