/**
 * Whether a chosen file really is a JPEG, PNG, GIF or WebP picture, read from its first bytes (its "magic number"):
 * a file's name and declared type say only what it claims to be, so a text file renamed ".png" is caught when it
 * is chosen rather than after it has been sent. The server checks the bytes again.
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture format the first bytes of a file announce, or null when they announce none of the four. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Reads the first bytes of a chosen file and answers whether it is one of the pictures the product takes. */
export async function isPictureFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return imageKindOf(head) !== null;
}
