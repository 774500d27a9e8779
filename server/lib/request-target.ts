/**
 * The path and query of an HTTP request target. HTTP/1.1 allows the absolute form ('GET http://host/api/x'),
 * which the router resolves to /api/x while request.url keeps the full URL; every check that looks at the path
 * prefix (sessions, cross-site writes, access levels) must see the same origin form the router routes.
 */
export function toOriginForm(target: string | undefined): string {
  const url = target ?? '/';
  if (url.startsWith('/') || url === '*') return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
