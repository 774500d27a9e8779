/** What the Active Sessions list says about a device: its browser, its operating system and what kind of device it is. */
export interface DeviceSummary {
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet';
}

/** Browsers in the order they must be tested: many carry another's token too (Edge and Opera say "Chrome", Chrome says "Safari"). */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(iPhone|iPad)\b.*AppleWebKit/, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short, human description of a User-Agent header ("Chrome on macOS"). Only the common browsers and systems
 * are named; anything else reads as "Unknown browser" / "Unknown system".
 */
export function describeUserAgent(ua: string | null | undefined): DeviceSummary {
  const text = ua ?? '';
  const browser = BROWSERS.find(([re]) => re.test(text))?.[1] ?? 'Unknown browser';
  const os = SYSTEMS.find(([re]) => re.test(text))?.[1] ?? 'Unknown system';
  const device =
    /\biPad\b|\bTablet\b/.test(text) || (/\bAndroid\b/.test(text) && !/\bMobile\b/.test(text))
      ? 'tablet'
      : /\bMobi|\biPhone\b|\biPod\b/.test(text)
        ? 'mobile'
        : 'desktop';
  return { browser, os, device };
}

/** An address shortened so the list shows roughly where, not exactly who: the last IPv4 octet, or all but the first three IPv6 groups, hidden. */
export function approximateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean);
    return `${groups.slice(0, 3).join(':')}:…`;
  }
  return null;
}
