/**
 * Mentor match score: how well a mentor fits a member looking for one (higher is better, at most 100).
 *
 * - each industry both share adds 15, at most 30;
 * - 10 or more years of experience add 25, 5 to 9 years add 15;
 * - each of the member's areas of expertise among the mentor's specializations adds 12, at most 25;
 * - a free mentee place adds 10;
 * - a rating of 4.5 or more adds 10, of 4 up to below 4.5 adds 5.
 *
 * Names are compared trimmed and case-insensitively. The server scores every listed mentor for the signed-in
 * member with this function and sorts by it.
 */
export const MENTOR_MATCH_POINTS = {
  perSharedIndustry: 15,
  sharedIndustryCap: 30,
  seniorYears: 10,
  seniorExperience: 25,
  experiencedYears: 5,
  experienced: 15,
  perSharedSpecialization: 12,
  sharedSpecializationCap: 25,
  freePlace: 10,
  topRating: 4.5,
  topRatingPoints: 10,
  goodRating: 4,
  goodRatingPoints: 5,
} as const;

/** The weights the Matching Insights tab explains, in percent. */
export const MENTOR_MATCH_INSIGHT_WEIGHTS = [
  { key: 'industry', label: 'Industry Match', weight: 30 },
  { key: 'experience', label: 'Experience Level', weight: 25 },
  { key: 'specialization', label: 'Specialization Alignment', weight: 25 },
  { key: 'availability', label: 'Availability', weight: 10 },
  { key: 'rating', label: 'Mentor Rating', weight: 10 },
] as const;

/** The most reasons a mentor card shows. */
export const MAX_MATCH_REASONS = 2;

export const MATCH_LABELS = ['Excellent Match', 'Good Match', 'Fair Match', 'Basic Match'] as const;
export type MatchLabel = (typeof MATCH_LABELS)[number];
export const MATCH_TONES = ['green', 'blue', 'yellow', 'gray'] as const;
export type MatchTone = (typeof MATCH_TONES)[number];

export interface MentorMatch {
  score: number;
  label: MatchLabel;
  tone: MatchTone;
  /** Up to two human reasons, strongest first, e.g. 'Shared industry: Finance'. */
  reasons: string[];
}

/** What scoring needs of the member looking for a mentor (their users.industries and users.expertise). */
export interface MatchSeeker {
  industries: readonly string[];
  expertise: readonly string[];
}

/** What scoring needs of a mentor profile. */
export interface MatchMentor {
  industries: readonly string[];
  specializations: readonly string[];
  yearsExperience: number;
  currentMentees: number;
  maxMentees: number;
  /** The mean review rating, 0 to 5 (a number or the decimal text the database keeps). */
  rating: number | string;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The mentor's entries (as the mentor wrote them, each once) that the seeker's list also has. */
function shared(mine: readonly string[], theirs: readonly string[]): string[] {
  const wanted = new Set(mine.map(norm).filter(Boolean));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of theirs) {
    const k = norm(t);
    if (!k || !wanted.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push(t.trim());
  }
  return out;
}

/** The label and colour token of a score: 80+ Excellent, 60+ Good, 40+ Fair, else Basic. */
export function matchLabel(score: number): { label: MatchLabel; tone: MatchTone } {
  if (score >= 80) return { label: 'Excellent Match', tone: 'green' };
  if (score >= 60) return { label: 'Good Match', tone: 'blue' };
  if (score >= 40) return { label: 'Fair Match', tone: 'yellow' };
  return { label: 'Basic Match', tone: 'gray' };
}

/** Scores a mentor for a member, with the label and up to two reasons. */
export function scoreMentor(seeker: MatchSeeker, mentor: MatchMentor): MentorMatch {
  const P = MENTOR_MATCH_POINTS;
  // each part with its reason, in the order of their weight; reasons come from the parts that scored
  const parts: Array<{ points: number; reason: string }> = [];

  const industries = shared(seeker.industries, mentor.industries);
  if (industries.length) {
    parts.push({
      points: Math.min(industries.length * P.perSharedIndustry, P.sharedIndustryCap),
      reason: industries.length === 1 ? `Shared industry: ${industries[0]}` : `Shared industries: ${industries.slice(0, 2).join(', ')}`,
    });
  }

  const years = mentor.yearsExperience;
  if (years >= P.seniorYears) parts.push({ points: P.seniorExperience, reason: `${P.seniorYears}+ years of experience` });
  else if (years >= P.experiencedYears) parts.push({ points: P.experienced, reason: `${years} years of experience` });

  const specializations = shared(seeker.expertise, mentor.specializations);
  if (specializations.length) {
    parts.push({
      points: Math.min(specializations.length * P.perSharedSpecialization, P.sharedSpecializationCap),
      reason: specializations.length === 1 ? `Expertise in ${specializations[0]}` : `Expertise in ${specializations.slice(0, 2).join(', ')}`,
    });
  }

  if (mentor.currentMentees < mentor.maxMentees) parts.push({ points: P.freePlace, reason: 'Available for new mentees' });

  const rating = typeof mentor.rating === 'number' ? mentor.rating : Number(mentor.rating);
  if (rating >= P.topRating) parts.push({ points: P.topRatingPoints, reason: `Highly rated (${rating.toFixed(1)})` });
  else if (rating >= P.goodRating) parts.push({ points: P.goodRatingPoints, reason: `Well rated (${rating.toFixed(1)})` });

  const score = parts.reduce((sum, p) => sum + p.points, 0);
  // strongest first; equal points keep the order above (the sort is stable)
  const reasons = [...parts]
    .sort((a, b) => b.points - a.points)
    .slice(0, MAX_MATCH_REASONS)
    .map((p) => p.reason);
  return { score, ...matchLabel(score), reasons };
}
