import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * How every query key of the client is built: the first element is the endpoint's path, so the default read
 * function (`getQueryFn` in api.ts) can request it as it is; a query with parameters adds them as one object,
 * `[path, params]`, and brings its own read function that puts the same parameters in the URL. Invalidating
 * `[path]` therefore refreshes every page and filter of that endpoint.
 */
export type Key = readonly [path: string, ...rest: unknown[]];

/** `path?a=1&b=2`, leaving out empty values (undefined, null, ''); the parameters in the order given. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') q.set(name, String(value));
  }
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Marks stale, and refetches when shown, every query under each of `keys` (prefix match). A query whose key is
 * exactly `except` is left alone (e.g. the timeline of a lead that was just deleted, which would answer 404).
 */
export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[], except?: QueryKey): Promise<void[]> {
  const skip = except ? hashKey(except) : null;
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, predicate: skip ? (q) => q.queryHash !== skip : undefined })));
}
