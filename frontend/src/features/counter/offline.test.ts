import { describe, expect, it } from 'vitest';
import type { Catalogue } from './api';
import { PICTURES_KEPT, urlsToKeep } from './offline';

const ORIGIN = 'https://shop.example';

function catalogue(pictures: number): Catalogue {
  return {
    at: 1,
    lowStock: 3,
    products: Array.from({ length: pictures }, (_, i) => ({
      productId: `p${i}`,
      name: `Product ${i}`,
      price: 1000,
      image: { url: `/media/p${i}.jpg?v=2`, srcset: '', webpSrcset: '', width: 320, height: 320 },
      variants: [],
    })),
  };
}

describe('urlsToKeep', () => {
  it('names the code loaded from this shop and the catalogue’s pictures, once each', () => {
    const urls = urlsToKeep(
      catalogue(2),
      [
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/assets/CounterPage-def.js`,
        `${ORIGIN}/api/counter/catalogue`,
        'https://cdn.elsewhere.example/assets/x.js',
        'not a url at all::',
      ],
      ORIGIN,
    );
    expect(urls).toEqual([
      '/assets/index-abc.js',
      '/assets/CounterPage-def.js',
      '/media/p0.jpg?v=2',
      '/media/p1.jpg?v=2',
    ]);
  });

  it('keeps at most PICTURES_KEPT pictures', () => {
    expect(urlsToKeep(catalogue(PICTURES_KEPT + 20), [], ORIGIN)).toHaveLength(PICTURES_KEPT);
    expect(urlsToKeep(null, [], ORIGIN)).toEqual([]);
  });
});
