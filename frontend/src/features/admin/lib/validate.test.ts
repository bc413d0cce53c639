import { describe, expect, it } from 'vitest';
import {
  FILL_ALL_FIELDS,
  FILL_ALL_TEXT_FIELDS,
  IMAGE_TOO_LARGE,
  INVALID_PRICE,
  NOT_AN_IMAGE,
  TOO_MANY_IMAGES,
  isValidPrice,
  splitList,
  validateAbout,
  validateCollection,
  validateProduct,
  validateRelease,
} from './validate';
import { imageFile } from '../test/fakeXhr';

const jpg = imageFile();
const pdf = imageFile('doc.pdf', 'application/pdf');

describe('collection form', () => {
  it('needs name, description and, when adding, an image', () => {
    expect(validateCollection({ name: '', description: 'd', image: jpg, adding: true })).toBe(FILL_ALL_FIELDS);
    expect(validateCollection({ name: 'n', description: '  ', image: jpg, adding: true })).toBe(FILL_ALL_FIELDS);
    expect(validateCollection({ name: 'n', description: 'd', image: null, adding: true })).toBe(FILL_ALL_FIELDS);
    expect(validateCollection({ name: 'n', description: 'd', image: jpg, adding: true })).toBeNull();
  });

  it('does not need an image when editing', () => {
    expect(validateCollection({ name: 'n', description: 'd', image: null, adding: false })).toBeNull();
    expect(validateCollection({ name: '', description: 'd', image: null, adding: false })).toBe(FILL_ALL_FIELDS);
  });

  it('refuses a file that is not an image', () => {
    expect(validateCollection({ name: 'n', description: 'd', image: pdf, adding: true })).toBe(NOT_AN_IMAGE);
  });
});

describe('release form', () => {
  const ok = {
    name: 'Drop',
    description: 'New',
    price: '25000.50',
    collectionId: 'suits',
    productId: 'p1',
    image: jpg,
  };
  it('needs every field but featured', () => {
    expect(validateRelease(ok)).toBeNull();
    for (const key of ['name', 'description', 'price', 'collectionId', 'productId'] as const) {
      expect(validateRelease({ ...ok, [key]: '' })).toBe(FILL_ALL_FIELDS);
    }
    expect(validateRelease({ ...ok, image: null })).toBe(FILL_ALL_FIELDS);
  });

  it('needs a price with at most two decimals and an image file', () => {
    expect(validateRelease({ ...ok, price: '12.345' })).toBe(INVALID_PRICE);
    expect(validateRelease({ ...ok, price: '-5' })).toBe(INVALID_PRICE);
    expect(validateRelease({ ...ok, image: pdf })).toBe(NOT_AN_IMAGE);
  });
});

describe('add product form', () => {
  const ok = { name: 'Loafer', description: 'Suede', price: '45000', images: [jpg] };
  it('needs name, description, price and at least one picture', () => {
    expect(validateProduct(ok)).toBeNull();
    expect(validateProduct({ ...ok, name: ' ' })).toBe(FILL_ALL_FIELDS);
    expect(validateProduct({ ...ok, description: '' })).toBe(FILL_ALL_FIELDS);
    expect(validateProduct({ ...ok, price: '' })).toBe(FILL_ALL_FIELDS);
    expect(validateProduct({ ...ok, images: [] })).toBe(FILL_ALL_FIELDS);
  });

  it('checks the price, the picture types, count and sizes', () => {
    expect(validateProduct({ ...ok, price: 'abc' })).toBe(INVALID_PRICE);
    expect(validateProduct({ ...ok, images: [jpg, pdf] })).toBe(NOT_AN_IMAGE);
    expect(validateProduct({ ...ok, images: Array.from({ length: 9 }, () => jpg) })).toBe(TOO_MANY_IMAGES);
    expect(validateProduct({ ...ok, images: [imageFile('big.jpg', 'image/jpeg', 10_000_001)] })).toBe(IMAGE_TOO_LARGE);
  });
});

describe('About Us form', () => {
  const ok = { title: 'Our story', description1: 'One', description2: 'Two', image1: null, image2: null };
  it('needs the title and both descriptions; pictures are optional', () => {
    expect(validateAbout(ok)).toBeNull();
    expect(validateAbout({ ...ok, title: '' })).toBe(FILL_ALL_TEXT_FIELDS);
    expect(validateAbout({ ...ok, description1: '' })).toBe(FILL_ALL_TEXT_FIELDS);
    expect(validateAbout({ ...ok, description2: ' ' })).toBe(FILL_ALL_TEXT_FIELDS);
    expect(validateAbout({ ...ok, image2: pdf })).toBe(NOT_AN_IMAGE);
  });
});

describe('helpers', () => {
  it('accepts naira with at most two decimals', () => {
    expect(isValidPrice('25000')).toBe(true);
    expect(isValidPrice('25000.5')).toBe(true);
    expect(isValidPrice(' 0.99 ')).toBe(true);
    expect(isValidPrice('1e5')).toBe(false);
    expect(isValidPrice('25,000')).toBe(false);
  });

  it('splits comma lists', () => {
    expect(splitList(' S, M ,,L ')).toEqual(['S', 'M', 'L']);
  });
});
