export { applyPresence, forgetPresence, onPresenceWatchChange, refreshPresence, usePresence, watchedPresence } from './api/presence.ts';
export { PresenceDot, PresenceLabel, presenceText } from './components/PresenceDot.tsx';
