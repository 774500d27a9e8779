import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, ApiTokenKind, ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '../../../../common/schemas/api-tokens.ts';
import { api } from '../../../lib/api.ts';
import { apiTokenKeys } from './keys.ts';

/** The endpoint of each kind's tokens: the organisation's under the Admin Panel's API, a member's own at /api/tokens. */
const PATHS: Record<ApiTokenKind, string> = { organisation: '/api/admin/api-tokens', personal: '/api/tokens' };

/** The tokens of one kind, newest first, revoked ones included. */
export function useApiTokens(kind: ApiTokenKind) {
  return useQuery({ queryKey: apiTokenKeys[kind], queryFn: () => api.get<ApiTokenList>(PATHS[kind]) });
}

/**
 * Makes a token; the answer carries its secret, the only time it is ever sent. The server asks for a fresh
 * confirmation of identity first; the API client shows that dialog and sends the request again.
 */
export function useCreateApiToken(kind: ApiTokenKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenInput) => api.post<CreatedApiToken>(PATHS[kind], body),
    onSuccess: () => void client.invalidateQueries({ queryKey: apiTokenKeys[kind] }),
  });
}

/** Revokes a token at once (after the same confirmation of identity); the list is read again either way. */
export function useRevokeApiToken(kind: ApiTokenKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => api.delete<void>(`${PATHS[kind]}/${encodeURIComponent(token.id)}`),
    onSettled: () => void client.invalidateQueries({ queryKey: apiTokenKeys[kind] }),
  });
}
