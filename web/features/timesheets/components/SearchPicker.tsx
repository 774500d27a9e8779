import { Check, Search, X } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { PickOption } from '../api/timesheets.ts';

type OptionsQuery = (search: string, enabled: boolean) => { data?: PickOption[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * Choose one record found by a search: the choice once made (with Change), else a search box and the matches as
 * buttons. Used for the placement's lead, contractor and client.
 */
export function SearchPicker({
  id,
  label,
  value,
  onChange,
  useOptions,
  placeholder,
  error,
  disabled = false,
  exclude,
}: {
  id: string;
  label: string;
  value: PickOption | null;
  onChange: (option: PickOption | null) => void;
  useOptions: OptionsQuery;
  placeholder: string;
  error?: string;
  disabled?: boolean;
  /** An id not to offer (the other party of the placement). */
  exclude?: string;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const options = useOptions(debounced, !value && !disabled);
  const errorId = `${id}-error`;
  if (value) {
    return (
      <div className="grid gap-2">
        <Label id={`${id}-label`}>{label}</Label>
        <div className="flex items-center gap-3 rounded-lg border border-input bg-card px-3 py-2" role="group" aria-labelledby={`${id}-label`}>
          <Check className="size-4 shrink-0 text-success" aria-hidden />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{value.label}</p>
            {value.detail && <p className="truncate text-xs text-muted-foreground">{value.detail}</p>}
          </div>
          {!disabled && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Change the ${label.toLowerCase()}`}>
              <X aria-hidden /> Change
            </Button>
          )}
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  }
  const shown = (options.data ?? []).filter((o) => o.id !== exclude);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          className="pl-9"
          autoComplete="off"
          placeholder={placeholder}
          value={search}
          disabled={disabled}
          onChange={(e) => setSearch(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
      {options.isPending ? (
        <SkeletonRows count={2} rowClassName="h-10 w-full" />
      ) : options.isError ? (
        <LoadErrorNotice what="the choices" error={options.error} onRetry={() => void options.refetch()} />
      ) : shown.length ? (
        <ul className="grid max-h-36 gap-1 overflow-y-auto rounded-lg border border-border p-1" aria-label={`Matching ${label.toLowerCase()} choices`}>
          {shown.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                className="w-full cursor-pointer rounded-md px-2.5 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => {
                  onChange(o);
                  setSearch('');
                }}
              >
                <span className="block truncate font-medium">{o.label}</span>
                <span className="block truncate text-xs text-muted-foreground">{o.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{debounced ? `Nothing matches “${debounced}”.` : 'Nothing to choose from yet.'}</p>
      )}
    </div>
  );
}
