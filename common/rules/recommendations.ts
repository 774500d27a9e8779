import { OWNER_ROLE } from './roles.ts';

/**
 * Member recommendation scoring. The server ranks in SQL with these same weights and uses
 * scoreMember() for the final score and the reasons of the members it returns.
 */
export const RECOMMENDATION_WEIGHTS = {
  sharedIndustry: 40,
  sharedExpertise: 30,
  location: 20,
  similarExperience: 15,
  experienceWindowYears: 5,
  cpPlus: 10,
  leadership: 25,
  completeProfile: 5,
  bioMinLength: 50,
} as const;

export const MAX_RECOMMENDATIONS = 8;
export const MAX_REASONS = 3;

export interface ScorableMember {
  industries: string[];
  expertise: string[];
  location: string | null;
  yearsExperience: number | null;
  membershipTier: string;
  role: string;
  jobTitle: string | null;
  bio: string | null;
  company: string | null;
}

export interface Recommendation {
  score: number;
  reasons: string[];
}

/** The parts of a location, lower-cased: "London, UK" → ["london", "uk"]. */
function locationParts(location: string | null): string[] {
  return (location ?? '')
    .toLowerCase()
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Matching or overlapping location: the same text, one containing the other ("London" and "London, UK"),
 * or the same first part (the city). Sharing only a country is not enough to count as near.
 */
export function locationsOverlap(a: string | null, b: string | null): boolean {
  const x = (a ?? '').trim().toLowerCase();
  const y = (b ?? '').trim().toLowerCase();
  if (!x || !y) return false;
  if (x === y || x.includes(y) || y.includes(x)) return true;
  return locationParts(x)[0] === locationParts(y)[0];
}

/**
 * Who reads as a senior leader in the network: the organisation's owner (master-admin), and members whose job title
 * holds one of `titleWords` as a whole word or one of `titleParts` anywhere, whatever the case. The server's SQL
 * twin (server/policies/recommendations.ts `leadershipProfileSql`) is built from this same list.
 */
export const LEADERSHIP = { role: OWNER_ROLE, titleWords: ['ceo'], titleParts: ['founder'] } as const;

/** Master-admins, and members whose job title names them CEO or founder (LEADERSHIP). */
export function isLeadershipProfile(m: Pick<ScorableMember, 'role' | 'jobTitle'>): boolean {
  const title = (m.jobTitle ?? '').toLowerCase();
  return (
    m.role === LEADERSHIP.role ||
    LEADERSHIP.titleWords.some((word) => new RegExp(`\\b${word}\\b`).test(title)) ||
    LEADERSHIP.titleParts.some((part) => title.includes(part))
  );
}

/** How well `candidate` suits `viewer`, with the reasons in order of weight (at most three shown). */
export function scoreMember(viewer: ScorableMember, candidate: ScorableMember): Recommendation {
  const w = RECOMMENDATION_WEIGHTS;
  const parts: Array<{ points: number; reason: string }> = [];
  const industries = candidate.industries.filter((i) => viewer.industries.includes(i));
  const expertise = candidate.expertise.filter((e) => viewer.expertise.includes(e));
  if (industries.length) parts.push({ points: industries.length * w.sharedIndustry, reason: `Shared industry: ${industries.join(', ')}` });
  if (expertise.length) parts.push({ points: expertise.length * w.sharedExpertise, reason: `Shared expertise: ${expertise.join(', ')}` });
  if (locationsOverlap(viewer.location, candidate.location)) parts.push({ points: w.location, reason: `Based near you (${candidate.location})` });
  if (viewer.yearsExperience != null && candidate.yearsExperience != null && Math.abs(viewer.yearsExperience - candidate.yearsExperience) <= w.experienceWindowYears) {
    parts.push({ points: w.similarExperience, reason: 'Similar level of experience' });
  }
  if (isLeadershipProfile(candidate)) parts.push({ points: w.leadership, reason: 'Senior leader in the network' });
  if (candidate.membershipTier === 'cp-plus') parts.push({ points: w.cpPlus, reason: 'CP+ member' });
  if ((candidate.bio ?? '').length > w.bioMinLength && candidate.company) parts.push({ points: w.completeProfile, reason: 'Complete professional profile' });
  const score = parts.reduce((s, p) => s + p.points, 0);
  const reasons = [...parts]
    .sort((a, b) => b.points - a.points)
    .slice(0, MAX_REASONS)
    .map((p) => p.reason);
  return { score, reasons };
}

/** Keeps members scoring above 0, best first, at most eight (ties: the given order). */
export function rankRecommendations<T extends ScorableMember>(viewer: ScorableMember, candidates: T[]): Array<T & Recommendation> {
  return candidates
    .map((c, i) => ({ c, i, r: scoreMember(viewer, c) }))
    .filter((x) => x.r.score > 0)
    .sort((a, b) => b.r.score - a.r.score || a.i - b.i)
    .slice(0, MAX_RECOMMENDATIONS)
    .map((x) => ({ ...x.c, ...x.r }));
}
