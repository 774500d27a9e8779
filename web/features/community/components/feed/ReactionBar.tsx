import type { ReactionSummary } from '../../../../../common/schemas/conversations.ts';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../../components/ui/tooltip.tsx';
import { errorDetail } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.ts';
import { cn } from '../../../../lib/utils.ts';
import { useReaction, type ReactionTarget } from '../../api/comments.ts';
import { REACTION_LABELS, reactionButtonName, reactionRow, reactorsText } from '../../lib/conversations.ts';

/**
 * The four reactions of a post or comment as toggle buttons, each with its count once someone has reacted; pressed
 * when it is the viewer's.
 * Hovering or focusing one says who reacted. Where the viewer may not react the counts show without buttons.
 */
export function ReactionBar({
  target,
  reactions,
  canReact = true,
  label,
  compact = false,
}: {
  target: ReactionTarget;
  reactions: readonly ReactionSummary[];
  canReact?: boolean;
  /** What the reactions are on, for the group's name ("Reactions to …"). */
  label: string;
  compact?: boolean;
}) {
  const react = useReaction(target);
  const busy = react.isPending ? react.variables?.emoji : undefined;
  const row = reactionRow(reactions);

  return (
    <div role="group" aria-label={`Reactions to ${label}`} className="flex flex-wrap items-center gap-1.5">
      {row.map((r) => {
        if (!canReact && r.count === 0) return null;
        const button = (
          <button
            type="button"
            aria-pressed={r.mine}
            aria-label={reactionButtonName(r)}
            disabled={!canReact || busy === r.emoji}
            onClick={() =>
              react.mutate(
                { emoji: r.emoji, on: !r.mine },
                { onError: (e) => toast({ variant: 'destructive', title: 'Could not save your reaction', description: errorDetail(e, 'Please try again.') }) },
              )
            }
            className={cn(
              'inline-flex cursor-pointer items-center gap-1 rounded-full border tabular-nums transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default',
              compact ? 'h-7 px-2 text-xs' : 'h-8 px-2.5 text-[13px]',
              r.mine ? 'border-primary/60 bg-primary-soft font-semibold text-foreground' : 'border-border bg-card text-muted-foreground hover:bg-accent',
            )}
          >
            <span aria-hidden className={compact ? 'text-sm' : 'text-base'}>
              {r.emoji}
            </span>
            {r.count > 0 && <span aria-hidden>{r.count}</span>}
          </button>
        );
        return (
          <Tooltip key={r.emoji}>
            <TooltipTrigger asChild>{button}</TooltipTrigger>
            <TooltipContent className="max-w-64">
              <span className="font-semibold">{REACTION_LABELS[r.emoji]}</span>
              {r.count > 0 ? ` · ${reactorsText(r)}` : r.mine ? '' : ' · Be the first'}
            </TooltipContent>
          </Tooltip>
        );
      })}
    </div>
  );
}
