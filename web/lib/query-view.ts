/** What a list or panel shows for one query, in this order of precedence. */
type QueryView = 'loading' | 'error' | 'empty' | 'ready';

/** The parts of a TanStack query result the decision needs. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
}

/**
 * The rule every screen follows: an answer on screen stays there (a failed refresh does not replace it with an
 * error); with no answer, a failure shows the error and anything else the loading state (a query that is not
 * running yet, e.g. a tab not opened, included); an answer with nothing in it shows the empty state.
 */
export function queryView<T>(query: QueryLike<T>, isEmpty: (data: T) => boolean = () => false): QueryView {
  if (query.data === undefined) return query.isError ? 'error' : 'loading';
  return isEmpty(query.data) ? 'empty' : 'ready';
}
