import { describe, expect, it } from 'vitest';
import { sameSitePath } from './notifications.ts';

describe('sameSitePath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    for (const url of ['/', '/leads', '/events?event=3f2c&x=1', '/profile-settings?tab=preferences#export']) expect(sameSitePath(url)).toBe(url);
  });

  it('answers null for another site, another scheme or nothing', () => {
    for (const url of [
      null,
      undefined,
      '',
      'leads',
      'https://evil.example/leads',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /leads',
      '/leads with space',
    ]) {
      expect(sameSitePath(url), JSON.stringify(url)).toBeNull();
    }
  });
});
