import { Lock, MessagesSquare, SendHorizontal } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { LEAD_COMMENT_MAX, leadCommentCreateSchema, type LeadComment } from '../../../../common/schemas/lead-comments.ts';
import { MentionText } from '../../../components/mentions/MentionText.tsx';
import { MentionTextarea } from '../../../components/mentions/MentionTextarea.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { useAddLeadComment, useLeadComments } from '../api/lead-comments.ts';

const nameParts = (name: string) => {
  const [firstName = '', ...rest] = name.split(' ');
  return { firstName, lastName: rest.join(' ') };
};

/** One message: who wrote it (and whether for the team), when, "Internal" on internal notes, the words with mentions as links. */
function Message({ comment: c }: { comment: LeadComment }) {
  const name = c.author?.name ?? 'Former member';
  return (
    <article aria-label={`${c.internal ? 'Internal note' : 'Message'} by ${name}`} className="flex gap-3">
      {c.author ? (
        <UserAvatar person={{ ...nameParts(c.author.name), profilePicture: c.author.picture }} pictureSize={64} className="size-8" />
      ) : (
        <span className="size-8 shrink-0 rounded-full bg-muted" aria-hidden />
      )}
      <div className={cn('min-w-0 flex-1 rounded-lg px-3 py-2', c.internal ? 'border border-warning/25 bg-warning-soft/70' : 'bg-muted/60')}>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-[13px]">
          {c.internal && (
            <Badge variant="warning" className="mr-0.5" title="Only administrators see internal notes">
              <Lock aria-hidden /> Internal
            </Badge>
          )}
          <span className="font-semibold">{name}</span>
          {c.author?.admin && <span className="text-muted-foreground">· Chief Partners team</span>}
          <time dateTime={c.createdAt} className="text-muted-foreground">
            · {formatDateTime(c.createdAt)}
          </time>
          {c.editedAt && (
            <span className="text-muted-foreground" title={`Edited ${formatDateTime(c.editedAt)}`}>
              · edited
            </span>
          )}
        </p>
        <p className="mt-1 text-sm leading-relaxed text-foreground/90">
          <MentionText text={c.content} />
        </p>
      </div>
    </article>
  );
}

/** Ctrl+Enter or ⌘+Enter sends; Enter alone is a new line. */
const isSendShortcut = (e: KeyboardEvent) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing;

/**
 * Writing in the discussion: the box (type @ and a name to mention a team member), the characters used, and for
 * administrators "Internal note (only admins see it)". The text is checked by the shared schema before it goes; a
 * refusal is said under the box and the text stays.
 */
function Composer({ leadId, admin, canWriteInternal }: { leadId: string; admin: boolean; canWriteInternal: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddLeadComment(leadId);
  // the limit counts the message as stored (a mention's token included)
  const length = text.length;
  const over = text.length > LEAD_COMMENT_MAX;

  const submit = () => {
    if (add.isPending) return;
    const parsed = leadCommentCreateSchema.safeParse({ content: text, internal: canWriteInternal && internal ? true : undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message');
    add.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setInternal(false);
        setError(null);
      },
      onError: (e) => setError(errorDetail(e, 'Could not send the message. Please try again.')),
    });
  };

  return (
    <form
      noValidate
      aria-label={admin ? 'Write in the discussion' : 'Ask the team'}
      className="grid gap-2 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-[13px] font-medium">
        {admin ? 'Message' : 'Your message to the team'}
      </label>
      <MentionTextarea
        id={`${id}-text`}
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (isSendShortcut(e)) {
            e.preventDefault();
            submit();
          }
        }}
        rows={3}
        disabled={add.isPending}
        placeholder={admin ? 'Write to the partner, or leave a note for the team…' : 'Ask a question or share an update…'}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
        className={cn('max-h-60 resize-y', internal && 'border-warning/50 bg-warning-soft/40')}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {canWriteInternal && (
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-internal`} checked={internal} onCheckedChange={(v) => setInternal(v === true)} disabled={add.isPending} />
            <label htmlFor={`${id}-internal`} className="cursor-pointer text-sm">
              Internal note <span className="text-muted-foreground">(only admins see it)</span>
            </label>
          </div>
        )}
        <p id={`${id}-hint`} className="mr-auto text-xs text-muted-foreground">
          <span className={cn('tabular-nums', over && 'font-medium text-destructive')}>
            {length.toLocaleString('en-GB')}/{LEAD_COMMENT_MAX.toLocaleString('en-GB')}
          </span>
          {/* beside the internal-note choice there is room for the count only */}
          <span className={canWriteInternal ? 'hidden' : 'hidden sm:inline'}> · Ctrl+Enter or ⌘+Enter to send</span>
        </p>
        <Button type="submit" size="sm" className="ml-auto" disabled={add.isPending || over || !text.trim()}>
          {add.isPending ? <Spinner className="size-3.5 text-primary-foreground" label="Sending" /> : internal ? <Lock aria-hidden /> : <SendHorizontal aria-hidden />}
          {add.isPending ? 'Sending…' : internal ? 'Add internal note' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A lead's discussion between its partner and the team: the messages oldest first ("Show later messages" when there
 * are more than a page), internal notes marked (administrators only ever receive them), then the box to write,
 * when the answer says the viewer may. Loading, empty and failed states in place.
 */
export function LeadDiscussion({ leadId, admin }: { leadId: string; admin: boolean }) {
  const comments = useLeadComments(leadId);
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const can = comments.data?.pages[0]?.can;

  return (
    <div className="grid gap-4">
      <QueryState
        query={comments}
        what="the discussion"
        loading={<SkeletonRows count={2} rowClassName="h-16 rounded-lg" label="Loading the discussion" />}
        error={(retry) => <LoadErrorNotice boxed what="the discussion" error={comments.error} onRetry={retry} className="flex-wrap items-center" />}
        isEmpty={(d) => d.pages.every((p) => p.items.length === 0)}
        empty={
          <EmptyState
            icon={MessagesSquare}
            framed
            className="py-6"
            titleClassName="text-sm"
            title={admin ? 'No messages yet — write to the partner or leave an internal note' : 'No messages yet — ask the team a question'}
          />
        }
      >
        {() => (
          <div className="grid gap-3">
            <ol aria-label="Messages" className="grid gap-3">
              {items.map((c) => (
                <li key={c.id}>
                  <Message comment={c} />
                </li>
              ))}
            </ol>
            {comments.isFetchNextPageError && <LoadErrorNotice boxed what="later messages" error={comments.error} onRetry={() => void comments.fetchNextPage()} />}
            {comments.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" size="sm" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
                  {comments.isFetchingNextPage && <Spinner className="size-3.5" label="Loading later messages" />}
                  {comments.isFetchingNextPage ? 'Loading…' : 'Show later messages'}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
      {can?.comment ? (
        <Composer leadId={leadId} admin={admin} canWriteInternal={can.writeInternal} />
      ) : (
        can && <p className="border-t border-border pt-4 text-sm text-muted-foreground">The discussion of this lead is closed.</p>
      )}
    </div>
  );
}
