import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileUpdateInput } from '../../../../common/schemas/profile.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

type UserEnvelope = { user: CurrentUser };

/** Stores the user the server answered and refreshes the current-user query, so the header and sidebar follow. */
function useStoreUser() {
  const client = useQueryClient();
  return ({ user }: UserEnvelope) => {
    client.setQueryData(CURRENT_USER_KEY, user);
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/** PATCH /api/auth/profile: names and e-mail always, with the fields to change. */
export function useUpdateProfile() {
  const store = useStoreUser();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) => api.patch<UserEnvelope>('/api/auth/profile', body),
    onSuccess: store,
  });
}

/** PATCH /api/auth/password; the server ends every other session of the member. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordChangeInput) => api.patch<{ ok: true }>('/api/auth/password', body) });
}

function useUpload(url: string, field: string) {
  const store = useStoreUser();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(field, file);
      return api.postForm<UserEnvelope>(url, form);
    },
    onSuccess: store,
  });
}

/** POST /api/auth/upload-profile-picture (multipart field profilePicture). */
export const useUploadPicture = () => useUpload('/api/auth/upload-profile-picture', 'profilePicture');
/** POST /api/auth/upload-cv (multipart field cv). */
export const useUploadCv = () => useUpload('/api/auth/upload-cv', 'cv');

/**
 * What a refused upload says: the server's own words for a file it judged (too large, wrong type: its title and
 * its per-field message), else the fallback.
 */
export function uploadErrorText(err: unknown, fallback: string): { title: string; description: string } {
  if (err instanceof ApiError && (err.status === 413 || err.status === 415 || err.status === 400 || err.status === 429)) {
    const issue = err.issues[0]?.message;
    const [head, ...rest] = err.detail.split(': ');
    if (issue && issue !== err.detail) return { title: err.detail, description: issue };
    if (rest.length) return { title: head, description: rest.join(': ') };
    return { title: 'Error', description: err.detail || fallback };
  }
  return { title: 'Error', description: fallback };
}
