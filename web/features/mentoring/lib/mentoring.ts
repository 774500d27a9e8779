import { z } from 'zod';
import { mentorshipSessionCreateSchema } from '../../../../common/schemas/mentoring.ts';

/** The one completeness rule, shared with My Profile. */
export { profileCompleteness } from '../../../../common/rules/profile-completeness.ts';

/** The first `max` entries and how many more there are (the card's '+N'). */
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** The rounded mean score of the first `top` mentors, or null when there are none. */
export function averageTopScore(scores: readonly number[], top = 5): number | null {
  const best = [...scores].sort((a, b) => b - a).slice(0, top);
  return best.length ? Math.round(best.reduce((s, n) => s + n, 0) / best.length) : null;
}

/** A comma-separated text as a list: trimmed, blanks and repeats (case-insensitive) dropped. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/**
 * The Schedule Session form: the shared schema with the date and time as the browser's local date-time field gives
 * it (sent as an instant), and an empty meeting link meaning none.
 */
export const scheduleSessionForm = mentorshipSessionCreateSchema.extend({
  scheduledAt: z
    .string()
    .min(1, 'Choose a date and time')
    .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Choose a date and time')
    .transform((v) => new Date(v).toISOString()),
  meetingLink: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), mentorshipSessionCreateSchema.shape.meetingLink),
});
