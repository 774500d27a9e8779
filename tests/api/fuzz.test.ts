import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteEntry } from '../../server/app.ts';
import { makeAdmin, makeApplicant, makeMember } from '../../server/db/factories/members.ts';
import { createTestApp, openSession, type TestContext } from '../helpers/app.ts';
import { client, type Method } from '../helpers/client.ts';

/**
 * Property-based fuzzing of every route's path, query and body, driven by the route table
 * and the OpenAPI document (for the field names). Never a 5xx, every error in the error shape, and no stack
 * trace or SQL text in any answer. Runs per route: FUZZ_RUNS (default 25).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let ctx: TestContext;
let cookies: string[];
let knownIds: string[];
/** The parts of an OpenAPI operation the fuzzer reads. */
interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: object; anyOf?: Array<{ properties?: object }> } }> };
  parameters?: Array<{ in: string; name: string }>;
}
let openapi: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await makeAdmin(ctx.db);
  const partner = await makeMember(ctx.db);
  const pending = await makeApplicant(ctx.db);
  cookies = [await openSession(ctx, admin.id), await openSession(ctx, partner.id), ''];
  knownIds = [partner.id, pending.id];
  openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await ctx?.close();
});

/** Field names a route declares for its body and query in the OpenAPI document (none if hidden). */
function declaredFields(r: RouteEntry): { body: string[]; query: string[] } {
  const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const op = openapi.paths[path]?.[r.method.toLowerCase()];
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  const body = Object.keys(schema?.properties ?? schema?.anyOf?.[0]?.properties ?? {});
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { body, query };
}

const HOSTILE = [
  "' OR '1'='1",
  '1;--',
  '"; DROP TABLE users;--',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{7*7}}',
  'a'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '2026-02-30',
  '__proto__',
  ' ',
  '',
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string() },
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 3 }) },
);

/** A body built from the route's own field names (so validation is passed sometimes) plus stray keys. */
const bodyFor = (fields: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }) : fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'role'), fc.string({ maxLength: 10 })), anyValue, { maxKeys: 6 }),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
  );

const queryFor = (fields: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...fields, 'limit', 'offset', 'q'), fc.string({ maxLength: 8 })), fc.oneof(hostileString, fc.integer().map(String)), {
    maxKeys: 4,
  });

/** A path segment: ids, known rows and hostile text (well-formed UTF-16 only, or it cannot be put in a URL). */
const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};
const paramValue = () =>
  fc.oneof(
    fc.uuid(),
    fc.constantFrom(...knownIds),
    hostileString.filter((s) => s.length > 0 && s.length < 90 && encodable(s)),
  );

const LEAK =
  /\n\s+at\s|\.(ts|js|mjs):\d+|node_modules|syntax error|violates|duplicate key|relation "|column "|\bpglite\b|drizzle|\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bdelete from\b/i;

describe('fuzzing every route', () => {
  it('never answers 5xx, always in the error shape, and never leaks a stack trace or SQL', async () => {
    const routes = listRoutes(ctx.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const r of routes) {
      const fields = declaredFields(r);
      const hasBody = !['GET', 'DELETE'].includes(r.method);
      const property = fc.asyncProperty(
        fc.record({
          cookie: fc.constantFrom(...cookies),
          params: fc.array(paramValue(), { minLength: 3, maxLength: 3 }),
          query: queryFor(fields.query),
          body: hasBody ? bodyFor(fields.body) : fc.constant(undefined),
        }),
        async ({ cookie, params, query, body }) => {
          let i = 0;
          const path = r.url.replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(String(params[i++])));
          // the body goes as JSON text whatever it is (a bare string too), so every value reaches the validator
          const res = await client(ctx.app, cookie).request(r.method as Method, path, {
            query,
            ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          if (LEAK.test(res.body) && res.statusCode >= 400) throw new Error(`leak in ${res.statusCode}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
            const parsed = res.json();
            if (typeof parsed?.error?.code !== 'string' || typeof parsed?.error?.message !== 'string') throw new Error(`not the error shape: ${res.body.slice(0, 200)}`);
          }
        },
      );
      try {
        await fc.assert(property, { numRuns: RUNS, endOnFailure: true });
      } catch (err) {
        const message = String((err as Error).message);
        const inner = (err as Error & { cause?: Error }).cause?.message;
        const cause = inner ?? /Got (?:error|Error): (.*)/.exec(message)?.[1] ?? message.split('\n')[0];
        const example = /Counterexample: (.*)/.exec(message)?.[1] ?? '';
        failures.push(`${r.method} ${r.url}: ${cause.slice(0, 300)} — with ${example.slice(0, 400)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
