import { apiFetch } from '@/lib/api';
import { WRITE_HEADERS } from './upload';

/** A JSON write (PUT/POST/DELETE) with the header the server requires on every write. */
export function adminWrite<T>(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', json?: unknown): Promise<T> {
  return apiFetch<T>(path, { method, json, headers: { ...WRITE_HEADERS } });
}
