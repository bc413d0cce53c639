import { describe, expect, it } from 'vitest';
import {
  MAX_PHOTOS,
  NO_PHOTO,
  addPhotos,
  keptPhotos,
  movePhoto,
  photosChanged,
  photosForm,
  photosProblem,
  removePhoto,
  replacePhoto,
  type Photo,
} from './photoOrder';
import { image } from '@/test/fixtures';

const images = [image('a'), image('b'), image('c')];
const file = (name: string) => new File([name], `${name}.jpg`, { type: 'image/jpeg' });
/** The order as the server reads it. */
const order = (photos: Photo[]) => JSON.parse(photosForm(photos).order) as string[];

describe('photo order', () => {
  it('starts as the product has them, unchanged', () => {
    const photos = keptPhotos(images);
    expect(order(photos)).toEqual(['/media/a-640.jpg', '/media/b-640.jpg', '/media/c-640.jpg']);
    expect(photosChanged(photos, images)).toBe(false);
    expect(photosForm(photos).images).toEqual([]);
  });

  it('moves a photo up, down and to either end; a move off the list goes no further', () => {
    const photos = keptPhotos(images);
    expect(order(movePhoto(photos, 1, 0))).toEqual(['/media/b-640.jpg', '/media/a-640.jpg', '/media/c-640.jpg']);
    expect(order(movePhoto(photos, 0, 2))).toEqual(['/media/b-640.jpg', '/media/c-640.jpg', '/media/a-640.jpg']);
    expect(order(movePhoto(photos, 2, 1))).toEqual(['/media/a-640.jpg', '/media/c-640.jpg', '/media/b-640.jpg']);
    expect(order(movePhoto(photos, 0, -1))).toEqual(order(photos));
    expect(photosChanged(movePhoto(photos, 1, 0), images)).toBe(true);
    // The list given is left alone.
    expect(order(photos)[0]).toBe('/media/a-640.jpg');
  });

  it('removes a photo, and refuses an empty list', () => {
    const photos = removePhoto(keptPhotos(images), 1);
    expect(order(photos)).toEqual(['/media/a-640.jpg', '/media/c-640.jpg']);
    expect(photosChanged(photos, images)).toBe(true);
    expect(photosProblem(photos)).toBeNull();
    expect(photosProblem(removePhoto(removePhoto(photos, 0), 0))).toBe(NO_PHOTO);
  });

  it('sends added and replacing files as "new", the files in the same order', () => {
    const [x, y, z] = [file('x'), file('y'), file('z')];
    let photos = replacePhoto(keptPhotos(images), 1, x);
    photos = addPhotos(photos, [y, z]).photos;
    photos = movePhoto(photos, 4, 0);
    expect(order(photos)).toEqual(['new', '/media/a-640.jpg', 'new', '/media/c-640.jpg', 'new']);
    expect(photosForm(photos).images).toEqual([z, x, y]);
  });

  it('adds only up to eight photos in all and says how many did not fit', () => {
    const files = Array.from({ length: 7 }, (_, i) => file(`f${i}`));
    const { photos, left } = addPhotos(keptPhotos(images), files);
    expect(photos).toHaveLength(MAX_PHOTOS);
    expect(left).toBe(2);
    expect(photosForm(photos).images).toEqual(files.slice(0, 5));
  });

  it('keeps two choices of the same file as two photos', () => {
    const x = file('x');
    const { photos } = addPhotos([], [x, x]);
    expect(new Set(photos.map((p) => p.key)).size).toBe(2);
    expect(order(photos)).toEqual(['new', 'new']);
  });
});
