import { describe, expect, it } from 'vitest';
import { POINT_RULES, reversalOf, wonPoints } from './points.ts';

describe('point rules', () => {
  it('gives a won deal 100 points plus one per whole £100 of its value', () => {
    expect(wonPoints(0)).toBe(100);
    expect(wonPoints(9_999)).toBe(100);
    expect(wonPoints(10_000)).toBe(101);
    expect(wonPoints(2_610_000)).toBe(361);
    expect(wonPoints(-500)).toBe(100);
  });

  it('rewards business outcomes above any day of capped community activity', () => {
    const dayOfPosts = POINT_RULES.post_created.points * POINT_RULES.post_created.dailyCap;
    const dayOfEndorsing = POINT_RULES.endorsement_given.points * POINT_RULES.endorsement_given.dailyCap;
    expect(POINT_RULES.lead_qualified.points).toBeGreaterThan(dayOfPosts);
    expect(wonPoints(0)).toBeGreaterThan(2 * (dayOfPosts + dayOfEndorsing));
  });

  it('names a reversal after the award it takes back', () => {
    expect(reversalOf('post_created')).toBe('post_created_reversed');
  });
});
