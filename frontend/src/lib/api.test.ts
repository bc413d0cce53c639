import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  answer,
  api,
  formBody,
  isNotFound,
  multipart,
  serverReason,
  setUnauthorizedHandler,
} from './api';
import { shouldRetry } from './queryClient';
import type { AccountForm, SignupForm } from './types';

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('the typed client', () => {
  it('resolves with the parsed JSON body', async () => {
    stubFetch(async () => json([{ id: 'suits' }]));
    await expect(answer(api.GET('/api/collections'))).resolves.toEqual([{ id: 'suits' }]);
  });

  it("maps the server's {error, message} body to an ApiError with status, code, message and body", async () => {
    const body = { error: 'not_found', message: 'Collection not found' };
    stubFetch(async () => json(body, 404));
    const error = await answer(api.GET('/api/collections/{id}', { params: { path: { id: 'nope' } } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Collection not found', body });
    expect(isNotFound(error)).toBe(true);
  });

  it('maps a validation error on POST', async () => {
    stubFetch(async () => json({ error: 'validation', message: 'Message is too long.' }, 400));
    await expect(answer(api.POST('/api/contact', { body: { email: 'a@b.co', message: 'x' } }))).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Message is too long.',
    });
  });

  it('falls back to an http_<status> code when the error body is not the JSON shape', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(answer(api.GET('/api/home'))).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Request failed: 502 Bad Gateway',
    });
  });

  it('turns a failed request (offline) into a network_error with status 0', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(answer(api.GET('/api/home'))).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rethrows aborts untouched, and passes the signal to fetch', async () => {
    const fn = stubFetch(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const controller = new AbortController();
    await expect(answer(api.GET('/api/home', { signal: controller.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fn.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });

  it('resolves undefined for 204 and rejects an unreadable 200', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(answer(api.POST('/api/auth/logout'))).resolves.toBeUndefined();
    stubFetch(async () => new Response('not json', { status: 200 }));
    await expect(answer(api.GET('/api/home'))).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('sends JSON bodies with a content type, same-origin credentials and the method', async () => {
    const fn = stubFetch(async () => json({ message: 'ok' }, 201));
    await answer(api.POST('/api/contact', { body: { email: 'a@b.co', message: 'Hi' } }));
    const [path, init] = fn.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"email":"a@b.co","message":"Hi"}',
    });
    expect(new Headers(init!.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init!.headers).get('Accept')).toBe('application/json');
  });

  it('builds the address from the path and query the document declares, encoded', async () => {
    const fn = stubFetch(async () => json([]));
    await answer(api.GET('/api/search', { params: { query: { q: 'agbada & co', sort: 'newest', inStock: true } } }));
    await answer(api.PATCH('/api/bag/{id}', { params: { path: { id: 'a/b' } }, body: { quantity: 2 } }));
    await answer(api.GET('/api/admin/orders', { params: { query: { status: undefined, page: 2 } } }));
    expect(fn.mock.calls.map(([path]) => path)).toEqual([
      '/api/search?q=agbada%20%26%20co&sort=newest&inStock=true',
      '/api/bag/a%2Fb',
      '/api/admin/orders?page=2',
    ]);
  });

  it('sends the headers a call names (Idempotency-Key) and answers a 200 like a 201', async () => {
    const fn = stubFetch(async () => json({ reference: 'ANK-1' }, 200));
    const body = {
      customer: { name: 'Ada', email: 'a@b.co', phone: '0803 000 0000' },
      address: {
        street: '1 Road',
        city: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        postalCode: '100001',
        landmark: '',
      },
    };
    await expect(
      answer(api.POST('/api/checkout', { body, params: { header: { 'Idempotency-Key': 'key-1' } } })),
    ).resolves.toEqual({ reference: 'ANK-1' });
    expect(new Headers(fn.mock.calls[0]![1]!.headers).get('Idempotency-Key')).toBe('key-1');
  });
});

describe('writes and sessions', () => {
  const headersOf = (fn: ReturnType<typeof stubFetch>, call: number) => new Headers(fn.mock.calls[call]![1]!.headers);

  it('sends X-Requested-With: ankara on every write, never on reads', async () => {
    const fn = stubFetch(async () => json({}));
    const item = { params: { path: { id: 'i' } } };
    await answer(api.GET('/api/bag'));
    await answer(api.POST('/api/bag', { body: { productId: 'p' } }));
    await answer(api.PUT('/api/saved/{id}', { params: { path: { id: 'p' } } }));
    await answer(api.PATCH('/api/bag/{id}', { ...item, body: { quantity: 2 } }));
    await answer(api.DELETE('/api/bag/{id}', item));
    expect(headersOf(fn, 0).get('X-Requested-With')).toBeNull();
    for (const call of [1, 2, 3, 4]) expect(headersOf(fn, call).get('X-Requested-With')).toBe('ankara');
    expect(fn.mock.calls.map(([, init]) => init!.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('sends a multipart form as FormData, as is: no JSON content type, the field names of the document', async () => {
    const fn = stubFetch(async () => json({}));
    const photo = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    await answer(api.PATCH('/api/account', formBody<AccountForm>({ displayName: 'Ada', phoneNumber: null, photo })));
    const [, init] = fn.mock.calls[0]!;
    expect(init!.method).toBe('PATCH');
    const form = init!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['displayName', 'photo']);
    expect(headersOf(fn, 0).get('Content-Type')).toBeNull();
    expect(headersOf(fn, 0).get('X-Requested-With')).toBe('ankara');
  });

  it('reports a 401 from any endpoint as a lost session, except login and signup', async () => {
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    stubFetch(async () => json({ error: 'unauthenticated', message: 'Please log in to continue.' }, 401));
    await expect(answer(api.GET('/api/bag'))).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledWith('/api/bag');
    await expect(answer(api.POST('/api/auth/login', { body: {} }))).rejects.toMatchObject({ status: 401 });
    const signup = { displayName: '', email: '', password: '', confirmPassword: '', photo: null };
    await expect(answer(api.POST('/api/auth/signup', formBody<SignupForm>(signup)))).rejects.toMatchObject({
      status: 401,
    });
    expect(lost).toHaveBeenCalledTimes(1);
    stubFetch(async () => json({ error: 'forbidden', message: 'No.' }, 403));
    await expect(answer(api.POST('/api/admin/grant', { body: { email: 'a@b.co' } }))).rejects.toMatchObject({
      status: 403,
    });
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
    const fetch = stubFetch(async () => json({}));
    await answer(api.GET('/api/collections'));
    expect(fetch.mock.calls[0]![1]).not.toHaveProperty('cache');
    await answer(api.POST('/api/contact', { body: {} }));
    await answer(api.GET('/api/collections'));
    expect(fetch.mock.calls[2]![1]).toHaveProperty('cache', 'no-cache');
    vi.setSystemTime(Date.now() + 16_000);
    await answer(api.GET('/api/collections'));
    expect(fetch.mock.calls[3]![1]).not.toHaveProperty('cache');
  });
});
