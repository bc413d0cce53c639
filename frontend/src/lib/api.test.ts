import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiFetch, isNotFound } from './api';
import { shouldRetry } from './queryClient';

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('resolves with the parsed JSON body', async () => {
    stubFetch(async () => new Response(JSON.stringify([{ id: 'suits' }]), { status: 200 }));
    await expect(api.get('/api/collections')).resolves.toEqual([{ id: 'suits' }]);
  });

  it("maps the server's {error, message} body to an ApiError with status, code and message", async () => {
    stubFetch(
      async () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'Collection not found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const error = await api.get('/api/collections/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Collection not found' });
    expect(isNotFound(error)).toBe(true);
  });

  it('maps a validation error on POST', async () => {
    stubFetch(async () => new Response(JSON.stringify({ error: 'validation', message: 'Message is too long.' }), { status: 400 }));
    await expect(api.post('/api/contact', { email: 'a@b.co', message: 'x' })).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Message is too long.',
    });
  });

  it('falls back to an http_<status> code when the error body is not the JSON shape', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/hero')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Request failed: 502 Bad Gateway',
    });
  });

  it('turns a failed request (offline) into a network_error with status 0', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/hero')).rejects.toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });

  it('rethrows aborts untouched', async () => {
    stubFetch(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.get('/api/hero')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves undefined for 204 and rejects an unreadable 200', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    stubFetch(async () => new Response('not json', { status: 200 }));
    await expect(api.get('/api/hero')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('sends JSON bodies with a content type, same-origin credentials and the method', async () => {
    const fn = stubFetch(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 201 }));
    await api.post('/api/contact', { email: 'a@b.co', message: 'Hi' });
    const [path, init] = fn.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@b.co","message":"Hi"}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('shouldRetry', () => {
  it('never retries client errors, retries others twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'validation', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'http_503', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'network_error', 'x'))).toBe(false);
  });
});
