export { applyPresence, onPresenceWatchChange, refreshPresence, usePresence, watchedPresence } from './api/presence.ts';
export { PresenceDot, presenceText } from './components/PresenceDot.tsx';
