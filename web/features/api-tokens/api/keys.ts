import type { ApiTokenKind } from '../../../../common/schemas/api-tokens.ts';

/** The query keys of API tokens (first element: the endpoint's path), one list per kind. */
export const apiTokenKeys: Record<ApiTokenKind, readonly [string]> = {
  organisation: ['/api/admin/api-tokens'],
  personal: ['/api/tokens'],
};
