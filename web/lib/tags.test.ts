import { describe, expect, it } from 'vitest';
import { addTagWithin, draftOnSubmit } from './tags.ts';

const limits = { max: 3, length: 10 };

describe('addTagWithin', () => {
  it('adds a trimmed tag once, and says why it did not', () => {
    expect(addTagWithin(['Sales'], '  Deal   flow ', limits)).toEqual({ tags: ['Sales', 'Deal flow'], problem: null, repeat: false });
    expect(addTagWithin(['Sales'], 'sales', limits)).toEqual({ tags: ['Sales'], problem: '“sales” is already in the list.', repeat: true });
    expect(addTagWithin(['a', 'b', 'c'], 'd', limits)).toMatchObject({ tags: ['a', 'b', 'c'], problem: 'Add at most 3.' });
    expect(addTagWithin([], 'x'.repeat(11), limits)).toMatchObject({ tags: [], problem: 'Each entry must be at most 10 characters.' });
    expect(addTagWithin(['a'], '   ', limits)).toEqual({ tags: ['a'], problem: null, repeat: false });
  });
});

describe('draftOnSubmit', () => {
  it('adds typed text on submit, clears a blank or a repeat, and blocks what cannot be added', () => {
    expect(draftOnSubmit(['Sales'], ' Pricing ', limits)).toEqual({ action: 'add', tags: ['Sales', 'Pricing'] });
    expect(draftOnSubmit(['Sales'], 'SALES', limits)).toEqual({ action: 'clear' });
    expect(draftOnSubmit(['Sales'], '  ', limits)).toEqual({ action: 'clear' });
    expect(draftOnSubmit(['a', 'b', 'c'], 'd', limits)).toEqual({ action: 'block', problem: 'Add at most 3.' });
    expect(draftOnSubmit([], 'x'.repeat(11), limits)).toEqual({ action: 'block', problem: 'Each entry must be at most 10 characters.' });
  });
});
