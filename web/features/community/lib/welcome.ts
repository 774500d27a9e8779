import { DIRECTORY_WELCOME, WELCOME_STAGES_MS } from '../../../../common/constants/community.ts';

/** How many of the welcome's staged steps are showing `elapsedMs` after it opened (0 before the first one). */
export function welcomeStagesShown(elapsedMs: number, stages: readonly number[] = WELCOME_STAGES_MS): number {
  return stages.filter((at) => elapsedMs >= at).length;
}

/** The browser's memory of the welcome, per member, so another member on the same browser still sees it once. */
export function welcomeStorageKey(userId: string): string {
  return `${DIRECTORY_WELCOME}:${userId}`;
}

/**
 * Whether to open the directory's welcome: only once the server's answer is known (never on a guess while it
 * loads or after it failed), and never when the server or this browser remembers it as seen, or when the member
 * asks their system for less motion (the welcome is an animation, so it counts as seen for them).
 */
export function shouldShowWelcome(s: { serverSeen: boolean | null; locallySeen: boolean; reducedMotion: boolean }): boolean {
  if (s.serverSeen === null) return false;
  return !s.serverSeen && !s.locallySeen && !s.reducedMotion;
}
