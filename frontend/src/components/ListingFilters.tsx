import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { CloseIcon, SlidersIcon } from './moreIcons';
import { Message } from './Message';
import { Modal } from './Modal';
import {
  activeFilters,
  filterChips,
  filtersFromParams,
  NO_FILTERS,
  parseNaira,
  parseSortParam,
  withFilters,
  type ListingFilters,
  type SortOption,
} from '@/lib/listing';
import { formatNaira, formatCount } from '@/lib/money';
import type { Facets, FacetValue } from '@/lib/types';
import './ListingFilters.css';
import { Select } from '@/components/forms/Select';

export type Listing<T extends string> = {
  filters: ListingFilters;
  sort: T;
  /** The orders the list offers, the default first. */
  sorts: ReadonlyArray<SortOption<T>>;
  setFilters: (filters: ListingFilters) => void;
  setSort: (sort: T) => void;
};

/**
 * A list's filters and sort, kept in the address (`?size=42&color=Black&maxPrice=60000&sort=…`),
 * so a reload, Back and a shared link show the same list. The first of `sorts` is the default and
 * is left out of the address. Changes replace the address rather than adding history entries.
 */
export function useListing<T extends string>(sorts: ReadonlyArray<SortOption<T>>): Listing<T> {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const sort = parseSortParam(params.get('sort'), sorts);
  return {
    filters,
    sort,
    sorts,
    setFilters: (next) => setParams(withFilters(params, next), { replace: true }),
    setSort: (next) => {
      const updated = new URLSearchParams(params);
      if (next === sorts[0]!.value) updated.delete('sort');
      else updated.set('sort', next);
      setParams(updated, { replace: true });
    },
  };
}

type FiltersProps = {
  facets: Facets | undefined;
  filters: ListingFilters;
  onChange: (filters: ListingFilters) => void;
};

type ToolbarProps<T extends string> = FiltersProps & {
  /** Products the filters keep (the sheet's "Show N products"). */
  total: number | undefined;
  sort: T;
  sorts: ReadonlyArray<SortOption<T>>;
  onSort: (sort: T) => void;
};

function productsText(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}

/**
 * Above a list: "Filters" (below 960px; it opens the filter sheet, whose "Show N products"
 * closes it on the list it made, brought into view) and "Sort by", then the filters in force as
 * chips that remove them. From 960px the filters sit beside the list instead
 * ({@link FilterSidebar}).
 */
export function ListingToolbar<T extends string>({
  facets,
  filters,
  onChange,
  total,
  sort,
  sorts,
  onSort,
}: ToolbarProps<T>) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const sortId = useId();
  const active = activeFilters(filters);
  // On a phone the list starts below the banner: "Show N products" brings it up.
  const showList = () => {
    setOpen(false);
    requestAnimationFrame(() => toolbarRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };
  return (
    <div className="listing-toolbar" ref={toolbarRef}>
      <button
        ref={openerRef}
        type="button"
        className="btn btn--outline btn--sm listing-toolbar__filters"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersIcon size={18} />
        Filters{active > 0 && ` (${active})`}
      </button>
      <div className="listing-toolbar__sort">
        <label htmlFor={sortId} className="listing-toolbar__sort-label">
          Sort by
        </label>
        <Select id={sortId} className="listing-toolbar__select" value={sort} onValueChange={onSort} options={sorts} />
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        closeLabel="Close filters"
        variant="sheet"
        returnFocusRef={openerRef}
        footer={
          <>
            <button
              type="button"
              className="btn btn--outline"
              disabled={active === 0}
              onClick={() => onChange({ ...NO_FILTERS })}
            >
              Clear all
            </button>
            <button type="button" className="btn btn--dark" onClick={showList}>
              Show {total === undefined ? 'products' : productsText(total)}
            </button>
          </>
        }
      >
        <FilterGroups facets={facets} filters={filters} onChange={onChange} />
      </Modal>
      <ActiveFilters filters={filters} onChange={onChange} />
    </div>
  );
}

/** The filters in force, each a chip that removes it (every screen size). */
function ActiveFilters({ filters, onChange }: Pick<FiltersProps, 'filters' | 'onChange'>) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul className="active-filters" aria-label="Filters in force">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="active-filter"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onChange(chip.without)}
          >
            {chip.label}
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}

type ListingLayoutProps<T extends string> = {
  listing: Listing<T>;
  facets: Facets | undefined;
  /** Products the filters keep. */
  total: number | undefined;
  /** The products shown are the last list's while the new one loads (dimmed, busy). */
  stale: boolean;
  /** No product passes the filters: say so, with "Clear all filters". */
  empty: boolean;
  /** The products. */
  children: ReactNode;
  /** Under the products ("Load more"). */
  after?: ReactNode;
};

/** A filtered, sorted list of products: the filters beside it (or in a sheet), the toolbar above. */
export function ListingLayout<T extends string>({
  listing,
  facets,
  total,
  stale,
  empty,
  children,
  after,
}: ListingLayoutProps<T>) {
  const filters = { facets, filters: listing.filters, onChange: listing.setFilters };
  return (
    <div className="listing-layout">
      <FilterSidebar {...filters} />
      <div className="listing-main">
        <ListingToolbar {...filters} total={total} sort={listing.sort} sorts={listing.sorts} onSort={listing.setSort} />
        {empty ? (
          <NoMatches onClear={() => listing.setFilters({ ...NO_FILTERS })} />
        ) : (
          <div aria-busy={stale || undefined} className={stale ? 'listing-stale' : undefined}>
            {children}
          </div>
        )}
        {after}
      </div>
    </div>
  );
}

/** What a filtered list says when it comes out empty. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <Message title="No products match these filters.">
      <p>Try another size or colour, or a wider price range.</p>
      <button type="button" className="btn btn--dark" onClick={onClear}>
        Clear all filters
      </button>
    </Message>
  );
}

/** The filters beside a list, from 960px. */
export function FilterSidebar({ facets, filters, onChange }: FiltersProps) {
  const headingId = useId();
  return (
    <aside className="listing-sidebar" aria-labelledby={headingId}>
      <div className="listing-sidebar__head">
        <h2 id={headingId} className="listing-sidebar__title">
          Filters
        </h2>
        {activeFilters(filters) > 0 && (
          <button
            type="button"
            className="link-button listing-sidebar__clear"
            onClick={() => onChange({ ...NO_FILTERS })}
          >
            Clear all
          </button>
        )}
      </div>
      <FilterGroups facets={facets} filters={filters} onChange={onChange} />
    </aside>
  );
}

/**
 * Size, colour, price, in stock only and on sale, each value with the number of products it would
 * show (the other filters kept). A value that would show nothing is disabled unless chosen.
 */
export function FilterGroups({ facets, filters, onChange }: FiltersProps) {
  if (!facets) return <p className="muted">Loading filters…</p>;
  const set = (change: Partial<ListingFilters>) => onChange({ ...filters, ...change });
  return (
    <div className="filter-groups">
      <ChipGroup legend="Size" values={facets.sizes} chosen={filters.size} onChoose={(size) => set({ size })} />
      <ChipGroup legend="Colour" values={facets.colors} chosen={filters.color} onChoose={(color) => set({ color })} />
      <PriceGroup facets={facets} filters={filters} onChange={onChange} />
      <fieldset className="filter-group">
        <legend className="filter-group__legend">Availability</legend>
        <label className="filter-check">
          <input type="checkbox" checked={filters.inStock} onChange={(e) => set({ inStock: e.target.checked })} />
          <span>
            In stock only <span className="filter-count">({facets.inStock})</span>
          </span>
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={filters.onSale} onChange={(e) => set({ onSale: e.target.checked })} />
          <span>
            On sale <span className="filter-count">({facets.onSale})</span>
          </span>
        </label>
      </fieldset>
    </div>
  );
}

type ChipGroupProps = {
  legend: string;
  values: ReadonlyArray<FacetValue>;
  chosen: string | null;
  onChoose: (value: string | null) => void;
};

/** One value at a time; pressing the chosen one again clears it. */
function ChipGroup({ legend, values, chosen, onChoose }: ChipGroupProps) {
  if (values.length === 0) return null;
  const isChosen = (value: string) => chosen !== null && value.toLowerCase() === chosen.toLowerCase();
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">{legend}</legend>
      <div className="filter-chips">
        {values.map(({ value, count }) => {
          const on = isChosen(value);
          return (
            <button
              key={value}
              type="button"
              className="filter-chip"
              aria-pressed={on}
              disabled={count === 0 && !on}
              onClick={() => onChoose(on ? null : value)}
            >
              {value} <span className="filter-count">({count})</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Lowest and highest price in whole naira, applied on Enter or on leaving a box. */
function PriceGroup({ facets, filters, onChange }: { facets: Facets } & Pick<FiltersProps, 'filters' | 'onChange'>) {
  const minId = useId();
  const maxId = useId();
  const [min, setMin] = useState(filters.minPrice?.toString() ?? '');
  const [max, setMax] = useState(filters.maxPrice?.toString() ?? '');
  // The address is the truth: Clear all or Back show in the boxes.
  useEffect(() => setMin(filters.minPrice?.toString() ?? ''), [filters.minPrice]);
  useEffect(() => setMax(filters.maxPrice?.toString() ?? ''), [filters.maxPrice]);

  const apply = () => {
    let minPrice = parseNaira(min);
    let maxPrice = parseNaira(max);
    if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
    setMin(minPrice?.toString() ?? '');
    setMax(maxPrice?.toString() ?? '');
    if (minPrice !== filters.minPrice || maxPrice !== filters.maxPrice) onChange({ ...filters, minPrice, maxPrice });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const range = facets.price;
  const boxes = [
    {
      id: minId,
      label: 'Min',
      value: min,
      set: setMin,
      placeholder: range ? String(Math.floor(range.min / 100)) : '0',
    },
    {
      id: maxId,
      label: 'Max',
      value: max,
      set: setMax,
      placeholder: range ? String(Math.ceil(range.max / 100)) : 'Any',
    },
  ];
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">Price (₦)</legend>
      <form className="filter-price" onSubmit={onSubmit} noValidate>
        {boxes.map((box, n) => (
          <Fragment key={box.label}>
            {n === 1 && <span aria-hidden="true">–</span>}
            <label htmlFor={box.id} className={`filter-price__label filter-price__label--${n}`}>
              {box.label}
            </label>
            <input
              id={box.id}
              className={`field__input filter-price__input filter-price__input--${n}`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={box.placeholder}
              value={box.value}
              onChange={(e) => box.set(e.target.value)}
              onBlur={apply}
            />
          </Fragment>
        ))}
        <button type="submit" className="btn btn--outline btn--sm filter-price__go">
          Go
        </button>
      </form>
      {range && (
        <p className="filter-price__range muted">
          From {formatNaira(range.min)} to {formatNaira(range.max)}
        </p>
      )}
    </fieldset>
  );
}
