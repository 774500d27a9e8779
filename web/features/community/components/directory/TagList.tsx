import { cn } from '../../../../lib/utils.ts';

/**
 * A labelled row of tags (industries, expertise). With `max`, the first `max` tags then "+N more"; an empty list
 * says "Not specified" so every card keeps the same rows.
 */
export function TagList({ label, tags, max, tone = 'muted' }: { label: string; tags: readonly string[]; max?: number; tone?: 'muted' | 'primary' }) {
  const shown = max ? tags.slice(0, max) : tags;
  const more = tags.length - shown.length;
  const pill = tone === 'primary' ? 'bg-primary-soft text-primary' : 'bg-muted text-foreground/80';
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      {tags.length ? (
        <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={label}>
          {shown.map((t) => (
            <li key={t} className={cn('max-w-full truncate rounded-full px-2.5 py-0.5 text-xs font-medium', pill)} title={t}>
              {t}
            </li>
          ))}
          {more > 0 && (
            <li className="rounded-full border border-border px-2.5 py-0.5 text-xs text-muted-foreground" title={tags.slice(shown.length).join(', ')}>
              +{more} more
            </li>
          )}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-muted-foreground">Not specified</p>
      )}
    </div>
  );
}
