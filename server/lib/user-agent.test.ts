import { describe, expect, it } from 'vitest';
import { approximateIp, describeUserAgent } from './user-agent.ts';

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeMac, 'Chrome', 'macOS', 'desktop'],
    [UA.edgeWin, 'Edge', 'Windows', 'desktop'],
    [UA.safariIphone, 'Safari', 'iOS', 'mobile'],
    [UA.firefoxLinux, 'Firefox', 'Linux', 'desktop'],
    [UA.chromeAndroid, 'Chrome', 'Android', 'mobile'],
    [UA.ipad, 'Safari', 'iPadOS', 'tablet'],
    [UA.safariMac, 'Safari', 'macOS', 'desktop'],
  ])('names %s', (ua, browser, os, device) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os, device });
  });

  it('says unknown for nothing or something it does not know', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system', device: 'desktop' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'Unknown browser', os: 'Unknown system', device: 'desktop' });
  });
});

describe('approximateIp', () => {
  it('hides the last part of an address', () => {
    expect(approximateIp('203.0.113.42')).toBe('203.0.113.x');
    expect(approximateIp('::ffff:127.0.0.1')).toBe('127.0.0.x');
    expect(approximateIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:…');
    expect(approximateIp(null)).toBeNull();
  });
});
