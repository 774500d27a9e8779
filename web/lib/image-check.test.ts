import { describe, expect, it } from 'vitest';
import { imageKindOf, isPictureFile } from './image-check.ts';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageKindOf', () => {
  it('knows JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(imageKindOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(imageKindOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(imageKindOf(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(imageKindOf(bytes('GIF87a'))).toBe('gif');
    expect(imageKindOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses text, other formats and files too short to tell', () => {
    expect(imageKindOf(bytes('Quarterly report: revenue up 4%'))).toBeNull();
    expect(imageKindOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageKindOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageKindOf(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(imageKindOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(imageKindOf(new Uint8Array())).toBeNull();
  });
});

describe('isPictureFile', () => {
  it('reads a chosen file, whatever its name and declared type say', async () => {
    const fake = new File(['Quarterly report'], 'quarterly-report.png', { type: 'image/png' });
    expect(await isPictureFile(fake)).toBe(false);
    const real = new File([bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest of the picture')], 'photo', { type: '' });
    expect(await isPictureFile(real)).toBe(true);
  });
});
