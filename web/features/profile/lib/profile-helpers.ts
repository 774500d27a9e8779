import { PROFILE_LIMITS } from '../../../../common/schemas/profile.ts';
import { addTagWithin } from '../../../lib/tags.ts';

/**
 * Adds a tag to a profile tag list as the server keeps it (see addTagWithin): at most PROFILE_LIMITS.tags.max tags.
 * Answers the new list and, when the tag was not added, why (for the line under the field).
 */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; problem: string | null } {
  const { tags: next, problem } = addTagWithin(tags, raw, PROFILE_LIMITS.tags);
  return { tags: next, problem };
}

/** The list without the tag at `index`. */
export function removeTag(tags: readonly string[], index: number): string[] {
  return tags.filter((_, i) => i !== index);
}

/** Whether a chosen picture is over the size limit (checked before it is sent). */
export const pictureTooLarge = (file: { size: number }) => file.size > PROFILE_LIMITS.pictureBytes;
/** Whether a chosen CV is over the size limit (checked before it is sent). */
export const cvTooLarge = (file: { size: number }) => file.size > PROFILE_LIMITS.cvBytes;
