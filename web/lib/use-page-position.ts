import { useState } from 'react';
import { positionFor, type PageCursors, type PagePosition } from './paging.ts';

/**
 * Where a list read in key order is (the page shown and the cursor that found it), starting again at page 1
 * whenever `key` (its search and filters) changes, as `usePageFor` does for a page number. `turnTo(target, answer)`
 * moves to a page: the next or previous one by the cursor of the page on screen, any other by its number.
 */
export function usePositionFor(key: string): [PagePosition, (target: number, current?: PageCursors) => void] {
  const [state, setState] = useState<{ key: string; position: PagePosition }>({ key, position: { page: 1 } });
  const position = state.key === key ? state.position : { page: 1 };
  return [position, (target, current) => setState({ key, position: positionFor(target, current) })];
}
