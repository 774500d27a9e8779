import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COMMUNITY_LIMITS } from '../../../../../common/constants/community.ts';
import { commentEditSchema } from '../../../../../common/schemas/conversations.ts';
import { MentionTextarea } from '../../../../components/mentions/MentionTextarea.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../../lib/api.ts';
import { cn } from '../../../../lib/utils.ts';
import { counterText, isSendShortcut } from '../../lib/conversations.ts';

const MAX = COMMUNITY_LIMITS.commentContent.max;

/**
 * Writing a comment, a reply or an edit: a labelled box (where @ suggests members to mention) with the characters
 * used of the limit; Cmd+Enter or
 * Ctrl+Enter sends (Enter alone is a new line, as comments run to paragraphs); Escape cancels where there is a
 * Cancel. The text is checked by the shared schema before it goes, and a refusal is said under the box.
 */
export function CommentForm({
  label,
  placeholder,
  initial = '',
  submitLabel,
  pendingLabel,
  focusOnOpen = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder?: string;
  initial?: string;
  submitLabel: string;
  pendingLabel: string;
  focusOnOpen?: boolean;
  /** Sends the checked text; resolves when the server has it (the box then empties), rejects with the refusal. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const over = text.length > MAX;

  useEffect(() => {
    if (!focusOnOpen) return;
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, [focusOnOpen]);

  const submit = async () => {
    if (busy) return;
    const parsed = commentEditSchema.safeParse({ content: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the comment');
    setBusy(true);
    try {
      await onSubmit(parsed.data.content);
      setText('');
      setError(null);
    } catch (e) {
      setError(errorDetail(e, 'Could not save the comment. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendShortcut({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      noValidate
      aria-label={label}
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-[13px] font-medium">
        {label}
      </label>
      <MentionTextarea
        id={`${id}-text`}
        ref={box}
        value={text}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        placeholder={placeholder}
        disabled={busy}
        onChange={(v) => {
          setText(v);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
        className="max-h-48 min-h-16 resize-y"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {error && (
          <p id={`${id}-error`} role="alert" className="text-[13px] font-medium text-destructive">
            {error}
          </p>
        )}
        <p id={`${id}-hint`} className="mr-auto text-xs text-muted-foreground">
          <span className={cn('tabular-nums', over && 'font-medium text-destructive')}>{counterText(text.length, MAX)}</span>
          <span className="hidden sm:inline"> · Ctrl+Enter or ⌘+Enter to send</span>
        </p>
        <div className="ml-auto flex gap-2">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={busy || over || !text.trim()}>
            {busy ? <Spinner className="size-3.5 text-primary-foreground" label={pendingLabel} /> : <SendHorizontal aria-hidden />}
            {busy ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
