import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterData } from '../../common/schemas/auth.ts';
import type { LoginResult, LoginSecondStepInput } from '../../common/schemas/security.ts';
import { roleLabel as roleLabelOf } from '../../common/rules/roles.ts';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { api, getQueryFn } from './api.ts';
import { unsubscribePush } from './push.ts';

/** Query key of the signed-in user: fetched once, never retried, kept. Its value is the user, or null when signed out. */
export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
const SITE_KEY = '/api/site';

/** GET /api/auth/me answers `{ user }`; older answers may be the user itself. */
function unwrapUser(body: unknown): CurrentUser | null {
  if (!body || typeof body !== 'object') return null;
  const maybe = body as { user?: CurrentUser };
  return maybe.user ?? (body as CurrentUser);
}

/** The current user: runs once, never retried, kept; a 401 means signed out (null). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (ctx) => unwrapUser(await getQueryFn<unknown>({ on401: 'returnNull' })(ctx)),
  });
}

function storeUser(client: QueryClient, user: CurrentUser) {
  client.setQueryData(CURRENT_USER_KEY, user);
  void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/**
 * Sign in; the returned user is stored and the current-user query refreshed. With two-factor sign-in on the answer
 * is `{ twoFactorRequired: true }` instead, and `useLoginSecondStep` finishes it with a code.
 */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input),
    onSuccess: (result) => {
      if ('user' in result) storeUser(client, result.user);
    },
  });
}

/** The second step of a two-factor sign-in: a code from the app or a recovery code; the user is then stored. */
export function useLoginSecondStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginSecondStepInput) => api.post<{ user: CurrentUser }>('/api/auth/login/2fa', input),
    onSuccess: ({ user }) => storeUser(client, user),
  });
}

/** Apply for membership; the new (pending) user is stored and the current-user query refreshed. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterData) => api.post<{ user: CurrentUser }>('/api/auth/register', input),
    onSuccess: ({ user }) => storeUser(client, user),
  });
}

/**
 * Sign out; the user and every cached answer are dropped (site facts are public and kept). This browser stops taking
 * the member's pushes first: whoever uses it next must not see their notifications.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unsubscribePush().catch(() => undefined);
      return api.post<unknown>('/api/auth/logout');
    },
    onSettled: () => {
      client.setQueryData(CURRENT_USER_KEY, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] && q.queryKey[0] !== SITE_KEY });
    },
  });
}

/**
 * The authentication state in one place. `isLoading` is true while the current user or a
 * sign-in, registration or sign-out request is pending; `isUserLoading` only for the first load.
 */
export function useAuth() {
  const me = useCurrentUser();
  const login = useLogin();
  const register = useRegister();
  const logout = useLogout();
  return {
    user: me.data ?? null,
    isUserLoading: me.isLoading,
    isLoading: me.isLoading || login.isPending || register.isPending || logout.isPending,
    loginMutation: login,
    registerMutation: register,
    logoutMutation: logout,
  };
}

/** The sidebar's role label: 'Administrator' for admin, 'Partner' for everyone else (master-admin included). */
export function roleLabel(role: string | null | undefined): string {
  return roleLabelOf(role, 'card');
}
