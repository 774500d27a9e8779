import { describe, expect, it } from 'vitest';
import { isLeadershipProfile, locationsOverlap, rankRecommendations, scoreMember, type ScorableMember } from './recommendations.ts';

const base: ScorableMember = {
  industries: [],
  expertise: [],
  location: null,
  yearsExperience: null,
  membershipTier: 'standard',
  role: 'partner',
  jobTitle: null,
  bio: null,
  company: null,
};
const m = (o: Partial<ScorableMember>): ScorableMember => ({ ...base, ...o });

describe('scoreMember', () => {
  const viewer = m({ industries: ['Energy', 'Technology'], expertise: ['Consulting', 'Risk Management'], location: 'London, UK', yearsExperience: 20 });

  it('adds 40 per shared industry and 30 per shared expertise', () => {
    expect(scoreMember(viewer, m({ industries: ['Energy', 'Technology', 'Retail'] })).score).toBe(80);
    expect(scoreMember(viewer, m({ expertise: ['Consulting'] })).score).toBe(30);
  });
  it('adds 20 for a matching or overlapping location, not for a shared country alone', () => {
    expect(scoreMember(viewer, m({ location: 'london, uk' })).score).toBe(20);
    expect(scoreMember(viewer, m({ location: 'London' })).score).toBe(20);
    expect(scoreMember(viewer, m({ location: 'Leeds, UK' })).score).toBe(0);
  });
  it('adds 15 when experience differs by 5 years or less', () => {
    expect(scoreMember(viewer, m({ yearsExperience: 25 })).score).toBe(15);
    expect(scoreMember(viewer, m({ yearsExperience: 26 })).score).toBe(0);
    expect(scoreMember(m({}), m({ yearsExperience: 0 })).score).toBe(0);
  });
  it('adds 10 for CP+, 25 for master-admin or a CEO/founder title, 5 for a bio over 50 characters with a company', () => {
    expect(scoreMember(viewer, m({ membershipTier: 'cp-plus' })).score).toBe(10);
    expect(scoreMember(viewer, m({ role: 'master-admin' })).score).toBe(25);
    expect(scoreMember(viewer, m({ jobTitle: 'Co-Founder' })).score).toBe(25);
    expect(scoreMember(viewer, m({ jobTitle: 'Group CEO' })).score).toBe(25);
    expect(scoreMember(viewer, m({ bio: 'x'.repeat(51), company: 'Acme' })).score).toBe(5);
    expect(scoreMember(viewer, m({ bio: 'x'.repeat(50), company: 'Acme' })).score).toBe(0);
    expect(scoreMember(viewer, m({ bio: 'x'.repeat(60) })).score).toBe(0);
  });
  it('gives at most three reasons, the heaviest first', () => {
    const r = scoreMember(
      viewer,
      m({ industries: ['Energy'], expertise: ['Consulting'], location: 'London, UK', yearsExperience: 19, membershipTier: 'cp-plus', jobTitle: 'CEO' }),
    );
    expect(r.score).toBe(40 + 30 + 20 + 15 + 10 + 25);
    expect(r.reasons).toEqual(['Shared industry: Energy', 'Shared expertise: Consulting', 'Senior leader in the network']);
  });
});

describe('rankRecommendations', () => {
  it('keeps members above zero, best first, at most eight', () => {
    const viewer = m({ industries: ['Energy'] });
    const candidates = Array.from({ length: 12 }, (_, i) => ({ ...m({ industries: i % 2 ? ['Energy'] : [], membershipTier: i > 5 ? 'cp-plus' : 'standard' }), id: i }));
    const ranked = rankRecommendations(viewer, candidates);
    expect(ranked).toHaveLength(8);
    expect(ranked.map((r) => r.id)).toEqual([7, 9, 11, 1, 3, 5, 6, 8]);
    expect(ranked.every((r) => r.score > 0)).toBe(true);
  });
});

describe('helpers', () => {
  it('recognises overlapping locations and leadership titles', () => {
    expect(locationsOverlap('Paris, France', 'paris')).toBe(true);
    expect(locationsOverlap(null, 'Paris')).toBe(false);
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'Procurement Officer' })).toBe(false);
    expect(isLeadershipProfile({ role: 'master-admin', jobTitle: null })).toBe(true);
    expect(isLeadershipProfile({ role: 'admin', jobTitle: null })).toBe(false);
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'Founder & CEO' })).toBe(true);
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'Co-founder' })).toBe(true);
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'ceo' })).toBe(true);
    // CEO as a whole word only: an office of the CEO is one, a "CEOship" or "Aceon" is not
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'Office of the CEO' })).toBe(true);
    expect(isLeadershipProfile({ role: 'partner', jobTitle: 'Aceon Ltd' })).toBe(false);
  });
});
