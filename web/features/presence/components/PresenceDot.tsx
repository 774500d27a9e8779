import { lastSeenText } from '../../../lib/last-seen.ts';
import { cn } from '../../../lib/utils.ts';
import { usePresence } from '../api/presence.ts';

const LOOK = {
  online: { label: 'Online', dot: 'bg-emerald-500' },
  away: { label: 'Away', dot: 'bg-amber-400' },
  offline: { label: 'Offline', dot: 'bg-slate-400' },
} as const;

/** What the dot says, for its label and tooltip: "Online", "Away", "Offline · last seen 5 min ago". */
export function presenceText(status: keyof typeof LOOK, lastSeen: string | null, now = new Date()): string {
  if (status !== 'offline' || !lastSeen) return LOOK[status].label;
  const when = lastSeenText(lastSeen, now);
  return when === 'Active now' ? 'Offline · last seen just now' : `Offline · last seen ${when}`;
}

/**
 * A member's presence as a small dot, for the corner of their avatar (the parent is `relative`): green online,
 * amber away, grey offline with when they were last seen. Announced by its label; nothing until it is known.
 */
export function PresenceDot({ userId, className }: { userId: string; className?: string }) {
  const presence = usePresence(userId);
  if (!presence) return null;
  const text = presenceText(presence.status, presence.lastSeen);
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      data-presence={presence.status}
      className={cn('absolute bottom-0 right-0 block size-3 rounded-full ring-2 ring-card', LOOK[presence.status].dot, className)}
    />
  );
}

/** A member's presence in words ("Online", "Offline · last seen 5 min ago"), for a header; `fallback` until known. */
export function PresenceLabel({ userId, fallback }: { userId: string; fallback: string }) {
  const presence = usePresence(userId);
  return <>{presence ? presenceText(presence.status, presence.lastSeen) : fallback}</>;
}
