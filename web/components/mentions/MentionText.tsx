import { Link } from 'react-router';
import { linkify } from '../../lib/linkify.ts';
import { cn } from '../../lib/utils.ts';
import { splitMentions } from '../../../common/schemas/mentions.ts';
import { memberProfilePath } from './mentions.ts';

const LINK =
  'font-medium text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring';

/** Plain words with their web addresses as links that open in a new tab (as `LinkifiedText` shows them). */
function Words({ text }: { text: string }) {
  return linkify(text).map((part, i) =>
    part.kind === 'link' ? (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className={cn(LINK, '[overflow-wrap:anywhere]')}>
        {part.text}
      </a>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

/**
 * Text written by a member, shown safely (React escapes it, line breaks are kept): each mention
 * `@[Display Name](user:<uuid>)` reads `@Display Name` and links to that member's profile; http(s) addresses are
 * links that open in a new tab; everything else is plain text.
 */
export function MentionText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('whitespace-pre-wrap break-words', className)}>
      {splitMentions(text).map((part, i) =>
        part.type === 'mention' ? (
          <Link key={i} to={memberProfilePath(part.id)} state={{ memberName: part.name }} className={cn(LINK, 'no-underline hover:underline')}>
            @{part.name}
          </Link>
        ) : (
          <Words key={i} text={part.text} />
        ),
      )}
    </span>
  );
}
