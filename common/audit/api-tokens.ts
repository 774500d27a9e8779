import type { AuditVocabulary } from './types.ts';

/** What administrators and members do with API tokens, in words. */
export const apiTokensAudit = {
  actions: {
    'api_token.create': 'created an API token',
    'api_token.revoke': 'revoked an API token',
  },
  entities: { api_token: 'API token' },
  fields: {},
  entityFields: {
    api_token: {
      name: { label: 'Name', format: 'text' },
      kind: { label: 'Kind', format: 'text' },
      scopes: { label: 'Scopes', format: 'text' },
      hint: { label: 'Ends with', format: 'text' },
      expiresAt: { label: 'Expires', format: 'datetime' },
      revokedAt: { label: 'Revoked', format: 'datetime' },
    },
  },
} as const satisfies AuditVocabulary;
