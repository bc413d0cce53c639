import { describe, expect, it } from 'vitest';
import { addable } from './HomeEditorPage';
import { productIdFrom } from '../components/home/TargetField';
import type { HomeSection } from '@/lib/types';

describe('the home page editor', () => {
  it('offers each kind of section once, picture banners up to four, and nothing past twelve', () => {
    const seed: HomeSection[] = [
      { type: 'hero', slides: [] },
      { type: 'collections' },
      { type: 'releases' },
      { type: 'featured' },
    ];
    expect(addable(seed)).toEqual(['announcement', 'banner', 'whatsapp']);
    const banner: HomeSection = { type: 'banner', heading: 'B', picture: null };
    expect(addable([...seed, banner, banner, banner, banner])).toEqual(['announcement', 'whatsapp']);
    expect(addable(Array.from({ length: 12 }, () => banner))).toEqual([]);
  });

  it("takes a product's id from its pasted link or the id itself", () => {
    expect(productIdFrom('https://funkescloset.ng/product/abc123?colour=Red')).toBe('abc123');
    expect(productIdFrom(' /product/x%2Dy ')).toBe('x-y');
    expect(productIdFrom('abc123')).toBe('abc123');
  });
});
