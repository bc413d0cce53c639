import type { Catalogue, CatalogueProduct, CatalogueVariant } from './api';

// The catalogue the counter sells from, kept on the device with the time the server made it, so a
// sale can be made (at those prices, with their tokens) when the connection is gone.

export const CATALOGUE_KEY = 'ankara.counter.catalogue';

export function readCatalogue(): Catalogue | null {
  try {
    const raw = localStorage.getItem(CATALOGUE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Catalogue;
    return Array.isArray(parsed.products) && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveCatalogue(catalogue: Catalogue): void {
  try {
    localStorage.setItem(CATALOGUE_KEY, JSON.stringify(catalogue));
  } catch {
    // A full storage: the counter still sells from what it has in memory.
  }
}

/** The catalogue with `sold` units of each variant taken off its stock (never below 0). */
export function takeStock(
  catalogue: Catalogue,
  sold: ReadonlyArray<{ variantId: string; quantity: number }>,
): Catalogue {
  const by = new Map<string, number>();
  for (const s of sold) by.set(s.variantId, (by.get(s.variantId) ?? 0) + s.quantity);
  return {
    ...catalogue,
    products: catalogue.products.map((p) => ({
      ...p,
      variants: p.variants.map((v) =>
        by.has(v.variantId) ? { ...v, stock: Math.max(0, v.stock - by.get(v.variantId)!) } : v,
      ),
    })),
  };
}

export type Found = { product: CatalogueProduct; variant: CatalogueVariant | null };

/** Whether `code` is an EAN-13: 13 digits whose last is the check digit of the first 12. */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((total, d, i) => total + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/**
 * The variant a typed or scanned code names: its SKU (case and spaces around aside) or its EAN-13
 * (the digits the label's bars carry), or null.
 */
export function findCode(catalogue: Catalogue, code: string): Found | null {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return null;
  for (const product of catalogue.products) {
    const variant = product.variants.find((v) => v.sku?.trim().toUpperCase() === wanted || v.ean === wanted);
    if (variant) return { product, variant };
  }
  return null;
}

/**
 * Products whose name has every typed word, or with a variant whose SKU starts with what is
 * typed; an exact SKU or EAN comes first, as that variant alone.
 */
export function search(catalogue: Catalogue, text: string, limit = 12): Found[] {
  const typed = text.trim().toLowerCase();
  if (!typed) return [];
  const exact = findCode(catalogue, typed);
  if (exact) return [exact];
  const words = typed.split(/\s+/);
  const found: Found[] = [];
  for (const product of catalogue.products) {
    const name = product.name.toLowerCase();
    if (words.every((w) => name.includes(w))) found.push({ product, variant: null });
    else {
      const variant = product.variants.find((v) => v.sku?.toLowerCase().startsWith(typed));
      if (variant) found.push({ product, variant });
    }
    if (found.length >= limit) break;
  }
  return found;
}

/** "M, Red" (or "One size"). */
export function variantName(v: Pick<CatalogueVariant, 'size' | 'color'>): string {
  const parts = [v.size, v.color].filter(Boolean);
  return parts.length ? parts.join(', ') : 'One size';
}

export function noSuchItem(sku: string): string {
  return `We have no such item: SKU ${sku.trim()}`;
}
