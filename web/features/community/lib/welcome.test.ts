import { describe, expect, it } from 'vitest';
import { WELCOME_AUTO_CLOSE_MS, WELCOME_STAGES_MS } from '../../../../common/constants/community.ts';
import { shouldShowWelcome, welcomeStagesShown, welcomeStorageKey } from './welcome.ts';

describe('welcome stage timing', () => {
  it('reveals the four steps at 0.5, 1.2, 1.9 and 2.6 seconds', () => {
    expect(WELCOME_STAGES_MS).toEqual([500, 1200, 1900, 2600]);
    expect(welcomeStagesShown(0)).toBe(0);
    expect(welcomeStagesShown(499)).toBe(0);
    expect(welcomeStagesShown(500)).toBe(1);
    expect(welcomeStagesShown(1199)).toBe(1);
    expect(welcomeStagesShown(1200)).toBe(2);
    expect(welcomeStagesShown(1900)).toBe(3);
    expect(welcomeStagesShown(2599)).toBe(3);
    expect(welcomeStagesShown(2600)).toBe(4);
    expect(welcomeStagesShown(10_000)).toBe(4);
  });
  it('closes by itself at 4 seconds, after the last step', () => {
    expect(WELCOME_AUTO_CLOSE_MS).toBe(4000);
    expect(WELCOME_AUTO_CLOSE_MS).toBeGreaterThan(WELCOME_STAGES_MS[WELCOME_STAGES_MS.length - 1]);
  });
});

describe('shouldShowWelcome', () => {
  const fresh = { serverSeen: false, locallySeen: false, reducedMotion: false };
  it('shows on a first visit', () => {
    expect(shouldShowWelcome(fresh)).toBe(true);
  });
  it('waits for the server’s answer', () => {
    expect(shouldShowWelcome({ ...fresh, serverSeen: null })).toBe(false);
  });
  it('never shows again once the server or this browser remembers it', () => {
    expect(shouldShowWelcome({ ...fresh, serverSeen: true })).toBe(false);
    expect(shouldShowWelcome({ ...fresh, locallySeen: true })).toBe(false);
  });
  it('treats it as seen for members who prefer reduced motion', () => {
    expect(shouldShowWelcome({ ...fresh, reducedMotion: true })).toBe(false);
  });
  it('remembers it per member in the browser', () => {
    expect(welcomeStorageKey('u1')).toBe('directory-welcome:u1');
    expect(welcomeStorageKey('u1')).not.toBe(welcomeStorageKey('u2'));
  });
});
