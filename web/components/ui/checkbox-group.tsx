import type { Ref } from 'react';
import { cn } from '../../lib/utils.ts';
import { Checkbox } from './checkbox.tsx';
import { FieldError } from './field.tsx';

/** A multi-select list of checkboxes in a fieldset whose legend names the group. */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  firstRef,
  columns = 2,
}: {
  id: string;
  legend: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  firstRef?: Ref<HTMLButtonElement>;
  columns?: 2 | 3;
}) {
  const toggle = (option: string, checked: boolean) => {
    const set = new Set(value);
    if (checked) set.add(option);
    else set.delete(option);
    onChange(options.filter((o) => set.has(o)));
  };
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-3 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>{legend}</span>
        <span className="text-xs font-normal text-muted-foreground" aria-hidden>
          {value.length} selected
        </span>
      </legend>
      <div
        className={cn(
          'grid gap-x-4 gap-y-1 rounded-lg border p-3',
          columns === 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2',
          error ? 'border-destructive' : 'border-border',
        )}
      >
        {options.map((option, i) => {
          const optionId = `${id}-${i}`;
          return (
            <div key={option} className="flex items-center gap-2.5 rounded-md px-1.5 py-1.5 hover:bg-accent">
              <Checkbox id={optionId} ref={i === 0 ? firstRef : undefined} checked={value.includes(option)} onCheckedChange={(c) => toggle(option, c === true)} />
              <label htmlFor={optionId} className="cursor-pointer text-sm leading-snug">
                {option}
              </label>
            </div>
          );
        })}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
