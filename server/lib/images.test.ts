import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_LIMITS, POST_IMAGE_ERRORS } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import { contentTypeOfKey, processImage } from './images.ts';

const solid = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : { r: 30, g: 120, b: 200 } } });

/** A JPEG carrying camera, copyright and GPS metadata, stored sideways (EXIF orientation 6: turn 90° clockwise to view). */
async function jpegWithExif(width = 300, height = 200) {
  return solid(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'LeakyCam', Model: 'Spy 3000', Copyright: 'SecretOwner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected the image to be refused').toBeInstanceOf(AppError);
  return err as AppError;
}

describe('processImage', () => {
  it('keeps a JPEG as JPEG, turned upright, with every piece of metadata stripped', async () => {
    const input = await jpegWithExif();
    const before = await sharp(input).metadata();
    expect(before.exif, 'the fixture carries EXIF').toBeDefined();
    expect(before.orientation).toBe(6);
    expect(input.includes(Buffer.from('SecretOwner'))).toBe(true);

    const out = await processImage(input);
    expect(out).toMatchObject({ format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg', width: 200, height: 300 });
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 300]);
    for (const secret of ['SecretOwner', 'LeakyCam', 'Spy 3000', 'Exif']) expect(out.bytes.includes(Buffer.from(secret)), secret).toBe(false);
  });

  it('makes PNG (with its transparency), GIF and WebP into WebP', async () => {
    const png = await processImage(await solid(40, 30, true).png().toBuffer());
    expect(png).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 40, height: 30 });
    const pngMeta = await sharp(png.bytes).metadata();
    expect(pngMeta.format).toBe('webp');
    expect(pngMeta.hasAlpha).toBe(true);

    const gif = await processImage(await solid(50, 20).gif().toBuffer());
    expect(gif).toMatchObject({ format: 'webp', width: 50, height: 20 });
    const webp = await processImage(await solid(60, 10).webp().toBuffer());
    expect(webp).toMatchObject({ format: 'webp', width: 60, height: 10 });
  });

  it('keeps the first frame of an animated GIF', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 30, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const frames = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(frames).metadata()).pages).toBe(3);
    const out = await processImage(frames);
    expect(out).toMatchObject({ format: 'webp', width: 30, height: 30 });
    expect((await sharp(out.bytes).metadata()).pages ?? 1).toBe(1);
    const { data } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = data;
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(60);
  });

  it('fits a large image inside 1600 px and never enlarges a small one', async () => {
    const big = await processImage(await solid(4000, 1000).jpeg().toBuffer());
    expect([big.width, big.height]).toEqual([COMMUNITY_LIMITS.postImageMaxPx, 400]);
    const tall = await processImage(await solid(500, 3200).png().toBuffer());
    expect([tall.width, tall.height]).toEqual([250, 1600]);
    const small = await processImage(await solid(120, 80).jpeg().toBuffer());
    expect([small.width, small.height]).toEqual([120, 80]);
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP by its bytes, whatever it claims to be', async () => {
    const files = [
      Buffer.from('<?php system($_GET["c"]); ?>'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      await solid(10, 10).tiff().toBuffer(),
      Buffer.alloc(0),
    ];
    for (const file of files) {
      const err = await rejection(processImage(file));
      expect(err.status).toBe(415);
      expect(err.message).toBe(POST_IMAGE_ERRORS.badType);
    }
  });

  it('refuses a truncated image and a file that only starts like a PNG', async () => {
    const png = await solid(200, 200).png().toBuffer();
    expect((await rejection(processImage(png.subarray(0, 60)))).status).toBe(415);
    const fake = Buffer.concat([png.subarray(0, 8), Buffer.from('<?php echo 1; ?>'.repeat(10))]);
    expect((await rejection(processImage(fake))).status).toBe(415);
  });

  it('refuses a file over 5 MB before reading it', async () => {
    const input = Buffer.concat([await solid(10, 10).jpeg().toBuffer(), Buffer.alloc(COMMUNITY_LIMITS.postImageBytes)]);
    const err = await rejection(processImage(input));
    expect(err.status).toBe(413);
    expect(err.message).toBe(POST_IMAGE_ERRORS.tooLarge);
  });

  it('refuses a decompression bomb from its header', async () => {
    // 10 000 × 10 000 of one colour compresses to a small PNG but would decode to 100 million pixels
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(COMMUNITY_LIMITS.postImageBytes);
    const err = await rejection(processImage(bomb));
    expect(err.status).toBe(415);
    expect(err.message).toMatch(/too many pixels/);
  }, 60_000);

  it('names the content type of a stored key, and nothing for other extensions', () => {
    expect(contentTypeOfKey('0b1c2d3e-0000-4000-8000-000000000000.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('0b1c2d3e-0000-4000-8000-000000000000.webp')).toBe('image/webp');
    expect(contentTypeOfKey('0b1c2d3e-0000-4000-8000-000000000000.html')).toBeNull();
  });
});
