import type { Image } from '@/lib/types';

/** PUT /api/products/{id}/images takes 1 to 8 entries. */
export const MAX_PHOTOS = 8;
export const NO_PHOTO = 'A product needs at least one photo.';
export const TOO_MANY_PHOTOS = `A product may have at most ${MAX_PHOTOS} photos.`;

/**
 * One of the product's main photos as the editor holds it: one it already has (sent back by its
 * URL), or a file chosen here (sent as "new"). `key` stays with the photo as it moves.
 */
export type Photo = { key: string; kind: 'kept'; image: Image } | { key: string; kind: 'new'; file: File };

let chosen = 0;

/** A chosen file as a new photo, with a key of its own (the same file twice is two entries). */
export function newPhoto(file: File): Photo {
  chosen += 1;
  return { key: `new-${chosen}`, kind: 'new', file };
}

/** The photos a product has, in its order. */
export function keptPhotos(images: ReadonlyArray<Image>): Photo[] {
  return images.map((image) => ({ key: image.url, kind: 'kept', image }));
}

/** The list with the photo at `from` moved to `to` (both clamped to the list). */
export function movePhoto(photos: ReadonlyArray<Photo>, from: number, to: number): Photo[] {
  const next = [...photos];
  const target = Math.max(0, Math.min(to, next.length - 1));
  if (from < 0 || from >= next.length || from === target) return next;
  const [photo] = next.splice(from, 1);
  next.splice(target, 0, photo!);
  return next;
}

export function removePhoto(photos: ReadonlyArray<Photo>, index: number): Photo[] {
  return photos.filter((_, i) => i !== index);
}

/** The list with the photo at `index` replaced by a chosen file, in the same place. */
export function replacePhoto(photos: ReadonlyArray<Photo>, index: number, file: File): Photo[] {
  return photos.map((photo, i) => (i === index ? newPhoto(file) : photo));
}

/** The list with chosen files added at the end, as many as fit under MAX_PHOTOS; `left` did not fit. */
export function addPhotos(photos: ReadonlyArray<Photo>, files: ReadonlyArray<File>): { photos: Photo[]; left: number } {
  const room = Math.max(0, MAX_PHOTOS - photos.length);
  return { photos: [...photos, ...files.slice(0, room).map(newPhoto)], left: Math.max(0, files.length - room) };
}

/** Whether the list differs from the product's photos (order, removals, new files). */
export function photosChanged(photos: ReadonlyArray<Photo>, images: ReadonlyArray<Image>): boolean {
  return photos.length !== images.length || photos.some((p, i) => p.kind !== 'kept' || p.image.url !== images[i]!.url);
}

/** What the server would refuse in the list (it takes 1 to 8 photos), or null. */
export function photosProblem(photos: ReadonlyArray<Photo>): string | null {
  if (photos.length === 0) return NO_PHOTO;
  if (photos.length > MAX_PHOTOS) return TOO_MANY_PHOTOS;
  return null;
}

/**
 * The PUT's fields: `order` as the JSON list the server reads (a kept photo by its URL, "new" for
 * the next file), and the new files in that same order under `images`.
 */
export function photosForm(photos: ReadonlyArray<Photo>): { order: string; images: File[] } {
  const order = photos.map((p) => (p.kind === 'kept' ? p.image.url : 'new'));
  const images = photos.flatMap((p) => (p.kind === 'new' ? [p.file] : []));
  return { order: JSON.stringify(order), images };
}
