import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, needsReauthentication, setIdentityConfirmer } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api.postForm', () => {
  it('sends the form as it is, with cookies, leaving the multipart Content-Type to the browser', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: '1' }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('title', 'x');
    await expect(api.postForm('/api/things', form)).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('turns an error answer into the same ApiError as JSON requests do', async () => {
    const body = { error: { code: 'validation_failed', message: 'Title is required', issues: [{ path: 'title', message: 'Title is required' }] } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const err = await api.postForm('/api/things', new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('400: Title is required');
    expect((err as ApiError).issues).toEqual([{ path: 'title', message: 'Title is required' }]);
  });
});

describe('a change that needs the identity confirmed', () => {
  const refusal = () =>
    new Response(JSON.stringify({ error: { code: 'reauthentication_required', message: "For your security, please confirm it's you before making this change." } }), {
      status: 403,
    });

  it('asks once, then sends the same request again and answers its result', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(new Response(JSON.stringify({ signedOut: 2 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const confirmer = vi.fn(async () => true);
    const remove = setIdentityConfirmer(confirmer);
    try {
      await expect(api.post('/api/auth/sessions/sign-out-others', { a: 1 })).resolves.toEqual({ signedOut: 2 });
      expect(confirmer).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const [[, first], [, second]] = fetchMock.mock.calls as [string, RequestInit][];
      expect(second.body).toBe(first.body);
    } finally {
      remove();
    }
  });

  it('answers the refusal when the person cancels, and retries only once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal()),
    );
    const cancelled = setIdentityConfirmer(async () => false);
    const err = await api.delete('/api/auth/oauth/google').catch((e: unknown) => e);
    expect(needsReauthentication(err)).toBe(true);
    cancelled();
    const fetchMock = vi.fn(async () => refusal());
    vi.stubGlobal('fetch', fetchMock);
    const confirmer = vi.fn(async () => true);
    const remove = setIdentityConfirmer(confirmer);
    try {
      expect(needsReauthentication(await api.post('/api/data-exports').catch((e: unknown) => e))).toBe(true);
      expect(confirmer).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      remove();
    }
  });

  it('never asks for a read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal()),
    );
    const confirmer = vi.fn(async () => true);
    const remove = setIdentityConfirmer(confirmer);
    try {
      await api.get('/api/anything').catch(() => undefined);
      expect(confirmer).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });
});
