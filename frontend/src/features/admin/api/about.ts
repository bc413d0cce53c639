import type { UploadRequest } from '../lib/useUpload';
import { multipart, type FormFields } from '@/lib/api';
import type { AboutForm } from '@/lib/types';

/** The page's text, and each picture only when chosen (the stored ones stay otherwise). */
export type AboutFields = FormFields<AboutForm>;

/** PUT /api/about (multipart): creates the About Us page, or replaces it. */
export function aboutUpload(fields: AboutFields): UploadRequest {
  return { url: '/api/about', method: 'PUT', form: multipart<AboutForm>(fields) };
}
