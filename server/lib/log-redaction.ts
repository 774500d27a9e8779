/**
 * What the log may say about a request and an error. Query parameters that carry a secret (an OAuth callback's
 * code and state, a verification token) are replaced, and so is a path that is itself a secret (a member's
 * personal calendar feed address); database errors lose the values bound to their statement: parameters hold
 * what people typed, e-mail addresses and password hashes among them.
 */

const SECRET_PARAMS = new Set(['code', 'state', 'token', 'id_token', 'access_token', 'refresh_token', 'nonce', 'code_verifier', 'password']);
const CENSOR = '[redacted]';

/** A path whose last part is a secret: the personal calendar feed, `/api/calendar/<token>.ics`, in any spelling the router would accept. */
function redactPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judge the raw path
  }
  return /^\/+api\/+calendar\/+[^/]/i.test(decoded) ? `/api/calendar/${CENSOR}` : path;
}

/** A request target with a secret path and the values of secret-bearing query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${CENSOR}` : pair;
    });
  return `${redactPath(url.slice(0, q))}?${parts.join('&')}`;
}

interface LoggableRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  headers?: Record<string, unknown>;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(req: LoggableRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fields of a (database) error that name what failed without carrying the data involved. */
const SAFE_ERROR_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'statusCode'] as const;

/** Drizzle puts the bound values into its message ("Failed query: …\nparams: …"); keep the statement, drop them. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log shows it: type, message and stack without bound values, the safe fields, and its causes. */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: withoutParams(String(err)), stack: '' };
  const fields = err as unknown as Record<string, unknown>;
  // PostgreSQL's data exceptions (class 22) quote the offending input: 'invalid input syntax for type integer: "…"'
  const clean = typeof fields.code === 'string' && fields.code.startsWith('22') ? (t: string) => withoutParams(t).replace(/"[^"]*"/g, '"[redacted]"') : withoutParams;
  const out: SerializedError = { type: err.name, message: clean(err.message), stack: err.stack ? clean(err.stack) : '' };
  for (const key of SAFE_ERROR_FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  if (err.cause !== undefined && depth < 4) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
