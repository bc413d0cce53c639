import type { Client } from 'openapi-fetch';
import type { paths } from './api.gen';
import { noteSwitchingOver } from './switchingOver';
import type { ErrorBody } from './types';

/** A failed API call: the HTTP status, the server's snake_case code and its human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The parsed answer, for the few endpoints that say more than `{error, message}`. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).error === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

/** Every state-changing request carries this header: the server refuses writes without it (CSRF). */
export const WRITE_HEADER = { name: 'X-Requested-With', value: 'ankara' } as const;

/** Where a 401 means a wrong password rather than a lost session. */
const CREDENTIAL_PATHS = ['/api/auth/login', '/api/auth/signup'];

let onUnauthorized: ((path: string) => void) | null = null;

/**
 * Registers what happens when the server says the session is gone (401 from any endpoint but
 * login and signup: expired or revoked token, disabled account). The app signs the user out.
 */
export function setUnauthorizedHandler(handler: ((path: string) => void) | null): void {
  onUnauthorized = handler;
}

/**
 * For a while after any write, reads skip the service worker's quick copies (public/sw.js serves
 * the catalogue stale-while-revalidate; `cache: 'no-cache'` asks it for the network's answer), so
 * the refetch after saving a collection or a product shows the change, not the copy from before.
 */
const FRESH_AFTER_WRITE_MS = 15_000;
let freshUntil = 0;

/** Called after every successful write (uploads included): the next reads go to the network. */
export function markWritten(): void {
  freshUntil = Date.now() + FRESH_AFTER_WRITE_MS;
}

/** The options a call of `api` may carry (its types are openapi-fetch's, checked per path). */
type CallOptions = {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, string> };
  body?: unknown;
  bodySerializer?: (body: unknown) => BodyInit;
  headers?: HeadersInit;
  signal?: AbortSignal;
};

/** A path of the document with its `{name}` parameters filled in and its query appended. */
function address(path: string, params: CallOptions['params']): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.path?.[name])));
  const query = Object.entries(params?.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

/**
 * Sends one call to the same-origin API. Answers the parsed body (undefined when empty) when it is
 * 2xx; otherwise throws an ApiError built from the server's `{error, message}` body, or a
 * `network_error` ApiError (status 0) when the request never got an answer. Aborts go through.
 */
async function send(method: string, path: string, options: CallOptions = {}): Promise<{ data: unknown }> {
  const url = address(path, options.params);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    // JSON unless the call serializes its own body; a FormData goes as it is, so the browser
    // writes the multipart type and boundary.
    body = options.bodySerializer ? options.bodySerializer(options.body) : JSON.stringify(options.body);
    if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  }
  new Headers(options.headers).forEach((value, name) => {
    headers[name === 'content-type' ? 'Content-Type' : name] = value;
  });
  Object.assign(headers, options.params?.header);
  if (method !== 'GET') headers[WRITE_HEADER.name] = WRITE_HEADER.value;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
      ...(method === 'GET' && Date.now() < freshUntil ? { cache: 'no-cache' as const } : {}),
    });
  } catch (cause) {
    // An abort is not an error of ours: let react-query see it as such.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }

  if (method !== 'GET' && response.ok) markWritten();
  if (response.status === 204) return { data: undefined };

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && !CREDENTIAL_PATHS.includes(path)) onUnauthorized?.(url);
    // The standby machine refusing a write: the banner says so on every page, not only here.
    if (isErrorBody(parsed) && parsed.error === 'switching_over') noteSwitchingOver(parsed.message);
    if (isErrorBody(parsed)) throw new ApiError(response.status, parsed.error, parsed.message, parsed);
    throw new ApiError(
      response.status,
      `http_${response.status}`,
      response.statusText
        ? `Request failed: ${response.status} ${response.statusText}`
        : `Request failed with status ${response.status}`,
      parsed,
    );
  }
  if (text && parsed === undefined) {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an unreadable answer.');
  }
  return { data: parsed };
}

/**
 * The one client of the JSON API, typed by the document (`paths` in api.gen.ts, generated from
 * the server's handlers): a path, its parameters, its body and its answer are checked against
 * what the server declares (openapi-fetch's `Client` type). Its runtime is these few lines rather
 * than openapi-fetch's own (2.5 KB gzip of the first page's JavaScript): every call goes through
 * `send` above (write header, errors as ApiError, the 401 handler, fresh reads after writes); wrap
 * a call in `answer()` for its data.
 */
const call =
  (method: string) =>
  (path: string, options?: CallOptions): Promise<{ data: unknown }> =>
    send(method, path, options);
export const api = {
  GET: call('GET'),
  POST: call('POST'),
  PUT: call('PUT'),
  PATCH: call('PATCH'),
  DELETE: call('DELETE'),
} as unknown as Client<paths>;

/**
 * The data of a call of `api`: its failures have already rejected with an ApiError, so what
 * resolves is the success answer as the document types it (undefined for 204).
 */
export async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/** What one multipart field may hold: text, a file, files under one name; null or undefined leave it out. */
type MultipartValue = string | Blob | ReadonlyArray<Blob> | null | undefined;

/**
 * A multipart form's fields as the document names them: `S` is its `*Form` schema in api.gen.ts
 * (its files are `binary` strings there), so a field the server does not read is a type error.
 */
export type FormFields<S> = { [K in keyof S]: MultipartValue };

/**
 * A multipart body (uploads), in the order given: each value under its name, each file of a list
 * appended under the list's name; null and undefined are left out.
 */
export function multipart<S>(fields: FormFields<S>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries<MultipartValue>(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' || value instanceof Blob) form.set(name, value);
    else for (const file of value) form.append(name, file);
  }
  return form;
}

/**
 * A call's multipart body for `api`: the fields as FormData, sent as they are. The document
 * types files as strings, hence the one cast here; the field names are still checked against `S`.
 */
export function formBody<S>(fields: FormFields<S>): { body: S; bodySerializer: () => FormData } {
  return { body: fields as unknown as S, bodySerializer: () => multipart<S>(fields) };
}

/**
 * The server's own explanation of a refused request (a 4xx answer in its `{error, message}`
 * shape: "Passwords do not match.", "Incorrect password."), or null for anything else (offline,
 * server failure, a proxy's HTML page), where the caller shows its own message.
 */
export function serverReason(error: unknown): string | null {
  return reasonOf(error);
}

/**
 * What a form shows when a request fails: the server's reason alone when it names something to
 * fix ("Please enter a valid price."), never wrapped in "… Please try again.", which told the
 * shopper to repeat what cannot work; the spec's failure message otherwise (offline, server error).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return reasonOf(error) ?? fallback;
}

function reasonOf(error: unknown): string | null {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && !error.code.startsWith('http_')) {
    return error.message;
  }
  // A 503 that says why in words: the shop is switching over to its standby machine.
  if (isApiError(error) && error.code === 'switching_over') return error.message;
  return null;
}
