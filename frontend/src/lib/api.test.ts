import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  api,
  apiFetch,
  isNotFound,
  multipart,
  serverReason,
  setUnauthorizedHandler,
} from './api';
import { shouldRetry } from './queryClient';

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

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
    stubFetch(
      async () =>
        new Response(JSON.stringify({ error: 'validation', message: 'Message is too long.' }), { status: 400 }),
    );
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
    await expect(api.get('/api/hero')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
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
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"email":"a@b.co","message":"Hi"}',
    });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('writes and sessions', () => {
  const headersOf = (fn: ReturnType<typeof stubFetch>, call: number) =>
    fn.mock.calls[call]![1]!.headers as Record<string, string>;

  it('sends X-Requested-With: ankara on every write, never on reads', async () => {
    const fn = stubFetch(async () => new Response('{}', { status: 200 }));
    await api.get('/api/bag');
    await api.post('/api/bag', { productId: 'p' });
    await api.put('/api/saved/p');
    await api.patch('/api/bag/i', { quantity: 2 });
    await api.delete('/api/bag/i');
    expect(headersOf(fn, 0)['X-Requested-With']).toBeUndefined();
    for (const call of [1, 2, 3, 4]) expect(headersOf(fn, call)['X-Requested-With']).toBe('ankara');
    expect(fn.mock.calls.map(([, init]) => init!.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('sends FormData as multipart: the body as is, no JSON content type', async () => {
    const fn = stubFetch(async () => new Response('{}', { status: 200 }));
    const form = new FormData();
    form.set('displayName', 'Ada');
    await api.patchForm('/api/account', form);
    const [, init] = fn.mock.calls[0]!;
    expect(init!.method).toBe('PATCH');
    expect(init!.body).toBe(form);
    expect(headersOf(fn, 0)['Content-Type']).toBeUndefined();
    expect(headersOf(fn, 0)['X-Requested-With']).toBe('ankara');
  });

  it('reports a 401 from any endpoint as a lost session, except login and signup', async () => {
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    stubFetch(
      async () =>
        new Response(JSON.stringify({ error: 'unauthenticated', message: 'Please log in to continue.' }), {
          status: 401,
        }),
    );
    await expect(api.get('/api/bag')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledWith('/api/bag');
    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({ status: 401 });
    await expect(api.postForm('/api/auth/signup', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    stubFetch(async () => new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 }));
    await expect(api.post('/api/admin/grant', {})).rejects.toMatchObject({ status: 403 });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("serverReason gives the server's 4xx message only", () => {
    expect(serverReason(new ApiError(409, 'conflict', 'Taken.'))).toBe('Taken.');
    expect(serverReason(new ApiError(500, 'internal', 'Boom'))).toBeNull();
    expect(serverReason(new ApiError(0, 'network_error', 'Offline'))).toBeNull();
    expect(serverReason(new ApiError(404, 'http_404', 'Request failed'))).toBeNull();
    expect(serverReason(new Error('x'))).toBeNull();
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

describe('multipart', () => {
  it('sets strings and files in order, appends each file of a list, and leaves out null and undefined', () => {
    const photo = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const more = [new File(['b'], 'b.jpg', { type: 'image/jpeg' }), new File(['c'], 'c.jpg', { type: 'image/jpeg' })];
    const form = multipart({ name: 'Agbada', empty: '', skipped: null, missing: undefined, photo, images: more });
    expect([...form.keys()]).toEqual(['name', 'empty', 'photo', 'images', 'images']);
    expect(form.get('name')).toBe('Agbada');
    expect(form.get('empty')).toBe('');
    expect((form.get('photo') as File).name).toBe('a.jpg');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['b.jpg', 'c.jpg']);
  });
});

describe('reads after a write', () => {
  afterEach(() => vi.useRealTimers());

  it('ask for the network answer (cache: no-cache) for a while after a write, then not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Well after the writes of the tests above.
    vi.setSystemTime(Date.now() + 60_000);
    const fetch = vi.fn(
      async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await apiFetch('/api/collections');
    expect((fetch.mock.calls[0] as unknown[])[1]).not.toHaveProperty('cache');
    await apiFetch('/api/collections', { method: 'POST', json: {} });
    await apiFetch('/api/collections');
    expect((fetch.mock.calls[2] as unknown[])[1]).toHaveProperty('cache', 'no-cache');
    vi.setSystemTime(Date.now() + 16_000);
    await apiFetch('/api/collections');
    expect((fetch.mock.calls[3] as unknown[])[1]).not.toHaveProperty('cache');
  });
});
