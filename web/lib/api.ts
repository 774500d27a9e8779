import type { ErrorIssue } from '../../common/errors.ts';

/**
 * A non-OK answer from the API. `message` is the status code, a colon, then the text (`${status}: ${text}`),
 * where the text is the server's own error message when the body has the API's error shape; `detail` is that
 * text alone, and `issues` carries the per-field messages so a form can show them under its fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly detail: string;
  readonly issues: ErrorIssue[];
  constructor(status: number, detail: string, opts: { code?: string; issues?: ErrorIssue[] } = {}) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = opts.code;
    this.issues = opts.issues ?? [];
  }
}

/** The server's message for an error, without the status prefix; a fallback for anything else. */
export function errorDetail(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.detail || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; issues?: unknown } };
    const e = body?.error;
    if (e && typeof e.message === 'string') {
      const issues = Array.isArray(e.issues) ? e.issues.filter((i): i is ErrorIssue => !!i && typeof i.path === 'string' && typeof i.message === 'string') : [];
      return new ApiError(res.status, e.message, { code: typeof e.code === 'string' ? e.code : undefined, issues });
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(res.status, text || res.statusText || 'Request failed');
}

/** Asks the person to confirm it is them (the "Confirm it's you" dialog); answers whether they did. */
export type IdentityConfirmer = () => Promise<boolean>;
let identityConfirmer: IdentityConfirmer | null = null;

/**
 * Installs what a change answered 403 `reauthentication_required` waits for; the app shell mounts the dialog that
 * does it. Answers the function that removes it again.
 */
export function setIdentityConfirmer(confirmer: IdentityConfirmer): () => void {
  identityConfirmer = confirmer;
  return () => {
    if (identityConfirmer === confirmer) identityConfirmer = null;
  };
}

/** Whether an answer asks for the identity to be confirmed before the change is made. */
export const needsReauthentication = (err: unknown) => err instanceof ApiError && err.status === 403 && err.code === 'reauthentication_required';

/**
 * Sends one request. A change the server refuses until the person confirms it is them is sent again once after
 * they do, so every screen gets the dialog without knowing of it; a refused or cancelled confirmation answers
 * the original error.
 */
async function send(method: string, url: string, body?: unknown, retried = false): Promise<Response> {
  const res = await sendOnce(method, url, body);
  if (res.ok) return res;
  const err = await toApiError(res);
  if (!retried && method !== 'GET' && needsReauthentication(err) && identityConfirmer && (await identityConfirmer())) return send(method, url, body, true);
  throw err;
}

async function sendOnce(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (body instanceof FormData) {
    // the browser writes the multipart Content-Type itself, with its boundary
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(0, 'Could not reach the server. Please check your connection and try again.', { code: 'network' });
  }
}

/**
 * Goes to a server address that starts a redirect flow (linking Google or Apple), after asking the person to
 * confirm it is them when the server wants that first. The address is tried without following its redirect; on
 * a refusal the error is thrown for the screen to show.
 */
export async function navigateWithConfirmation(url: string): Promise<void> {
  const probe = () => fetch(url, { credentials: 'include', redirect: 'manual', headers: { Accept: 'application/json' } });
  let res = await probe();
  if (res.status === 403) {
    const err = await toApiError(res);
    if (!needsReauthentication(err) || !identityConfirmer || !(await identityConfirmer())) throw err;
    res = await probe();
    if (res.status === 403) throw await toApiError(res);
  }
  window.location.assign(url);
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API with cookies and JSON; throws ApiError on a non-OK answer. */
export async function apiRequest<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await send(method, url, body);
  return readJson<T>(res);
}

/**
 * Sends a multipart form (fields and files) with cookies, like `apiRequest` does JSON: the same same-origin write,
 * and the same ApiError on a non-OK answer.
 */
export async function apiFormRequest<T = unknown>(method: 'POST' | 'PATCH' | 'PUT', url: string, form: FormData): Promise<T> {
  const res = await send(method, url, form);
  return readJson<T>(res);
}

/** The API's methods by name: `api.get('/api/leads')`, `api.post(url, body)`. */
export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => apiRequest<T>('POST', url, body),
  patch: <T>(url: string, body: unknown = {}) => apiRequest<T>('PATCH', url, body),
  put: <T>(url: string, body: unknown = {}) => apiRequest<T>('PUT', url, body),
  /** POST a multipart form (a file upload). */
  postForm: <T>(url: string, form: FormData) => apiFormRequest<T>('POST', url, form),
  /** DELETE, with a JSON body when the endpoint names what to delete in one. */
  delete: <T>(url: string, body?: unknown) => apiRequest<T>('DELETE', url, body),
};

/**
 * The default read function: requests the first key element as a URL and parses JSON (so every query key starts
 * with its endpoint's path; see query-keys.ts). With `on401: 'returnNull'` a 401 answers null instead of
 * throwing (used for the current user).
 */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    try {
      return await api.get<T>(String(queryKey[0]));
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}
