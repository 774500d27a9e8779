import sharp from 'sharp';
import type { FileStorage } from '../../plugins/storage.ts';
import type { UserRow } from '../factories/members.ts';
import { setProfilePicture } from '../../services/profile-files.ts';
import type { Db } from '../client.ts';
import { demoUsername, person } from './demo-people.ts';
import { DEMO_PEOPLE } from './demo-data.ts';

/** Soft background colours of the demo portraits, one per member in turn. */
const PORTRAIT_TONES: [string, string][] = [
  ['#C7D2FE', '#6366F1'],
  ['#BAE6FD', '#0284C7'],
  ['#BBF7D0', '#15803D'],
  ['#FDE68A', '#B45309'],
  ['#FBCFE8', '#BE185D'],
  ['#DDD6FE', '#7C3AED'],
  ['#A5F3FC', '#0E7490'],
];

/**
 * Gives most approved demo members a portrait, uploaded through the same path as a member's own photo (checked,
 * re-encoded to square WebP sizes, stored); every third member (the second, fifth and so on) keeps the initials a member without a photo shows.
 */
export async function seedPictures(db: Db, people: Map<string, UserRow>, storage: FileStorage): Promise<number> {
  let added = 0;
  for (const [index, p] of DEMO_PEOPLE.entries()) {
    if (p.status !== 'approved' || index % 3 === 1) continue;
    const user = person(people, demoUsername(p));
    await setProfilePicture({ db, storage }, user, await portrait(PORTRAIT_TONES[index % PORTRAIT_TONES.length]!));
    added += 1;
  }
  return added;
}

/** A 512 × 512 stylised head-and-shoulders portrait on a gradient, as PNG bytes: the photo of a demo member. */
async function portrait([light, dark]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.75"/></linearGradient>
  </defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <circle cx="256" cy="206" r="92" fill="url(#fg)"/>
  <path d="M84 512c0-104 77-178 172-178s172 74 172 178z" fill="url(#fg)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1200 × 630 diagonal gradient between two colours, as PNG bytes: the picture of a demo post. */
export async function gradientBanner([from, to]: [string, string]): Promise<Buffer> {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [a, b] = [rgb(from), rgb(to)];
  const width = 1200;
  const height = 630;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = Math.round(a[c] + (b[c] - a[c]) * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
