import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { GlobalAbilities } from '../../../../common/schemas/abilities.ts';

// the palette is its own chunk, fetched the first time it opens: the shell carries only this button and the shortcut
const CommandPalette = lazy(async () => ({ default: (await import('./CommandPalette.tsx')).CommandPalette }));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search button and the Ctrl-K / ⌘-K shortcut of every signed-in screen, opening the command palette. */
export function SearchLauncher({ can }: { can: GlobalAbilities }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setLoaded(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac ? '⌘K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="flex h-9 items-center gap-2 rounded-lg border border-border px-2.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Search className="size-4" aria-hidden />
        <span className="hidden sm:inline">Search</span>
        <span className="sr-only sm:hidden">Search</span>
        <kbd className="hidden rounded border border-border px-1 font-sans text-[11px] sm:inline">{shortcut}</kbd>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} can={can} />
        </Suspense>
      )}
    </>
  );
}
