import { EyeOff, Flag, MoreHorizontal, Pin, PinOff } from 'lucide-react';
import type { Post } from '../../../../../common/schemas/community.ts';
import { HIDDEN_CONTENT_LABEL } from '../../../../../common/schemas/moderation.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../../lib/utils.ts';
import { usePinPost } from '../../api/posts.ts';

/** "Pinned": the mark of an announcement an administrator keeps at the top of the feed. */
export function PinnedMark({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground', className)}
    >
      <Pin className="size-3" aria-hidden /> Pinned
    </span>
  );
}

/** "Hidden by a moderator": what the author and the administrators read on content hidden from everyone else. */
export function HiddenMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-warning/40 bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning',
        className,
      )}
    >
      <EyeOff className="size-3" aria-hidden /> {HIDDEN_CONTENT_LABEL}
    </span>
  );
}

/**
 * The post's other actions, behind "More actions": Pin to the top of the feed or Unpin (administrators), and
 * Report to the moderators (someone else's post). Nothing is shown when the viewer may do neither.
 */
export function PostMenu({ post, onReport }: { post: Post; onReport: () => void }) {
  const pin = usePinPost();
  if (!post.can.pin && !post.can.report) return null;
  const pinned = post.pinnedAt !== null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label={`More actions for post: ${post.title}`} disabled={pin.isPending}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        {post.can.pin && (
          <DropdownMenuItem onSelect={() => pin.mutate({ id: post.id, pin: !pinned })}>
            {pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
            {pinned ? 'Unpin from the top' : 'Pin to the top of the feed'}
          </DropdownMenuItem>
        )}
        {post.can.report && (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden /> Report post
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
