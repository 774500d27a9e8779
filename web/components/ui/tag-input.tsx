import { Plus, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addTagWithin, draftOnSubmit, type TagLimits } from '../../lib/tags.ts';
import { Button } from './button.tsx';
import { Field, fieldA11y } from './field.tsx';
import { Input } from './input.tsx';

/**
 * A tag list field: type and press Enter (or +) to add, × to remove; trimmed, no repeats (a repeat is cleared from
 * the field with a note that it is already in the list), at most `limits.max` tags of at most `limits.length` characters. Text still typed when its form is submitted is added first (or, when
 * it cannot be, the submit stops and the reason shows under the field), so nothing typed is silently dropped.
 */
export function TagInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  limits,
  error,
  disabled,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string[];
  onChange: (tags: string[]) => void;
  limits: TagLimits;
  error?: string;
  disabled?: boolean;
  className?: string;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = error ?? problem ?? undefined;
  const add = () => {
    const r = addTagWithin(value, draft, limits);
    setProblem(r.problem);
    // a repeat is already in the list: the field is cleared and says so; a tag that is too long stays to be fixed
    if (!r.problem || r.repeat) setDraft('');
    if (r.tags.length !== value.length) onChange(r.tags);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  // The form's own submit handler (React's, at the root) runs after this listener on the form element, so the
  // typed tag is in the form's values by then; stopping the event here keeps that handler from running at all.
  const latest = useRef({ value, draft, onChange, limits });
  useLayoutEffect(() => {
    latest.current = { value, draft, onChange, limits };
  });
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = (e: SubmitEvent) => {
      const { value: tags, draft: typed, onChange: change, limits: within } = latest.current;
      if (!typed.trim()) return;
      const r = draftOnSubmit(tags, typed, within);
      if (r.action === 'block') {
        e.preventDefault();
        e.stopPropagation();
        setProblem(r.problem);
        input.current?.focus();
        return;
      }
      if (r.action === 'add') change(r.tags);
      setDraft('');
      setProblem(null);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  return (
    <Field id={id} label={label} error={shown} hint={`${value.length}/${limits.max}`} className={className}>
      <div className="flex gap-2">
        <Input
          ref={input}
          {...fieldA11y(id, shown, true)}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={limits.length + 20}
          disabled={disabled}
          autoComplete="off"
        />
        <Button type="button" variant="outline" size="icon" onClick={add} disabled={disabled} aria-label={`Add to ${label}`}>
          <Plus aria-hidden />
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {value.map((tag, i) => (
            <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-1 pl-3 pr-1 text-sm text-primary">
              <span className="min-w-0 truncate">{tag}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                disabled={disabled}
                className="flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden />
                <span className="sr-only">Remove {tag}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}
