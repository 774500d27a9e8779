import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SPARKLE_MS } from '../../../../common/constants/community.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The visitor asked the system for less motion; follows changes to the setting. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(REDUCED_MOTION);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The celebration of newly earned achievements: each id in `fresh` sparkles for SPARKLE_MS, then `onSeen` is called
 * once for the batch (the server then stops calling them new, so they celebrate only once). With reduced motion
 * nothing plays, but they are still marked seen. Returns whether an id is celebrating now.
 */
export function useCelebration(fresh: readonly string[], onSeen: () => void): (id: string) => boolean {
  const reduced = usePrefersReducedMotion();
  const [finished, setFinished] = useState<ReadonlySet<string>>(() => new Set());
  const scheduled = useRef(new Set<string>());
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  });
  const key = fresh.join('\n');

  useEffect(() => {
    const planned = scheduled.current;
    const pending = (key ? key.split('\n') : []).filter((id) => !planned.has(id));
    if (!pending.length) return;
    for (const id of pending) planned.add(id);
    const timer = setTimeout(
      () => {
        setFinished((old) => new Set([...old, ...pending]));
        seen.current();
      },
      reduced ? 0 : SPARKLE_MS,
    );
    return () => {
      // interrupted (the list changed, or the tab was left): the batch is scheduled again next time
      clearTimeout(timer);
      for (const id of pending) planned.delete(id);
    };
  }, [key, reduced]);

  return (id) => !reduced && fresh.includes(id) && !finished.has(id);
}
