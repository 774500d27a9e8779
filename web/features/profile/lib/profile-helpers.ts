import { PROFILE_LIMITS } from '../../../../common/schemas/profile.ts';

/**
 * Adds a tag to a profile tag list as the server keeps it: trimmed, inner spaces collapsed, a blank ignored, a
 * repeat (in any letter case) ignored, at most PROFILE_LIMITS.tags.max tags. Answers the new list and, when the
 * tag was not added, why (for the line under the field).
 */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; problem: string | null } {
  const tag = raw.trim().replace(/\s+/g, ' ');
  if (!tag) return { tags: [...tags], problem: null };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags: [...tags], problem: `“${tag}” is already in the list.` };
  if (tags.length >= PROFILE_LIMITS.tags.max) return { tags: [...tags], problem: `Add at most ${PROFILE_LIMITS.tags.max}.` };
  if (tag.length > PROFILE_LIMITS.tags.length) return { tags: [...tags], problem: `Each entry must be at most ${PROFILE_LIMITS.tags.length} characters.` };
  return { tags: [...tags, tag], problem: null };
}

/** The list without the tag at `index`. */
export function removeTag(tags: readonly string[], index: number): string[] {
  return tags.filter((_, i) => i !== index);
}

/** Whether a chosen picture is over the size limit (checked before it is sent). */
export const pictureTooLarge = (file: { size: number }) => file.size > PROFILE_LIMITS.pictureBytes;
/** Whether a chosen CV is over the size limit (checked before it is sent). */
export const cvTooLarge = (file: { size: number }) => file.size > PROFILE_LIMITS.cvBytes;
