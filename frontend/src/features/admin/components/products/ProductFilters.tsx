import { useId, type ReactNode } from 'react';
import { SORT_LABELS, STOCK_LABELS, type ProductQuery } from './productTypes';
import type { Collection } from '@/lib/types';
import { Select, namedOptions, optionsOf } from '@/components/forms/Select';
import { SearchBox } from '@/components/forms/SearchBox';

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
      <div>
        <SearchBox label="Search products" value={typed} onValueChange={onType} placeholder="Name, category or SKU" />
      </div>
      <Labelled label="Collection">
        {(id) => (
          <Select
            id={id}
            value={filters.collection ?? ''}
            onValueChange={(collection) => onFilter({ collection: collection || undefined })}
            placeholder="All collections"
            options={namedOptions(collections)}
          />
        )}
      </Labelled>
      <Labelled label="Stock">
        {(id) => (
          <Select
            id={id}
            value={filters.stock ?? ''}
            onValueChange={(stock) => onFilter({ stock: stock || undefined })}
            placeholder="Any stock"
            options={optionsOf(STOCK_LABELS)}
          />
        )}
      </Labelled>
      {price('Lowest price (₦)', 'minPrice')}
      {price('Highest price (₦)', 'maxPrice')}
      <Labelled label="Sort">
        {(id) => (
          <Select
            id={id}
            value={filters.sort ?? 'newest'}
            onValueChange={(sort) => onFilter({ sort })}
            options={optionsOf(SORT_LABELS)}
          />
        )}
      </Labelled>
    </form>
  );
}
