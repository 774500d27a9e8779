import { describe, expect, it } from 'vitest';
import { addTag, cvTooLarge, pictureTooLarge, removeTag } from './profile-helpers.ts';

describe('addTag', () => {
  it('adds a trimmed tag with its inner spaces collapsed', () => {
    expect(addTag(['Strategy'], '  Mergers   and Acquisitions ')).toEqual({ tags: ['Strategy', 'Mergers and Acquisitions'], problem: null });
  });
  it('ignores a blank entry without complaint', () => {
    expect(addTag(['Strategy'], '   ')).toEqual({ tags: ['Strategy'], problem: null });
  });
  it('refuses a repeat in another letter case', () => {
    const r = addTag(['Strategy'], 'strategy');
    expect(r.tags).toEqual(['Strategy']);
    expect(r.problem).toMatch(/already/);
  });
  it('refuses a 21st tag', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `Tag ${i}`);
    const r = addTag(twenty, 'One more');
    expect(r.tags).toHaveLength(20);
    expect(r.problem).toBe('Add at most 20.');
  });
  it('refuses a tag over 60 characters', () => {
    expect(addTag([], 'x'.repeat(61)).problem).toMatch(/60 characters/);
    expect(addTag([], 'x'.repeat(60)).tags).toHaveLength(1);
  });
  it('does not change the list it was given', () => {
    const tags = ['A'];
    addTag(tags, 'B');
    expect(tags).toEqual(['A']);
  });
});

describe('removeTag', () => {
  it('removes only the tag at the index', () => {
    expect(removeTag(['A', 'B', 'C'], 1)).toEqual(['A', 'C']);
    expect(removeTag(['A'], 5)).toEqual(['A']);
  });
});

describe('file size checks', () => {
  it('allow exactly the limit and refuse one byte more', () => {
    expect(pictureTooLarge({ size: 5 * 1024 * 1024 })).toBe(false);
    expect(pictureTooLarge({ size: 5 * 1024 * 1024 + 1 })).toBe(true);
    expect(cvTooLarge({ size: 10 * 1024 * 1024 })).toBe(false);
    expect(cvTooLarge({ size: 10 * 1024 * 1024 + 1 })).toBe(true);
  });
});
