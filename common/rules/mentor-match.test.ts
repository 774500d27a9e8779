import { describe, expect, it } from 'vitest';
import { MENTOR_MATCH_INSIGHT_WEIGHTS, matchLabel, scoreMentor, type MatchMentor, type MatchSeeker } from './mentor-match.ts';

const nobody: MatchSeeker = { industries: [], expertise: [] };
/** A mentor who scores nothing: no experience, full, unrated. */
const bare: MatchMentor = { industries: [], specializations: [], yearsExperience: 0, currentMentees: 3, maxMentees: 3, rating: '0.00' };
const score = (m: Partial<MatchMentor>, s: MatchSeeker = nobody) => scoreMentor(s, { ...bare, ...m }).score;

describe('scoreMentor', () => {
  it('scores nothing for a full, new, unrated mentor with nothing in common', () => {
    expect(scoreMentor(nobody, bare)).toEqual({ score: 0, label: 'Basic Match', tone: 'gray', reasons: [] });
  });

  it('adds 15 per shared industry, capped at 30, compared trimmed and case-insensitively', () => {
    const seeker = { industries: [' finance', 'Retail', 'Energy', 'Health'], expertise: [] };
    expect(score({ industries: ['Finance '] }, seeker)).toBe(15);
    expect(score({ industries: ['FINANCE', 'retail'] }, seeker)).toBe(30);
    expect(score({ industries: ['Finance', 'Retail', 'Energy'] }, seeker)).toBe(30);
    expect(score({ industries: ['Finance', 'finance'] }, seeker)).toBe(15);
    expect(score({ industries: ['Mining'] }, seeker)).toBe(0);
  });

  it('adds 25 for 10+ years and 15 for 5 to 9 years', () => {
    expect(score({ yearsExperience: 10 })).toBe(25);
    expect(score({ yearsExperience: 30 })).toBe(25);
    expect(score({ yearsExperience: 9 })).toBe(15);
    expect(score({ yearsExperience: 5 })).toBe(15);
    expect(score({ yearsExperience: 4 })).toBe(0);
  });

  it('adds 12 per shared expertise/specialization, capped at 25', () => {
    const seeker = { industries: [], expertise: ['Strategy', 'M&A', 'Operations'] };
    expect(score({ specializations: [' strategy '] }, seeker)).toBe(12);
    expect(score({ specializations: ['Strategy', 'm&a'] }, seeker)).toBe(24);
    expect(score({ specializations: ['Strategy', 'M&A', 'Operations'] }, seeker)).toBe(25);
    // the member's industries do not count as expertise
    expect(score({ specializations: ['Finance'] }, { industries: ['Finance'], expertise: [] })).toBe(0);
  });

  it('adds 10 for a free place and nothing for a full mentor', () => {
    expect(score({ currentMentees: 2, maxMentees: 3 })).toBe(10);
    expect(score({ currentMentees: 0, maxMentees: 1 })).toBe(10);
    expect(score({ currentMentees: 3, maxMentees: 3 })).toBe(0);
  });

  it('adds 10 for a rating of 4.5+, 5 for 4 to below 4.5', () => {
    expect(score({ rating: '5.00' })).toBe(10);
    expect(score({ rating: '4.50' })).toBe(10);
    expect(score({ rating: 4.49 })).toBe(5);
    expect(score({ rating: '4.00' })).toBe(5);
    expect(score({ rating: 3.99 })).toBe(0);
  });

  it('adds the parts up to 100 for a perfect match and gives the two strongest reasons', () => {
    const seeker = { industries: ['Finance', 'Retail'], expertise: ['Strategy', 'M&A', 'Operations'] };
    const m = scoreMentor(seeker, {
      industries: ['Finance', 'Retail'],
      specializations: ['Strategy', 'M&A', 'Operations'],
      yearsExperience: 12,
      currentMentees: 0,
      maxMentees: 3,
      rating: '4.80',
    });
    expect(m).toEqual({ score: 100, label: 'Excellent Match', tone: 'green', reasons: ['Shared industries: Finance, Retail', '10+ years of experience'] });
  });

  it('words each reason from what scored', () => {
    expect(scoreMentor({ industries: ['finance'], expertise: [] }, { ...bare, industries: ['Finance'] }).reasons).toEqual(['Shared industry: Finance']);
    expect(scoreMentor(nobody, { ...bare, yearsExperience: 7, currentMentees: 1 }).reasons).toEqual(['7 years of experience', 'Available for new mentees']);
    expect(scoreMentor({ industries: [], expertise: ['Strategy'] }, { ...bare, specializations: ['Strategy'], rating: '4.5' }).reasons).toEqual([
      'Expertise in Strategy',
      'Highly rated (4.5)',
    ]);
  });
});

describe('matchLabel', () => {
  it('labels 80+ Excellent, 60+ Good, 40+ Fair, else Basic', () => {
    expect(matchLabel(100)).toEqual({ label: 'Excellent Match', tone: 'green' });
    expect(matchLabel(80)).toEqual({ label: 'Excellent Match', tone: 'green' });
    expect(matchLabel(79)).toEqual({ label: 'Good Match', tone: 'blue' });
    expect(matchLabel(60)).toEqual({ label: 'Good Match', tone: 'blue' });
    expect(matchLabel(59)).toEqual({ label: 'Fair Match', tone: 'yellow' });
    expect(matchLabel(40)).toEqual({ label: 'Fair Match', tone: 'yellow' });
    expect(matchLabel(39)).toEqual({ label: 'Basic Match', tone: 'gray' });
    expect(matchLabel(0)).toEqual({ label: 'Basic Match', tone: 'gray' });
  });
});

describe('MENTOR_MATCH_INSIGHT_WEIGHTS', () => {
  it('weighs industry 30, experience 25, specialization 25, availability 10, rating 10 (100 in all)', () => {
    expect(Object.fromEntries(MENTOR_MATCH_INSIGHT_WEIGHTS.map((w) => [w.key, w.weight]))).toEqual({
      industry: 30,
      experience: 25,
      specialization: 25,
      availability: 10,
      rating: 10,
    });
    expect(MENTOR_MATCH_INSIGHT_WEIGHTS.reduce((s, w) => s + w.weight, 0)).toBe(100);
  });
});
