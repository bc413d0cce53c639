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

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (e.g. FormData for uploads); the browser sets the content type. */
  body?: BodyInit;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * Calls the same-origin JSON API. Resolves with the parsed body (undefined for 204), and rejects
 * with an ApiError built from the server's `{error, message}` body for any non-2xx answer, or with
 * a `network_error` ApiError (status 0) when the request never got an answer.
 */
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

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  // FormData (uploads) goes as is: the browser writes the multipart content type and boundary.
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  if (method !== 'GET') headers[WRITE_HEADER.name] = WRITE_HEADER.value;

  let response: Response;
  try {
    response = await fetch(path, {
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
  if (response.status === 204) return undefined as T;

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
    if (response.status === 401 && !CREDENTIAL_PATHS.includes(path.split('?')[0]!)) onUnauthorized?.(path);
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
  return parsed as T;
}

type MultipartValue = string | Blob | ReadonlyArray<Blob> | null | undefined;

/**
 * A multipart body (uploads), in the order given: each value under its name, each file of a list
 * appended under the list's name; null and undefined are left out.
 */
export function multipart(fields: Record<string, MultipartValue>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' || value instanceof Blob) form.set(name, value);
    else for (const file of value) form.append(name, file);
  }
  return form;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'POST', json }),
  put: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PATCH', json }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
  /** multipart/form-data (uploads). */
  postForm: <T>(path: string, form: FormData) => apiFetch<T>(path, { method: 'POST', body: form }),
  patchForm: <T>(path: string, form: FormData) => apiFetch<T>(path, { method: 'PATCH', body: form }),
};

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
  return null;
}
