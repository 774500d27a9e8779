import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.ts';

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
