import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/** What every reader of the API reference needs before the operations: signing in, tokens, errors and pages. */
const GUIDE = `
Every operation answers JSON. Integrations call it with an **API token**; the web app uses a session cookie.

## Authentication
- **API tokens**: send \`Authorization: Bearer <token>\`. Administrators make organisation tokens (\`cpo_…\`) in
  Admin Panel → Integrations; a member makes personal read tokens (\`cpp_…\`) in Profile Settings → Security. A token
  is shown once; keep it secret. It acts as the person who made it, narrowed to its scopes: each operation below
  lists the scopes that admit it (\`x-token-scopes\`), and an operation without them takes no tokens (403
  \`token_not_allowed\`). A token lacking the scope gets 403 \`insufficient_scope\`. A revoked or expired token, one
  whose maker may no longer act through it, or a request that also carries a session cookie gets 401.
- **Rate limit**: 600 requests a minute per token. Every answer carries \`RateLimit-Policy\` and \`RateLimit\`
  (remaining requests and seconds to the window's end); beyond the limit the answer is 429 with \`Retry-After\`.

## Errors
Every refusal has the same shape: \`{ "error": { "code": "…", "message": "…" } }\`, where \`message\` is written for a
person and \`code\` is stable for programs (\`unauthorized\`, \`forbidden\`, \`not_found\`, \`validation_failed\` with the
field messages in \`issues\`, \`conflict\`, \`rate_limited\`, …).

## Pagination
Lists answer one page: \`{ items, nextCursor }\`. Ask for the next page with \`?cursor=<nextCursor>\`; \`nextCursor\` is
null on the last page. Cursors are opaque and stable while records are added, and every page costs the same.

## Webhooks
Administrators register https endpoints in Admin Panel → Integrations and choose the events they want (listed
under *Webhooks* below). Each delivery is signed with Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\`); verify it with any Standard Webhooks library and the endpoint's \`whsec_…\` secret, and
de-duplicate on \`webhook-id\` (delivery is at least once).
`;

/** The product's name as the reference's top-bar logo, white on its dark bar. */
function wordmark(name: string): string {
  const text = `${name} API`.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const width = Math.ceil(text.length * 11.5) + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="32" viewBox="0 0 ${width} 32"><text x="0" y="23" fill="#fff" font-family="system-ui, sans-serif" font-size="20" font-weight="600">${text}</text></svg>`;
}

/** The security requirements and token scopes of one operation, from its route's declared configuration. */
function withSecurity(schema: Record<string, unknown>, route: { config?: unknown }) {
  const config = (route.config ?? {}) as { access?: string; tokenScopes?: readonly string[] };
  if (config.access === 'public') return schema;
  const scopes = config.tokenScopes ?? [];
  return {
    ...schema,
    security: scopes.length ? [{ session: [] }, { token: [...scopes] }] : [{ session: [] }],
    'x-token-scopes': [...scopes],
  };
}

/**
 * The OpenAPI document (`/api/openapi.json`) built from the routes' zod schemas, with the token scopes each operation
 * takes, and the API reference rendered from it at `/api/docs` (Swagger UI, served from this server's own files, no
 * inline script, so it works under the content security policy). Both are public: they describe, they hold no data.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, extra: { webhooks?: Record<string, unknown> } = {}) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.brandName} API`, version: '1.0.0', description: GUIDE },
      components: {
        securitySchemes: {
          token: { type: 'http', scheme: 'bearer', description: 'An API token (cpo_… or cpp_…) with the scopes the operation lists.' },
          session: { type: 'apiKey', in: 'cookie', name: 'cp_session', description: 'The web app’s session (with its cross-site request checks).' },
        },
      },
      ...(extra.webhooks ? { webhooks: extra.webhooks } : {}),
    } as never,
    transform: (input) => {
      const out = jsonSchemaTransform(input as never) as { schema: Record<string, unknown>; url: string };
      return { ...out, schema: withSecurity(out.schema, input.route as { config?: unknown }) };
    },
  });
  await app.register(async (scope) => {
    // the reference's own routes are public like the document they show
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: 'public' } as typeof route.config;
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false, supportedSubmitMethods: [] },
      staticCSP: false,
      logo: { type: 'image/svg+xml', content: Buffer.from(wordmark(config.brandName)) },
    });
  });
}
