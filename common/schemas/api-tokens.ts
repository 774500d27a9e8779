import { z } from 'zod';

/** What an API token may be allowed to do; a route names the scopes it accepts (`config.tokenScopes`). */
export const API_TOKEN_SCOPES = [
  'leads:read',
  'leads:write',
  'members:read',
  'commissions:read',
  'payouts:read',
  'events:read',
  'timesheets:read',
  'webhooks:manage',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The scopes a member's own (personal) token may hold: reading their own leads and commissions. */
export const PERSONAL_TOKEN_SCOPES = ['leads:read', 'commissions:read'] as const satisfies readonly ApiTokenScope[];

/** An organisation token (made by an administrator, `cpo_`) or a member's personal token (`cpp_`). */
export const API_TOKEN_KINDS = ['organisation', 'personal'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, 'Choose scopes from the list.');

/** A new token: its name, what it may do, and optionally when it stops working. */
export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(100, 'Keep the name to 100 characters.'),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, 'Choose at least one scope.')
    .max(API_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once.'),
  expiresAt: z.iso.datetime({ offset: true, message: 'Give the expiry as a date and time.' }).nullish(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** A token as listed: never its secret, only the last four characters to recognise it by. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  kind: z.enum(API_TOKEN_KINDS),
  name: z.string(),
  hint: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time its secret is ever shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
