import { useState } from 'react';

/**
 * A list's current page that starts again at 1 whenever `key` (its search and filters) changes: the page is
 * stored with the key it belongs to, so a new filter never shows page 7 of the old one, and nothing resets it
 * in an effect after a first wrong render.
 */
export function usePageFor(key: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next: number) => setState({ key, page: next })];
}
