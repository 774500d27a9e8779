import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../common/schemas/webhooks.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';

/** The API reference: the OpenAPI document with tokens and scopes, and its rendering at /api/docs under the CSP. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

interface Operation {
  security?: Record<string, string[]>[];
  'x-token-scopes'?: string[];
}
interface OpenApiDocument {
  info: { description: string };
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
}

async function document(): Promise<OpenApiDocument> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDocument;
}

describe('API reference', () => {
  it('describes bearer tokens and the scopes each operation takes', async () => {
    const doc = await document();
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/leads']!.get!['x-token-scopes']).toEqual(['leads:read']);
    expect(doc.paths['/api/leads']!.get!.security).toEqual([{ session: [] }, { token: ['leads:read'] }]);
    // an operation no token may call lists no scopes and only the session
    expect(doc.paths['/api/admin/api-tokens']!.post!['x-token-scopes']).toEqual([]);
    expect(doc.paths['/api/admin/api-tokens']!.post!.security).toEqual([{ session: [] }]);
    // every event an endpoint may choose is published with its body and the signature headers
    for (const type of WEBHOOK_EVENT_TYPES) {
      const hook = doc.webhooks[type]!.post;
      expect(hook.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(Object.keys(hook.requestBody.content['application/json']!.schema.properties).sort()).toEqual(['data', 'id', 'timestamp', 'type']);
    }
    for (const topic of ['## Authentication', '## Errors', '## Pagination', '## Webhooks', 'Retry-After']) expect(doc.info.description).toContain(topic);
  });

  it('renders at /api/docs for anyone, from its own files, with no inline script', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\.\//);
      expect(body!.trim()).toBe('');
    }
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    // the page reads this server's document
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect((json.json() as OpenApiDocument).paths['/api/leads']).toBeDefined();
  });
});
