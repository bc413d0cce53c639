import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from './idempotency';
import { uploadForm } from './upload';
import type { ApiError } from '@/lib/api';

export type UploadRequest = {
  url: string;
  method: 'POST' | 'PUT';
  form: FormData;
  /** Forms that create things send an Idempotency-Key, so a repeat is refused instead of duplicated. */
  idempotent?: boolean;
};

/** What one attempt came to (null from `upload` means it was ignored: one was already in flight). */
export type UploadResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export type UploadState<T> =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ApiError };

/**
 * One upload at a time with its progress. While a submission is in flight a second one is
 * ignored (and would reuse the same Idempotency-Key, so the server would answer 409 anyway);
 * the key is dropped once the attempt settles, so the next attempt gets a fresh one.
 */
export function useUpload<T>() {
  const [state, setState] = useState<UploadState<T>>({ status: 'idle' });
  const inFlight = useRef(false);
  const key = useRef<string | null>(null);

  const upload = useCallback(async (request: UploadRequest): Promise<UploadResult<T> | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    if (request.idempotent) key.current ??= newIdempotencyKey();
    setState({ status: 'uploading', percent: 0 });
    try {
      const data = await uploadForm<T>(request.url, request.form, {
        method: request.method,
        idempotencyKey: request.idempotent ? (key.current ?? undefined) : undefined,
        onProgress: (percent) => setState((s) => (s.status === 'uploading' ? { status: 'uploading', percent } : s)),
      });
      setState({ status: 'success', data });
      return { ok: true, data };
    } catch (cause) {
      const error = cause as ApiError;
      setState({ status: 'error', error });
      return { ok: false, error };
    } finally {
      inFlight.current = false;
      key.current = null;
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, upload, reset, busy: state.status === 'uploading' };
}
