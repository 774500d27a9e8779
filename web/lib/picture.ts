import type { PictureSize } from '../../common/schemas/profile.ts';

/**
 * A member's picture address at another of its stored sizes: the `size=` of our own picture address swapped, so a
 * small avatar loads the small file. Any other address (none, or one without a size) is left as it is.
 */
export function pictureAt(url: string | null | undefined, size: PictureSize): string | null {
  if (!url) return null;
  return url.replace(/([?&]size=)\d+/, `$1${size}`);
}
