import { describe, expect, it } from 'vitest';
import { POINT_RULES } from '../../../../common/rules/points.ts';
import type { Level } from '../../../../common/schemas/gamification.ts';
import { achievementProgress, formatPoints, levelProgress, pointRuleList, ruleOf } from './progress.ts';

const level = (levelNumber: number, pointsRequired: number): Level => ({
  levelNumber,
  name: `Level ${levelNumber}`,
  description: null,
  pointsRequired,
  badgeIcon: 'Star',
  badgeColor: '#000000',
  perks: [],
});

describe('level progress', () => {
  it('measures the way from the current level to the next, not from zero', () => {
    // 100 → 250: 175 points is half way
    expect(levelProgress({ totalPoints: 175, current: level(2, 100), next: level(3, 250) })).toBe(50);
    expect(levelProgress({ totalPoints: 100, current: level(2, 100), next: level(3, 250) })).toBe(0);
    expect(levelProgress({ totalPoints: 0, current: level(1, 0), next: level(2, 100) })).toBe(0);
  });
  it('rounds down, so the bar is only full when the level is reached', () => {
    expect(levelProgress({ totalPoints: 249, current: level(2, 100), next: level(3, 250) })).toBe(99);
    expect(levelProgress({ totalPoints: 133, current: level(2, 100), next: level(3, 200) })).toBe(33);
  });
  it('is full at the top level and stays between 0 and 100 whatever arrives', () => {
    expect(levelProgress({ totalPoints: 99_999, current: level(10, 12_000), next: null })).toBe(100);
    expect(levelProgress({ totalPoints: 50, current: level(2, 100), next: level(3, 250) })).toBe(0);
    expect(levelProgress({ totalPoints: 400, current: level(2, 100), next: level(3, 250) })).toBe(100);
    expect(levelProgress({ totalPoints: 100, current: level(2, 100), next: level(3, 100) })).toBe(100);
  });
});

describe('achievement progress', () => {
  it('is the share of the requirement reached, full once earned', () => {
    expect(achievementProgress({ progress: 3, requirement: 10, unlockedAt: null })).toBe(30);
    expect(achievementProgress({ progress: 0, requirement: 1, unlockedAt: null })).toBe(0);
    expect(achievementProgress({ progress: 1, requirement: 1, unlockedAt: '2026-11-01T10:00:00.000Z' })).toBe(100);
    expect(achievementProgress({ progress: 5, requirement: 0, unlockedAt: null })).toBe(0);
  });
});

describe('point rules on My Progress', () => {
  it('lists every rule from the one table, most valuable first, achievements last', () => {
    const list = pointRuleList();
    expect(list).toHaveLength(Object.keys(POINT_RULES).length);
    expect(list[0].activity).toBe('lead_won');
    expect(list.at(-1)?.activity).toBe('achievement');
    for (let i = 1; i < list.length; i++) expect(list[i - 1].rule.points).toBeGreaterThanOrEqual(list[i].rule.points);
  });
  it('names the rule behind a transaction, reversals included', () => {
    expect(ruleOf('lead_qualified')).toEqual({ rule: POINT_RULES.lead_qualified, reversal: false });
    expect(ruleOf('post_created_reversed')).toEqual({ rule: POINT_RULES.post_created, reversal: true });
    expect(ruleOf('something_else')).toBeNull();
  });
  it('signs the amounts', () => {
    expect(formatPoints(25)).toBe('+25');
    expect(formatPoints(-5)).toBe('−5');
    expect(formatPoints(1200)).toBe('+1,200');
    expect(formatPoints(0)).toBe('0');
  });
});
