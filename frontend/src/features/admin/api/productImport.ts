import { isRefusal } from './stock';
import { answer, api, isApiError } from '@/lib/api';
import type { components } from '@/lib/api.gen';

export type ImportReport = components['schemas']['ImportReport'];
export type ImportJob = components['schemas']['ImportJob'];
export type ImportRefused = components['schemas']['ImportRefused'];

/** Where the products spreadsheet is downloaded from (the session cookie goes with a plain link). */
export const PRODUCTS_CSV_URL = '/api/admin/products.csv';

/** How often a running import is asked how far it has got. */
export const POLL_MS = 500;

export type Checked = { ok: true; report: ImportReport } | { ok: false; refused: ImportRefused };
export type Started = { ok: true; job: ImportJob } | { ok: false; refused: ImportRefused };

/** A zip goes as one, anything else as CSV text; the server tells them apart by their first bytes. */
function contentType(file: File): string {
  return file.name.toLowerCase().endsWith('.zip') ? 'application/zip' : 'text/csv';
}

/**
 * POST /api/admin/products/import with the file as the body. A refusal (400 with the bad rows)
 * is an answer, not an error; anything else that fails rejects with an ApiError.
 */
async function send(
  file: File,
  dryRun: boolean,
  collection: string,
): Promise<{ ok: true; value: ImportReport | ImportJob } | { ok: false; refused: ImportRefused }> {
  try {
    const value = await answer(
      api.POST('/api/admin/products/import', {
        params: { query: { dryRun, collection: collection || undefined } },
        body: '',
        // The body is the file itself, streamed as it is.
        bodySerializer: () => file,
        headers: { 'Content-Type': contentType(file) },
      }),
    );
    return { ok: true, value };
  } catch (error) {
    if (isApiError(error) && error.status === 400 && isRefusal(error.body)) return { ok: false, refused: error.body };
    throw error;
  }
}

/** A started import's answer (202) rather than a dry run's report (200). */
function isJob(value: ImportReport | ImportJob): value is ImportJob {
  return 'state' in value;
}

/** The dry run: what the file would create, change and leave alone, or the rows that are wrong. */
export async function checkImport(file: File, collection: string): Promise<Checked> {
  const result = await send(file, true, collection);
  if (!result.ok) return result;
  if (isJob(result.value)) throw new Error('The shop started an import instead of checking the file.');
  return { ok: true, report: result.value };
}

/** Starts the import: the job to follow, or the rows that are wrong. */
export async function startImport(file: File, collection: string): Promise<Started> {
  const result = await send(file, false, collection);
  if (!result.ok) return result;
  if (!isJob(result.value)) throw new Error('The shop checked the file instead of importing it.');
  return { ok: true, job: result.value };
}

/** GET /api/admin/products/import/{job}. */
export function importProgress(id: string, signal?: AbortSignal): Promise<ImportJob> {
  return answer(api.GET('/api/admin/products/import/{job}', { params: { path: { job: id } }, signal }));
}
