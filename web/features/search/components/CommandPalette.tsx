import { Clock, FileText, Search, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { GlobalAbilities } from '../../../../common/schemas/abilities.ts';
import { SEARCH_GROUP_LABELS, SEARCH_GROUPS, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../../../common/schemas/search.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { cn } from '../../../lib/utils.ts';
import { useSearch } from '../api/search.ts';
import { matchActions } from '../lib/actions.ts';
import { clearRecent, readRecent, rememberSearch } from '../lib/recent.ts';
import { Highlight } from './Highlight.tsx';

/** One choice of the list: a result to open, or a recent search to run again. */
interface Option {
  key: string;
  title: string;
  subtitle: string | null;
  /** A path to open, or the text of a recent search. */
  url?: string;
  recent?: string;
  /** A member's name, for their profile to show while it loads. */
  memberName?: string;
}
interface Group {
  id: string;
  label: string;
  options: Option[];
}

/**
 * The command palette (Ctrl-K, ⌘-K, or the header's search button): a text box over a list of the product's pages
 * and actions the viewer may open, matched here, and the server's matches in groups (members, leads, posts, events,
 * chat channels), each only what the viewer may open. Arrow keys move through the list, Enter opens, Escape closes
 * and focus returns where it was. With nothing typed it offers the last five searches.
 */
export function CommandPalette({ open, onOpenChange, can }: { open: boolean; onOpenChange: (open: boolean) => void; can: GlobalAbilities }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/45 backdrop-blur-[2px] animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-[10dvh] z-50 flex max-h-[80dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-raised animate-fade-in focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          {open && <PaletteBody can={can} close={() => onOpenChange(false)} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PaletteBody({ can, close }: { can: GlobalAbilities; close: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(text, 250);
  const q = debounced.trim();
  const asking = text.trim().length >= SEARCH_MIN_LENGTH;
  const search = useSearch(asking ? debounced : '');
  const settled = asking && q === text.trim() && !search.isFetching;

  const groups = useMemo<Group[]>(() => {
    const typed = text.trim();
    if (!typed) {
      const options = recent.map((r) => ({ key: `recent:${r}`, title: r, subtitle: null, recent: r }));
      return options.length ? [{ id: 'recent', label: 'Recent searches', options }] : [];
    }
    const pages = matchActions(typed, can).map((a) => ({ key: `page:${a.id}`, title: a.title, subtitle: a.subtitle, url: a.url }));
    const out: Group[] = pages.length ? [{ id: 'pages', label: 'Pages and actions', options: pages }] : [];
    const data = asking ? search.data : undefined;
    if (data) {
      for (const g of SEARCH_GROUPS) {
        const options = data.groups[g].map((r) => ({
          key: `${g}:${r.id}`,
          title: r.title,
          subtitle: r.subtitle,
          url: r.url,
          memberName: g === 'members' ? r.title : undefined,
        }));
        if (options.length) out.push({ id: g, label: SEARCH_GROUP_LABELS[g], options });
      }
    }
    return out;
  }, [text, recent, can, asking, search.data]);
  const flat = groups.flatMap((g) => g.options);
  const current = Math.min(active, flat.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (o: Option | undefined) => {
    if (!o) return;
    if (o.recent !== undefined) {
      setText(o.recent);
      setActive(0);
      return;
    }
    if (text.trim().length >= SEARCH_MIN_LENGTH) setRecent(rememberSearch(text));
    close();
    void navigate(o.url!, o.memberName ? { state: { memberName: o.memberName } } : undefined);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!flat.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = (current + step + flat.length) % flat.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : flat.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(flat[current]);
    }
  };

  const shown = text.trim();
  let index = -1;
  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-4">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length ? optionId(current) : undefined}
          aria-label="Search members, leads, posts, events, channels and pages"
          placeholder="Search or jump to…"
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
        />
        {asking && search.isFetching && <Spinner className="size-4" label="Searching" />}
        <DialogPrimitive.Close className="rounded-md px-1.5 py-0.5 text-xs text-muted-foreground ring-1 ring-border hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
          Esc<span className="sr-only"> to close search</span>
        </DialogPrimitive.Close>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <div id={listId} role="listbox" aria-label="Search results" className={cn(!flat.length && 'hidden')}>
          {groups.map((g) => (
            <div key={g.id} role="group" aria-labelledby={`${listId}-${g.id}`}>
              <div id={`${listId}-${g.id}`} className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {g.label}
              </div>
              {g.options.map((o) => {
                index += 1;
                const i = index;
                return (
                  // the keys are the box's: it keeps the focus and moves through the options (aria-activedescendant)
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <div
                    key={o.key}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === current}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose(o)}
                    className={cn('flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm', i === current && 'bg-accent')}
                  >
                    {o.recent !== undefined ? (
                      <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    ) : (
                      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">
                        <Highlight text={o.title} query={shown} />
                      </span>
                      {o.subtitle && <span className="block truncate text-xs text-muted-foreground">{o.subtitle}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <Status
          text={shown}
          asking={asking}
          settled={settled}
          empty={!flat.length}
          failed={search.isError}
          retry={() => void search.refetch()}
          recent={recent.length > 0}
        />
        {!shown && recent.length > 0 && (
          <button
            type="button"
            onClick={() => {
              clearRecent();
              setRecent([]);
            }}
            className="mx-3 my-2 inline-flex items-center gap-1 rounded-md text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-3" aria-hidden /> Clear recent searches
          </button>
        )}
      </div>
    </>
  );
}

/** What the list says when it has nothing (yet) to show, and the search's failure. */
function Status(p: { text: string; asking: boolean; settled: boolean; empty: boolean; failed: boolean; retry: () => void; recent: boolean }) {
  let message: ReactNode = null;
  if (p.failed) {
    message = (
      <>
        Search failed.{' '}
        <button type="button" onClick={p.retry} className="font-medium text-primary underline-offset-4 hover:underline">
          Try again
        </button>
      </>
    );
  } else if (!p.text) message = p.recent ? null : 'Type to search members, leads, posts, events, channels and pages.';
  else if (!p.asking && p.empty) message = `Type at least ${SEARCH_MIN_LENGTH} characters.`;
  else if (p.settled && p.empty) message = `No results for “${p.text}”`;
  else if (p.empty) message = 'Searching…';
  return (
    <p role="status" className={cn('px-3 py-6 text-center text-sm text-muted-foreground', !message && 'sr-only')}>
      {message}
    </p>
  );
}
