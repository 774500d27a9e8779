/**
 * How complete a member's profile is: the share of the fields other members and the matching use that hold
 * something (a non-blank text or a non-empty list). One rule for every place that shows the figure.
 */
export const COMPLETENESS_FIELDS = [
  { key: 'jobTitle', label: 'Job title' },
  { key: 'company', label: 'Company' },
  { key: 'location', label: 'Location' },
  { key: 'bio', label: 'Bio' },
  { key: 'linkedinUrl', label: 'LinkedIn profile' },
  { key: 'expertise', label: 'Areas of expertise' },
  { key: 'industries', label: 'Industry experience' },
  { key: 'profilePicture', label: 'Profile photo' },
] as const;

export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number]['key'];
export type ProfileLike = Partial<Record<CompletenessField, string | readonly string[] | null | undefined>>;

const filled = (v: ProfileLike[CompletenessField]) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');

/** The whole percentage (0-100) of the fields filled, and the fields still empty, in the order above. */
export function completeness(profile: ProfileLike): { percent: number; missing: { key: CompletenessField; label: string }[] } {
  const missing = COMPLETENESS_FIELDS.filter((f) => !filled(profile[f.key])).map((f) => ({ key: f.key, label: f.label }));
  const percent = Math.round(((COMPLETENESS_FIELDS.length - missing.length) / COMPLETENESS_FIELDS.length) * 100);
  return { percent, missing };
}

/** Percent (0-100, whole) of the completeness fields that hold something. */
export function profileCompleteness(profile: ProfileLike): number {
  return completeness(profile).percent;
}
