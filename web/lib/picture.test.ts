import { describe, expect, it } from 'vitest';
import { pictureAt } from './picture.ts';

describe('pictureAt', () => {
  it('swaps the size and keeps the version', () => {
    expect(pictureAt('/api/users/u1/picture?size=256&v=abc', 64)).toBe('/api/users/u1/picture?size=64&v=abc');
    expect(pictureAt('/api/users/u1/picture?v=abc&size=256', 512)).toBe('/api/users/u1/picture?v=abc&size=512');
  });
  it('leaves an address without a size, and no picture, as they are', () => {
    expect(pictureAt('/api/users/u1/picture?v=1', 64)).toBe('/api/users/u1/picture?v=1');
    expect(pictureAt('https://example.com/p.png', 64)).toBe('https://example.com/p.png');
    expect(pictureAt(null, 64)).toBeNull();
    expect(pictureAt('', 64)).toBeNull();
  });
});
