/**
 * The variant grid of the back office's product forms: the sizes and colours typed by the
 * merchant make one variant per size × colour (or one default variant), each with its stock and
 * optional SKU; a combination can be left out (not sold). The checks mirror the server's
 * (src/stock/mod.rs `check_variants`), so most mistakes are caught before sending.
 */
import type { Product, VariantInput } from './types';

/** What the server accepts per variant. */
export const MAX_STOCK = 1_000_000;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_CHARS = 40;
export const MAX_SKU_CHARS = 64;

export const STOCK_INVALID = `Stock must be a whole number from 0 to ${MAX_STOCK}.`;
export const NO_VARIANTS = 'A product needs at least one variant.';
export const TOO_MANY_VARIANTS = `A product may have at most ${MAX_VARIANTS} variants.`;
export const OPTION_TOO_LONG = `Sizes and colours may have at most ${MAX_OPTION_CHARS} characters.`;
export const SKU_TOO_LONG = `A SKU may have at most ${MAX_SKU_CHARS} characters.`;
export const SKU_REPEATED = 'Each variant needs its own SKU.';

/** One combination as the form edits it: stock and SKU as typed. */
export type VariantRow = { size: string; color: string; stock: string; sku: string };

/** The whole editor's state: the option lists as typed, what each combination holds, and what is not sold. */
export type VariantGrid = {
  sizes: string;
  colors: string;
  /** Stock and SKU by combination key, kept while a size or colour is typed away and back. */
  values: Record<string, { stock: string; sku: string }>;
  /** Keys of combinations not sold. */
  removed: string[];
  /** The stock a new combination starts with. */
  defaultStock: string;
};

/** "S, M, L" -> ["S", "M", "L"]: trimmed, blanks and repeats left out, in order. */
export function splitOptions(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const option = part.trim();
    if (option && !seen.has(option)) {
      seen.add(option);
      out.push(option);
    }
  }
  return out;
}

export function variantKey(size: string, color: string): string {
  return JSON.stringify([size, color]);
}

/** "42, Black", "42", "Black" or "One size" for a default variant. */
export function describeVariant(size: string | null, color: string | null): string {
  const parts = [size ?? '', color ?? ''].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'One size';
}

/** An empty grid for a new product. */
export function emptyGrid(defaultStock = '0'): VariantGrid {
  return { sizes: '', colors: '', values: {}, removed: [], defaultStock };
}

/** The grid of a stored product: its options, each variant's stock and SKU, and the unsold combinations. */
export function gridFromProduct(product: Pick<Product, 'sizes' | 'colors' | 'variants'>): VariantGrid {
  const values: VariantGrid['values'] = {};
  for (const v of product.variants) {
    values[variantKey(v.size ?? '', v.color ?? '')] = { stock: String(v.available), sku: v.sku ?? '' };
  }
  const grid: VariantGrid = {
    sizes: product.sizes.join(', '),
    colors: product.colors.join(', '),
    values,
    removed: [],
    defaultStock: '0',
  };
  grid.removed = combinations(grid)
    .map(([size, color]) => variantKey(size, color))
    .filter((key) => !(key in values));
  return grid;
}

function combinations(grid: Pick<VariantGrid, 'sizes' | 'colors'>): [string, string][] {
  const sizes = splitOptions(grid.sizes);
  const colors = splitOptions(grid.colors);
  const s = sizes.length > 0 ? sizes : [''];
  const c = colors.length > 0 ? colors : [''];
  return s.flatMap((size) => c.map((color): [string, string] => [size, color]));
}

/** The combinations sold, in order (sizes outer, colours inner), with their values. */
export function gridRows(grid: VariantGrid): VariantRow[] {
  return combinations(grid)
    .map(([size, color]) => ({ size, color, key: variantKey(size, color) }))
    .filter(({ key }) => !grid.removed.includes(key))
    .map(({ size, color, key }) => ({
      size,
      color,
      stock: grid.values[key]?.stock ?? grid.defaultStock,
      sku: grid.values[key]?.sku ?? '',
    }));
}

/** The combinations left out, in order. */
export function removedRows(grid: VariantGrid): { size: string; color: string }[] {
  return combinations(grid)
    .filter(([size, color]) => grid.removed.includes(variantKey(size, color)))
    .map(([size, color]) => ({ size, color }));
}

/** The grid with one combination's stock or SKU changed. */
export function setRowValue(grid: VariantGrid, row: VariantRow, change: Partial<Pick<VariantRow, 'stock' | 'sku'>>) {
  const key = variantKey(row.size, row.color);
  return { ...grid, values: { ...grid.values, [key]: { stock: row.stock, sku: row.sku, ...change } } };
}

/** The grid with a combination left out (true) or sold again (false). */
export function setRemoved(grid: VariantGrid, size: string, color: string, removed: boolean): VariantGrid {
  const key = variantKey(size, color);
  const rest = grid.removed.filter((k) => k !== key);
  return { ...grid, removed: removed ? [...rest, key] : rest };
}

/** A whole number from 0 to MAX_STOCK, as typed; null otherwise. */
export function parseStock(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= MAX_STOCK ? n : null;
}

/** What is wrong with the grid, in the server's words, or null. */
export function checkGrid(grid: VariantGrid): string | null {
  const rows = gridRows(grid);
  if (rows.length === 0) return NO_VARIANTS;
  if (rows.length > MAX_VARIANTS) return TOO_MANY_VARIANTS;
  if (rows.some((r) => [...r.size].length > MAX_OPTION_CHARS || [...r.color].length > MAX_OPTION_CHARS)) {
    return OPTION_TOO_LONG;
  }
  const skus = new Set<string>();
  for (const row of rows) {
    const sku = row.sku.trim();
    if ([...sku].length > MAX_SKU_CHARS) return SKU_TOO_LONG;
    if (parseStock(row.stock) === null) return `${STOCK_INVALID} (${describeVariant(row.size, row.color)})`;
    if (sku) {
      if (skus.has(sku)) return SKU_REPEATED;
      skus.add(sku);
    }
  }
  return null;
}

/** The grid as the API takes it (after checkGrid said nothing). */
export function gridToInputs(grid: VariantGrid): VariantInput[] {
  return gridRows(grid).map((row) => ({
    size: row.size || null,
    color: row.color || null,
    sku: row.sku.trim() || null,
    stock: parseStock(row.stock) ?? 0,
  }));
}

/** The sizes and colours actually sold, in order, comma-separated (the add form's text fields). */
export function soldOptions(grid: VariantGrid): { sizes: string; colors: string } {
  const rows = gridRows(grid);
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))].join(', ');
  return { sizes: unique(rows.map((r) => r.size)), colors: unique(rows.map((r) => r.color)) };
}
