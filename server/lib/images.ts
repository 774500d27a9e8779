import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { COMMUNITY_LIMITS, POST_IMAGE_ERRORS } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';

/** The formats an upload may be, judged by its bytes alone (never its name or declared type). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** What sharp must read the same bytes as: a file that looks like one format to one reader and another to the other is refused. */
const SHARP_FORMAT: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * The most pixels an upload may decode to (about 50 megapixels, e.g. 8660 × 5770). A few kilobytes of PNG can
 * claim 100 000 × 100 000 pixels; such a file is refused from its header, before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The stored forms of an image: a photograph stays JPEG, everything else becomes WebP (alpha kept). */
export const IMAGE_FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;
export type StoredImageFormat = keyof typeof IMAGE_FORMATS;

export interface ProcessedImage {
  bytes: Buffer;
  format: StoredImageFormat;
  extension: string;
  contentType: string;
  width: number;
  height: number;
}

const badType = () => new AppError('unsupported_media_type', POST_IMAGE_ERRORS.badType, { issues: [{ path: 'image', message: POST_IMAGE_ERRORS.badType }] });
export const imageTooLarge = () => new AppError('payload_too_large', POST_IMAGE_ERRORS.tooLarge, { issues: [{ path: 'image', message: POST_IMAGE_ERRORS.tooLarge }] });

/** The content type a stored image is served with, from its storage key's extension; null for anything else. */
export function contentTypeOfKey(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.values(IMAGE_FORMATS).find((f) => f.extension === ext);
  return found?.contentType ?? null;
}

/**
 * Checks an uploaded image and makes the copy that is stored: at most 5 MB, JPEG, PNG, GIF or WebP by its bytes,
 * within the pixel limit; then decoded and written afresh by sharp, turned upright from its EXIF orientation, with
 * every piece of metadata (EXIF, GPS, XMP, ICC, comments) left behind, fitted inside 1600 px without enlarging.
 * An animated GIF or WebP keeps its first frame. Nothing the uploader wrote reaches storage except pixels.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > COMMUNITY_LIMITS.postImageBytes) throw imageTooLarge();
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw badType();

  const open = (limitInputPixels: number | false) => sharp(input, { limitInputPixels, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    // the header alone: its claimed size is checked below, with a message of its own
    meta = await open(false).metadata();
  } catch {
    throw badType();
  }
  if (meta.format !== SHARP_FORMAT[type.mime] || !meta.width || !meta.height) throw badType();
  // the header's claim, checked before decoding (sharp's own limit stops the decoder as well)
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('unsupported_media_type', 'This image has too many pixels. Please choose a smaller image.');

  const format: StoredImageFormat = type.mime === 'image/jpeg' ? 'jpeg' : 'webp';
  const max = COMMUNITY_LIMITS.postImageMaxPx;
  try {
    let pipeline = open(MAX_INPUT_PIXELS).autoOrient().resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: 20 });
    pipeline = format === 'jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, ...IMAGE_FORMATS[format], width: info.width, height: info.height };
  } catch {
    throw badType();
  }
}
