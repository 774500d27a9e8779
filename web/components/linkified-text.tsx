import { linkify } from '../lib/linkify.ts';
import { cn } from '../lib/utils.ts';

/**
 * Plain text written by a member, shown safely: React escapes it, line breaks are kept, and http(s) addresses
 * become links that open in a new tab without giving the other site a handle on this one (noopener, noreferrer)
 * and without vouching for it (nofollow, ugc).
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('whitespace-pre-wrap break-words', className)}>
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium text-primary underline decoration-primary/40 underline-offset-2 [overflow-wrap:anywhere] hover:decoration-primary focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}
