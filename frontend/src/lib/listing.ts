import { formatNaira } from './money';
import type { CollectionSort, SearchSort } from './types';

/**
 * The filters of a product list (a collection, search results) as the address holds them:
 * `?size=42&color=Black&minPrice=20000&maxPrice=60000&inStock=true&onSale=true` (prices in whole
 * naira). Parsed leniently — a hand-edited address never makes the page ask for something the
 * server would refuse — and written back in one order, so equal filters make equal addresses.
 */
export type ListingFilters = {
  size: string | null;
  color: string | null;
  /** Whole naira. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  onSale: boolean;
};

export const NO_FILTERS: ListingFilters = {
  size: null,
  color: null,
  minPrice: null,
  maxPrice: null,
  inStock: false,
  onSale: false,
};

/** The server's highest filter price, in naira. */
export const MAX_FILTER_NAIRA = 100_000_000;
const MAX_OPTION = 40;

/** Whole naira from text ("60000", "60,000", "₦60000.50" -> 60000), or null. */
export function parseNaira(text: string | null | undefined): number | null {
  const clean = (text ?? '').replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d*)?$/.test(clean)) return null;
  const naira = Math.floor(Number(clean));
  return Number.isSafeInteger(naira) && naira <= MAX_FILTER_NAIRA ? naira : null;
}

function option(text: string | null): string | null {
  const value = (text ?? '').trim();
  return value && value.length <= MAX_OPTION ? value : null;
}

export function filtersFromParams(params: URLSearchParams): ListingFilters {
  let minPrice = parseNaira(params.get('minPrice'));
  let maxPrice = parseNaira(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    size: option(params.get('size')),
    color: option(params.get('color')),
    minPrice,
    maxPrice,
    inStock: params.get('inStock') === 'true',
    onSale: params.get('onSale') === 'true',
  };
}

/** The filters as API query parameters (left out when not set). */
export function filtersQuery(f: ListingFilters) {
  return {
    size: f.size ?? undefined,
    color: f.color ?? undefined,
    minPrice: f.minPrice ?? undefined,
    maxPrice: f.maxPrice ?? undefined,
    inStock: f.inStock || undefined,
    onSale: f.onSale || undefined,
  };
}

const FILTER_PARAMS = ['size', 'color', 'minPrice', 'maxPrice', 'inStock', 'onSale'] as const;

/** `params` with these filters in place of any others (other parameters, such as q, kept). */
export function withFilters(params: URLSearchParams, f: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  for (const [name, value] of Object.entries(filtersQuery(f))) {
    if (value !== undefined) next.set(name, String(value));
  }
  return next;
}

/** How many filters are on (the Filters button says so). */
export function activeFilters(f: ListingFilters): number {
  return [f.size, f.color, f.minPrice ?? f.maxPrice, f.inStock || null, f.onSale || null].filter((v) => v !== null)
    .length;
}

/** One filter in force, as a removable chip says it, and the filters without it. */
export type FilterChip = { key: string; label: string; without: ListingFilters };

/** Whole naira as money is shown everywhere: ₦60,000.00. */
function naira(whole: number): string {
  return formatNaira(whole * 100);
}

/** The filters in force, in the order the filters are shown: size, colour, price, stock, sale. */
export function filterChips(f: ListingFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.size !== null) chips.push({ key: 'size', label: `Size ${f.size}`, without: { ...f, size: null } });
  if (f.color !== null) chips.push({ key: 'color', label: f.color, without: { ...f, color: null } });
  if (f.minPrice !== null || f.maxPrice !== null) {
    const label =
      f.minPrice !== null && f.maxPrice !== null
        ? `${naira(f.minPrice)} – ${naira(f.maxPrice)}`
        : f.minPrice !== null
          ? `From ${naira(f.minPrice)}`
          : `Up to ${naira(f.maxPrice!)}`;
    chips.push({ key: 'price', label, without: { ...f, minPrice: null, maxPrice: null } });
  }
  if (f.inStock) chips.push({ key: 'inStock', label: 'In stock', without: { ...f, inStock: false } });
  if (f.onSale) chips.push({ key: 'onSale', label: 'On sale', without: { ...f, onSale: false } });
  return chips;
}

/**
 * What a product link from a filtered list carries to the product page, which starts with that
 * size and colour chosen: `?size=42&color=Black`, or "" when neither filter is on.
 */
export function chosenOptionsSearch(f: ListingFilters): string {
  const params = new URLSearchParams();
  if (f.size !== null) params.set('size', f.size);
  if (f.color !== null) params.set('color', f.color);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A stable text for query keys: the same filters (any case) always make the same key. */
export function listingKey(f: ListingFilters, sort: string): string {
  const q = filtersQuery({ ...f, size: f.size?.toLowerCase() ?? null, color: f.color?.toLowerCase() ?? null });
  return JSON.stringify([
    sort,
    q.size ?? '',
    q.color ?? '',
    q.minPrice ?? '',
    q.maxPrice ?? '',
    !!q.inStock,
    !!q.onSale,
  ]);
}

export type SortOption<T extends string> = { value: T; label: string };

export const COLLECTION_SORTS: ReadonlyArray<SortOption<CollectionSort>> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'best-selling', label: 'Best selling' },
  { value: 'top-rated', label: 'Top rated' },
];

/** Search results: best match first, or a collection's orders. */
export const SEARCH_SORTS: ReadonlyArray<SortOption<SearchSort>> = [
  { value: 'relevance', label: 'Relevance' },
  ...COLLECTION_SORTS,
];

/** The sort named in the address if it is one of `options`, else the first (the default). */
export function parseSortParam<T extends string>(value: string | null, options: ReadonlyArray<SortOption<T>>): T {
  return (options.find((s) => s.value === value) ?? options[0]!).value;
}
