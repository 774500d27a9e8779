import { COMMUNITY_LIMITS, POST_IMAGE_ERRORS } from '../../../../common/constants/community.ts';

/** The image types a post may carry (the server checks the bytes again). */
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The file chooser's `accept`: the same types, plus their extensions for systems that go by name. */
export const POST_IMAGE_ACCEPT = [...POST_IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp'].join(',');

const EXTENSION_TYPES: Record<string, (typeof POST_IMAGE_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type of a chosen file: its declared type, or by its extension when the system gave none. */
function imageType(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

/**
 * Checks a chosen post image before anything is uploaded: the type first (JPEG, PNG, GIF or WebP), then the size
 * (at most 5 MB). Returns the message to show, or null when the file may be sent.
 */
export function checkPostImage(file: { name: string; type: string; size: number }): string | null {
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(imageType(file))) return POST_IMAGE_ERRORS.badType;
  if (file.size > COMMUNITY_LIMITS.postImageBytes) return POST_IMAGE_ERRORS.tooLarge;
  return null;
}
