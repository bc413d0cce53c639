import { ApiError, markWritten, NETWORK_ERROR_MESSAGE } from '@/lib/api';

/** The header the server requires on every write (cross-site request forgery guard). */
export const WRITE_HEADERS = { 'X-Requested-With': 'ankara' } as const;

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** Sent as `Idempotency-Key`: the server refuses a second request with the same key (409). */
  idempotencyKey?: string;
  /** Upload progress in percent, 0 to 100, unrounded (the caller formats it). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

function isErrorBody(value: unknown): value is { error: string; message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends a multipart form with XMLHttpRequest (fetch cannot report upload progress). Resolves with
 * the parsed JSON answer; rejects with an ApiError carrying the server's `{error, message}`, a
 * `network_error` ApiError (status 0) when no answer came, or an AbortError when cancelled.
 */
export function uploadForm<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', idempotencyKey, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(WRITE_HEADERS)) xhr.setRequestHeader(name, value);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, (event.loaded / event.total) * 100));
      };
      // Every byte has left the browser; the server is now storing the pictures.
      xhr.upload.onload = () => onProgress(100);
    }

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        markWritten();
        resolve(parsed as T);
        return;
      }
      if (isErrorBody(parsed)) {
        reject(new ApiError(xhr.status, parsed.error, parsed.message));
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          `http_${xhr.status}`,
          xhr.statusText
            ? `Request failed: ${xhr.status} ${xhr.statusText}`
            : `Request failed with status ${xhr.status}`,
        ),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(body);
  });
}
