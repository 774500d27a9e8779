import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import type { App } from '../../server/app.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Query parameters; undefined and null ones are left out. */
  query?: Query;
  /** An object or array is sent as JSON; a string or Buffer as it is (set its content-type in `headers`). */
  body?: unknown;
  /** Extra headers; a `cookie` here replaces the client's own. */
  headers?: Record<string, string>;
}

export interface OkOptions extends RequestOptions {
  /** The status the answer must have (default 200). */
  status?: number;
}

/**
 * Checks an answer's status and its body against a response schema from common/, and answers the body as the
 * server sent it (validated, not stripped), so a test still sees a field the schema does not name.
 */
export function parseOk<S extends z.ZodType>(schema: S, res: LightMyRequestResponse, status = 200, label = 'the answer'): z.infer<S> {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 500)}`).toBe(status);
  const body: unknown = res.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${label} does not match its schema:\n${z.prettifyError(parsed.error)}`);
  return body as z.infer<S>;
}

/**
 * A client for the app under test, signed in with `cookie` (or anonymous): the plain methods answer the raw
 * inject response (check errors with expectError), the `…Ok` ones check the status and answer the typed body.
 *
 *   const api = client(ctx.app, cookie);
 *   const page = await api.getOk(leadPageSchema, '/api/leads', { query: { status: 'submitted' } });
 */
export function client(app: App, cookie?: string) {
  const request = (method: Method, url: string, o: RequestOptions = {}) =>
    app.inject({
      method,
      url,
      query: queryOf(o.query),
      headers: { ...(cookie ? { cookie } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
  const ok =
    (method: Method) =>
    async <S extends z.ZodType>(schema: S, url: string, o: OkOptions = {}): Promise<z.infer<S>> =>
      parseOk(schema, await request(method, url, o), o.status ?? 200, `${method} ${url}`);
  return {
    cookie,
    request,
    get: (url: string, o?: RequestOptions) => request('GET', url, o),
    post: (url: string, o?: RequestOptions) => request('POST', url, o),
    put: (url: string, o?: RequestOptions) => request('PUT', url, o),
    patch: (url: string, o?: RequestOptions) => request('PATCH', url, o),
    delete: (url: string, o?: RequestOptions) => request('DELETE', url, o),
    getOk: ok('GET'),
    postOk: ok('POST'),
    putOk: ok('PUT'),
    patchOk: ok('PATCH'),
    deleteOk: ok('DELETE'),
    /** POST that must answer 201 Created. */
    create: <S extends z.ZodType>(schema: S, url: string, o: RequestOptions = {}) => ok('POST')(schema, url, { ...o, status: 201 }),
    /**
     * GET that must answer 200, for the few answers with no response schema in common/ yet (the tracker
     * summary, the analytics figures, the admin overview); the body is untyped.
     */
    getJson: async (url: string, o: RequestOptions = {}) => parseOk(z.any(), await request('GET', url, o), 200, `GET ${url}`),
  };
}
export type Client = ReturnType<typeof client>;

function queryOf(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}
