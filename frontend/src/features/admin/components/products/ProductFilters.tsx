import { useId, type ReactNode } from 'react';
import { SORT_LABELS, STOCK_LABELS, type ProductQuery } from './productTypes';
import type { Collection } from '@/lib/types';

type FiltersProps = {
  typed: string;
  onType: (text: string) => void;
  filters: ProductQuery;
  onFilter: (patch: ProductQuery) => void;
  collections: ReadonlyArray<Pick<Collection, 'id' | 'name'>>;
};

/** A labelled control in the filters' row. */
function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The options of a select, from value → label pairs. */
const options = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));

/** The products' search and filters: a name, category or SKU; a collection; stock; a price range; the order. */
export function ProductFilters({ typed, onType, filters, onFilter, collections }: FiltersProps) {
  const price = (label: string, key: 'minPrice' | 'maxPrice') => (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          className="field__input"
          inputMode="decimal"
          onChange={(e) => onFilter({ [key]: e.target.value.trim() || undefined })}
        />
      )}
    </Labelled>
  );
  return (
    <form className="stock-search products-filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <Labelled label="Search products">
        {(id) => (
          <input
            id={id}
            className="field__input"
            type="search"
            value={typed}
            onChange={(e) => onType(e.target.value)}
            placeholder="Name, category or SKU"
            autoComplete="off"
          />
        )}
      </Labelled>
      <Labelled label="Collection">
        {(id) => (
          <select
            id={id}
            className="field__input"
            value={filters.collection ?? ''}
            onChange={(e) => onFilter({ collection: e.target.value || undefined })}
          >
            {options([['', 'All collections'], ...collections.map((c) => [c.id, c.name] as const)])}
          </select>
        )}
      </Labelled>
      <Labelled label="Stock">
        {(id) => (
          <select
            id={id}
            className="field__input"
            value={filters.stock ?? ''}
            onChange={(e) => onFilter({ stock: (e.target.value || undefined) as ProductQuery['stock'] })}
          >
            {options([['', 'Any stock'], ...Object.entries(STOCK_LABELS)])}
          </select>
        )}
      </Labelled>
      {price('Lowest price (₦)', 'minPrice')}
      {price('Highest price (₦)', 'maxPrice')}
      <Labelled label="Sort">
        {(id) => (
          <select
            id={id}
            className="field__input"
            value={filters.sort ?? 'newest'}
            onChange={(e) => onFilter({ sort: e.target.value as ProductQuery['sort'] })}
          >
            {options(Object.entries(SORT_LABELS))}
          </select>
        )}
      </Labelled>
    </form>
  );
}
