import type { UploadRequest } from '../lib/useUpload';
import { multipart } from '@/lib/api';

export type AboutFields = {
  title: string;
  description1: string;
  description2: string;
  /** Sent only when chosen: the stored pictures stay otherwise. */
  image1: File | null;
  image2: File | null;
};

/** PUT /api/about (multipart): creates the About Us page, or replaces it. */
export function aboutUpload(fields: AboutFields): UploadRequest {
  return { url: '/api/about', method: 'PUT', form: multipart(fields) };
}
