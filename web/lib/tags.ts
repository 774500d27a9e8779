/** The limits of a tag list: at most `max` tags, each at most `length` characters. */
export interface TagLimits {
  max: number;
  length: number;
}

/**
 * Adds a tag to a tag list as the server keeps it: trimmed, inner spaces collapsed, a blank ignored, a repeat (in
 * any letter case) ignored, at most `limits.max` tags of at most `limits.length` characters. Answers the new list,
 * why the tag was not added (for the line under the field), and whether it was a repeat.
 */
export function addTagWithin(tags: readonly string[], raw: string, limits: TagLimits): { tags: string[]; problem: string | null; repeat: boolean } {
  const tag = raw.trim().replace(/\s+/g, ' ');
  if (!tag) return { tags: [...tags], problem: null, repeat: false };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags: [...tags], problem: `“${tag}” is already in the list.`, repeat: true };
  if (tags.length >= limits.max) return { tags: [...tags], problem: `Add at most ${limits.max}.`, repeat: false };
  if (tag.length > limits.length) return { tags: [...tags], problem: `Each entry must be at most ${limits.length} characters.`, repeat: false };
  return { tags: [...tags, tag], problem: null, repeat: false };
}

/**
 * What a form does with the text still typed in a tag field when it is submitted: a new tag is added (`add`), a
 * blank or a repeat is simply cleared (`clear`), and one that cannot be added (too many, too long) stops the
 * submit with its reason (`block`), so nothing typed is silently dropped.
 */
export function draftOnSubmit(
  tags: readonly string[],
  draft: string,
  limits: TagLimits,
): { action: 'add'; tags: string[] } | { action: 'clear' } | { action: 'block'; problem: string } {
  const r = addTagWithin(tags, draft, limits);
  if (r.problem && !r.repeat) return { action: 'block', problem: r.problem };
  return r.tags.length !== tags.length ? { action: 'add', tags: r.tags } : { action: 'clear' };
}
