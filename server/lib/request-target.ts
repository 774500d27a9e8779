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

/** The origin users reach the app at, for links in e-mails and OAuth redirects: PUBLIC_URL, else the request's own. */
export function publicOrigin(publicUrl: string | undefined, request: { protocol: string; host: string }): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Where links in e-mail point. The Host header is the client's to write, so without PUBLIC_URL it is trusted
 * only when it names this machine (a local trial): otherwise a stranger could have a real applicant mailed a
 * link to their own site and collect the token. Null means no link can be mailed safely.
 */
export function mailLinkOrigin(publicUrl: string | undefined, request: { protocol: string; host: string; hostname: string }): string | null {
  if (publicUrl) return new URL(publicUrl).origin;
  const name = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
  return local ? `${request.protocol}://${request.host}` : null;
}

/**
 * Whether a request is for the API, judged by the route the router matched (it decodes the path, so
 * '/%61pi/auth/me' reaches '/api/auth/me') and, when nothing matched, by the decoded path.
 */
export function isApiRequest(request: { url: string; routeOptions: { url?: string } }): boolean {
  const matched = request.routeOptions.url;
  if (matched) return matched === '/api' || matched.startsWith('/api/');
  const path = request.url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judge the raw path
  }
  return decoded === '/api' || decoded.startsWith('/api/');
}
