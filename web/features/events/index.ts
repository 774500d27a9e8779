/*
 * The events feature's public entry: the only module other features may import from it (the Admin Panel's Event
 * Management and the Submit Lead form use its lists, dialogs and hooks). The router loads the Events page from
 * pages/ itself, so it stays a chunk of its own; nothing here may import a page.
 */

export { useCancelEvent, useEventDetail, useEventList, useEventReport, useMarkAttendance } from './api/events.ts';
export { EventFormDialog } from './components/EventFormDialog.tsx';
