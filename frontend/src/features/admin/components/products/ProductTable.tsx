import { Link } from 'wouter';
import { STOCK_LABELS, type BulkAction, type ProductRow } from './productTypes';
import { Price } from '@/components/Price';
import type { Collection } from '@/lib/types';
import { Select, namedOptions } from '@/components/forms/Select';

type BulkProps = {
  chosen: number;
  moveTo: string;
  onMoveTo: (collectionId: string) => void;
  collections: ReadonlyArray<Pick<Collection, 'id' | 'name'>>;
  onAct: (action: BulkAction) => void;
};

/** What to do with the chosen products: feature, unfeature, move to a collection, delete. */
export function BulkActions({ chosen, moveTo, onMoveTo, collections, onAct }: BulkProps) {
  const act = (action: BulkAction, label: string) => (
    <button type="button" className="btn btn--sm btn--outline" disabled={!chosen} onClick={() => onAct(action)}>
      {label}
    </button>
  );
  return (
    <div className="admin-form__actions products-bulk" role="group" aria-label="With the chosen products">
      <span className="muted">{chosen} chosen</span>
      {act('feature', 'Feature')}
      {act('unfeature', 'Unfeature')}
      <Select
        aria-label="Move to collection"
        className="products-bulk__move"
        value={moveTo}
        onValueChange={onMoveTo}
        placeholder="Move to…"
        options={namedOptions(collections)}
      />
      {act('move', 'Move')}
      {act('delete', 'Delete')}
    </div>
  );
}

type TableProps = {
  rows: ReadonlyArray<ProductRow>;
  busy: boolean;
  chosen: ReadonlySet<string>;
  onChosen: (chosen: ReadonlySet<string>) => void;
  onDuplicate: (id: string) => void;
  duplicating: boolean;
};

/** One page of products, each with its box to choose it and Duplicate. */
export function ProductTable({ rows, busy, chosen, onChosen, onDuplicate, duplicating }: TableProps) {
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.id));
  const choose = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChosen(next);
  };
  return (
    <table className="stock-table" aria-busy={busy}>
      <caption className="visually-hidden">Products</caption>
      <thead>
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label="Choose every product on this page"
              checked={allChosen}
              onChange={(e) => onChosen(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
            />
          </th>
          <th scope="col">Product</th>
          <th scope="col">Collection</th>
          <th scope="col">Price</th>
          <th scope="col">Stock</th>
          <th scope="col">Featured</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <input
                type="checkbox"
                aria-label={`Choose ${row.name}`}
                checked={chosen.has(row.id)}
                onChange={(e) => choose(row.id, e.target.checked)}
              />
            </td>
            <th scope="row">
              <Link href={`/product/${row.id}`}>{row.name}</Link>
              {row.category && <span className="muted"> · {row.category}</span>}
            </th>
            <td>{row.collectionName}</td>
            <td>
              <Price kobo={row.price} />
            </td>
            <td>
              {STOCK_LABELS[row.status]} · {row.units.toLocaleString('en-NG')} left
            </td>
            <td>{row.featured ? 'Yes' : 'No'}</td>
            <td>
              <button
                type="button"
                className="btn btn--sm btn--outline"
                disabled={duplicating}
                onClick={() => onDuplicate(row.id)}
              >
                Duplicate<span className="visually-hidden"> {row.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
