export { applyPresence, refreshPresence, usePresence } from './api/presence.ts';
export { PresenceDot, presenceText } from './components/PresenceDot.tsx';
