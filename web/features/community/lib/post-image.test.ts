import { describe, expect, it } from 'vitest';
import { COMMUNITY_LIMITS, POST_IMAGE_ERRORS } from '../../../../common/constants/community.ts';
import { checkPostImage, POST_IMAGE_ACCEPT } from './post-image.ts';

const MB = 1024 * 1024;

describe('checkPostImage', () => {
  it('accepts JPEG, PNG, GIF and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'IMAGE/PNG']) {
      expect(checkPostImage({ name: 'a', type, size: 1000 })).toBeNull();
    }
    expect(checkPostImage({ name: 'a.jpg', type: 'image/jpeg', size: COMMUNITY_LIMITS.postImageBytes })).toBeNull();
  });

  it('refuses a file over 5 MB with the exact message', () => {
    expect(checkPostImage({ name: 'a.jpg', type: 'image/jpeg', size: 5 * MB + 1 })).toBe('File too large: Please select an image under 5MB.');
    expect(checkPostImage({ name: 'a.png', type: 'image/png', size: 12 * MB })).toBe(POST_IMAGE_ERRORS.tooLarge);
  });

  it('refuses other types with the exact message, whatever their size', () => {
    for (const type of ['image/svg+xml', 'image/bmp', 'application/pdf', 'text/html', 'image/heic']) {
      expect(checkPostImage({ name: 'a', type, size: 10 })).toBe('Invalid file type: Please select a JPEG, PNG, or GIF image.');
    }
    expect(checkPostImage({ name: 'a.svg', type: 'image/svg+xml', size: 50 * MB })).toBe(POST_IMAGE_ERRORS.badType);
  });

  it('goes by the extension only when the system gives no type', () => {
    expect(checkPostImage({ name: 'photo.JPG', type: '', size: 10 })).toBeNull();
    expect(checkPostImage({ name: 'photo.webp', type: '', size: 10 })).toBeNull();
    expect(checkPostImage({ name: 'photo.exe', type: '', size: 10 })).toBe(POST_IMAGE_ERRORS.badType);
    expect(checkPostImage({ name: 'photo', type: '', size: 10 })).toBe(POST_IMAGE_ERRORS.badType);
    // a declared type wins over a misleading name
    expect(checkPostImage({ name: 'photo.png', type: 'text/html', size: 10 })).toBe(POST_IMAGE_ERRORS.badType);
  });

  it('offers only those types in the file chooser', () => {
    expect(POST_IMAGE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/gif', 'image/webp']));
    expect(POST_IMAGE_ACCEPT).not.toContain('svg');
  });
});
