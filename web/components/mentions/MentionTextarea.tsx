import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { api } from '../../lib/api.ts';
import { withQuery } from '../../lib/query-keys.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { cn } from '../../lib/utils.ts';
import { UserAvatar } from '../user-avatar.tsx';
import type { MentionSuggestion, MentionSuggestions } from '../../../common/schemas/mentions.ts';
import { cleanMentionName, insertMention, mentionQueryAt, toDisplay, toStored, type PickedMember } from './mentions.ts';

const SUGGEST_PATH = '/api/mentions/suggest';

/** Up to eight members whose first or last name starts with `q`, once typing pauses. */
function useSuggestions(q: string | null) {
  const query = useDebouncedValue(q?.trim() ?? null, 200);
  return useQuery({
    enabled: !!query,
    queryKey: [SUGGEST_PATH, { q: query }],
    queryFn: () => api.get<MentionSuggestions>(withQuery(SUGGEST_PATH, { q: query })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (d) => d.items,
  });
}

const splitName = (name: string) => {
  const [firstName = '', ...rest] = name.split(' ');
  return { firstName, lastName: rest.join(' ') };
};

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'defaultValue' | 'ref'>;

/**
 * A text box in which `@` and a letter or more suggest members to mention (debounced, up to eight, under the box).
 * Arrow keys move through them, Enter or Tab picks one, Escape closes the list (and only the list); the box keeps
 * its own role and names the list it controls and the option in focus, so a screen reader follows along. A picked
 * member reads `@Display Name` in the box, and `value`/`onChange` carry the stored form, `@[Display Name](user:<uuid>)`.
 */
export function MentionTextarea({
  value,
  onChange,
  onKeyDown,
  onBlur,
  className,
  ref,
  ...props
}: TextareaProps & { value: string; onChange: (stored: string) => void; ref?: Ref<HTMLTextAreaElement> }) {
  const listId = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [state, setState] = useState(() => ({ ...toDisplay(value), stored: value }));
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  // the value was changed from outside (the form was reset or sent): the box shows it afresh
  if (value !== state.stored) setState({ ...toDisplay(value), stored: value });

  const typing = caret === null ? null : mentionQueryAt(state.display, caret);
  const open = !!typing && closedAt !== typing.start;
  const suggestions = useSuggestions(open ? typing.query : null);
  const items = open ? (suggestions.data ?? []) : [];
  const shown = open && items.length > 0;
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !box.current) return;
    pendingCaret.current = null;
    box.current.setSelectionRange(at, at);
  });

  // Escape closes the list before a dialog around the box sees it (the dialog listens before the box does)
  useEffect(() => {
    if (!shown) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== box.current) return;
      e.preventDefault();
      setClosedAt(typing?.start ?? null);
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [shown, typing?.start]);

  const update = (display: string, picked: PickedMember[], at: number | null) => {
    const stored = toStored(display, picked);
    setState({ display, picked, stored });
    setCaret(at);
    // the mention closed with Escape is over once no mention is being typed; a new one opens the list again
    if (at === null || !mentionQueryAt(display, at)) setClosedAt(null);
    onChange(stored);
  };

  const pick = (s: MentionSuggestion) => {
    if (!typing || caret === null) return;
    const name = cleanMentionName(s.name);
    const next = insertMention(state.display, typing.start, caret, name);
    const picked = [...state.picked.filter((m) => m.name !== name), { name, id: s.id }];
    pendingCaret.current = next.caret;
    setActive(0);
    update(next.text, picked, next.caret);
    box.current?.focus();
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown && !e.nativeEvent.isComposing) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + items.length) % items.length);
        return;
      }
      if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.shiftKey) || e.key === 'Tab') {
        const s = items[activeIndex];
        if (s) {
          e.preventDefault();
          pick(s);
          return;
        }
      }
      // handled by the window's listener above: the list closes and nothing else happens
      if (e.key === 'Escape') return;
    }
    onKeyDown?.(e);
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <textarea
        {...props}
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        value={state.display}
        onChange={(e) => {
          setActive(0);
          update(e.target.value, state.picked, e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart === e.currentTarget.selectionEnd ? e.currentTarget.selectionStart : null)}
        onKeyDown={keyDown}
        onBlur={(e) => {
          // a click on a suggestion keeps the focus here (mouse down is prevented), so this is leaving the box
          setCaret(null);
          onBlur?.(e);
        }}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? optionId(activeIndex) : undefined}
        className={cn(
          'flex min-h-20 w-full rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs transition-colors',
          'placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-60',
          'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30',
          className,
        )}
      />
      <p className="sr-only" aria-live="polite">
        {shown ? `${items.length} ${items.length === 1 ? 'member' : 'members'} to mention; arrow keys to choose, Enter to pick` : ''}
      </p>
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {items.map((s, i) => {
            const role = [s.jobTitle, s.company].filter(Boolean).join(' at ');
            return (
              // the keys are the box's: it keeps the focus and moves through the options (aria-activedescendant)
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={s.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                // the box keeps the focus; the click picks
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(s)}
                className={cn('flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm', i === activeIndex && 'bg-accent text-accent-foreground')}
              >
                <UserAvatar person={{ ...splitName(s.name), profilePicture: s.picture }} pictureSize={64} className="size-7 shrink-0" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{s.name}</span>
                  {role && <span className="block truncate text-xs text-muted-foreground">{role}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
