/*
 * The events feature's public entry: the only module other features may import from it (Community Hub, the Admin
 * Panel's Event Management and the Submit Lead form use its lists, cards, dialogs and hooks). The router loads the
 * Events page from pages/ itself, so it stays a chunk of its own; nothing here may import a page.
 */

export { eventKeys, useCancelEvent, useEventDetail, useEventList, useEventReport, useMarkAttendance, useRegistrationActions } from './api/events.ts';
export { EventCard, EventGridSkeleton } from './components/EventCard.tsx';
export { EventFormDialog } from './components/EventFormDialog.tsx';
