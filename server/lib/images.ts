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

/** The issues name the form field the image came in (`image` for a post, `profilePicture` for a profile photo). */
const badType = (field = 'image') => new AppError('unsupported_media_type', POST_IMAGE_ERRORS.badType, { issues: [{ path: field, message: POST_IMAGE_ERRORS.badType }] });
export const imageTooLarge = (field = 'image') =>
  new AppError('payload_too_large', POST_IMAGE_ERRORS.tooLarge, { issues: [{ path: field, message: POST_IMAGE_ERRORS.tooLarge }] });

/** The content type a stored image is served with, from its storage key's extension; null for anything else. */
export function contentTypeOfKey(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.values(IMAGE_FORMATS).find((f) => f.extension === ext);
  return found?.contentType ?? null;
}

/**
 * Checks an uploaded image before anything is decoded: at most 5 MB (or the caller's own limit), JPEG, PNG, GIF or WebP by its bytes (sharp
 * must read the same bytes as the same format), within the pixel limit. Answers the detected type and an opener
 * for the checked bytes (first frame only; the decoder stops at the pixel limit and on any error).
 */
async function checkImage(input: Buffer, field: string, maxBytes: number = COMMUNITY_LIMITS.postImageBytes) {
  if (input.length > maxBytes) throw imageTooLarge(field);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw badType(field);

  const open = (limitInputPixels: number | false) => sharp(input, { limitInputPixels, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    // the header alone: its claimed size is checked below, with a message of its own
    meta = await open(false).metadata();
  } catch {
    throw badType(field);
  }
  if (meta.format !== SHARP_FORMAT[type.mime] || !meta.width || !meta.height) throw badType(field);
  // the header's claim, checked before decoding (sharp's own limit stops the decoder as well)
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('unsupported_media_type', 'This image has too many pixels. Please choose a smaller image.');
  return { mime: type.mime, decode: () => open(MAX_INPUT_PIXELS) };
}

/**
 * Checks an uploaded image (checkImage) and makes the copy that is stored: decoded and written afresh by sharp,
 * turned upright from its EXIF orientation, with every piece of metadata (EXIF, GPS, XMP, ICC, comments) left
 * behind, fitted inside 1600 px without enlarging. An animated GIF or WebP keeps its first frame. Nothing the
 * uploader wrote reaches storage except pixels. `maxBytes` is the largest upload taken (default: the 5 MB of
 * every picture; a chat attachment takes 10 MB).
 */
export async function processImage(input: Buffer, opts: { maxBytes?: number } = {}): Promise<ProcessedImage> {
  const { mime, decode } = await checkImage(input, 'image', opts.maxBytes);
  const format: StoredImageFormat = mime === 'image/jpeg' ? 'jpeg' : 'webp';
  const max = COMMUNITY_LIMITS.postImageMaxPx;
  try {
    let pipeline = decode().autoOrient().resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: 20 });
    pipeline = format === 'jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, ...IMAGE_FORMATS[format], width: info.width, height: info.height };
  } catch {
    throw badType();
  }
}

/**
 * A profile photo: checked like every uploaded image (checkImage, with the issues on `profilePicture`), turned
 * upright, cropped to a centred square and written afresh as WebP at each of `sizes` (enlarged if smaller),
 * with no metadata at all. Answers each size's bytes.
 */
export async function processAvatar(input: Buffer, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const field = 'profilePicture';
  const { decode } = await checkImage(input, field);
  const largest = Math.max(...sizes);
  try {
    // decoded once into a square of the largest size; the smaller ones are made from those pixels
    const { data, info } = await decode()
      .autoOrient()
      .resize({ width: largest, height: largest, fit: 'cover', position: 'centre' })
      .raw()
      .timeout({ seconds: 20 })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const out = new Map<number, Buffer>();
    for (const size of sizes) {
      out.set(size, await sharp(data, { raw }).resize({ width: size, height: size }).webp({ quality: 82 }).toBuffer());
    }
    return out;
  } catch {
    throw badType(field);
  }
}
