import { describe, expect, it } from 'vitest';
import { POST_CATEGORIES } from '../../../../common/constants/community.ts';
import { nameParts, POST_CATEGORY_TONES, postedWhen, roleLine } from './post-display.ts';

describe('nameParts', () => {
  it('takes the first and the last word', () => {
    expect(nameParts('Priya Raman')).toEqual({ firstName: 'Priya', lastName: 'Raman' });
    expect(nameParts('  Anna  de la  Cruz ')).toEqual({ firstName: 'Anna', lastName: 'Cruz' });
    expect(nameParts('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(nameParts('   ')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('roleLine', () => {
  it('joins job title and company, or gives whichever is known', () => {
    expect(roleLine('CFO', 'Acme')).toBe('CFO at Acme');
    expect(roleLine('CFO', null)).toBe('CFO');
    expect(roleLine(' ', 'Acme')).toBe('Acme');
    expect(roleLine(null, null)).toBeNull();
  });
});

describe('postedWhen', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('reads recent times relatively and older ones as a date', () => {
    expect(postedWhen(ago(10_000), now)).toBe('Just now');
    expect(postedWhen(ago(-5_000), now)).toBe('Just now');
    expect(postedWhen(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(postedWhen(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h ago');
    expect(postedWhen(ago(30 * 3_600_000), now)).toBe('Yesterday');
    expect(postedWhen(ago(6 * 86_400_000), now)).toBe('6 days ago');
    expect(postedWhen('2026-11-10T09:00:00Z', now)).toBe('10 November 2026');
    expect(postedWhen('nonsense', now)).toBe('');
  });
});

describe('POST_CATEGORY_TONES', () => {
  it('gives every category its own colour', () => {
    const badges = POST_CATEGORIES.map((c) => POST_CATEGORY_TONES[c].badge);
    expect(new Set(badges).size).toBe(POST_CATEGORIES.length);
  });
});
