import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { invalidateCatalog } from '../api/catalog';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Price } from '@/components/Price';
import { Spinner } from '@/components/Spinner';
import { answer, api, failureMessage } from '@/lib/api';
import { useCollections } from '@/lib/collectionsQuery';
import type { components, operations } from '@/lib/api.gen';
import './StockPage.css';

// The Add Product form, opened here for a chosen collection.
const AddProductSlot = lazy(() => import('../slots/AddProductSlot'));

type ProductRow = components['schemas']['AdminProductRow'];
type ProductList = components['schemas']['AdminProductPage'];
type Query = NonNullable<operations['list_products']['parameters']['query']>;
type BulkAction = components['schemas']['BulkAction'];

const SEARCH_DELAY_MS = 300;
const PRODUCTS_KEY = ['admin', 'products'] as const;

const STOCK_LABELS = { 'in-stock': 'In stock', low: 'Low', 'sold-out': 'Sold out' } as const;
const SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name A–Z',
  'name-desc': 'Name Z–A',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  'stock-asc': 'Fewest left first',
  'stock-desc': 'Most left first',
} as const;

/** "Delete 3 products? …": asked before a bulk delete. */
export function confirmDeleteText(count: number): string {
  return `Delete ${count === 1 ? '1 product' : `${count} products`}? Their photos, variants and stock go with them. This cannot be undone.`;
}

/**
 * /admin/products (admins only): every product, found by name, category or SKU, filtered by
 * collection, stock and price, sorted; several at once are featured, unfeatured, moved or deleted
 * (deleting asks first); each can be duplicated. "Add product" opens the add form here.
 */
export default function ProductsPage() {
  const client = useQueryClient();
  const adding = new URLSearchParams(useSearch()).get('add') === '1';
  const { data: collections = [] } = useCollections();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<Query>({});
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [moveTo, setMoveTo] = useState('');
  const [addTo, setAddTo] = useState('');
  const ids = { search: useId(), collection: useId(), stock: useId(), min: useId(), max: useId(), sort: useId() };

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => ({ ...f, q: typed.trim() || undefined }));
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const query = { ...filters, page: page > 1 ? page : undefined };
  const list = useQuery({
    queryKey: [...PRODUCTS_KEY, query],
    queryFn: ({ signal }) => answer(api.GET('/api/admin/products', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: PRODUCTS_KEY }), invalidateCatalog(client)]);
  const bulk = useMutation({
    mutationFn: (body: { action: BulkAction; ids: string[]; collectionId?: string }) =>
      answer(api.POST('/api/admin/products/bulk', { body })),
    onSuccess: (done) => {
      setNotice({ tone: 'success', text: done.message });
      setChosen(new Set());
      void refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, 'Could not change the products.') }),
  });
  const duplicate = useMutation({
    mutationFn: (id: string) => answer(api.POST('/api/products/{id}/duplicate', { params: { path: { id } } })),
    onSuccess: (copy) => {
      setNotice({ tone: 'success', text: `Added ${copy.name}, with no stock: edit it on its page.` });
      void refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, 'Could not duplicate the product.') }),
  });

  const setFilter = (patch: Query) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const act = (action: BulkAction) => {
    const picked = [...chosen];
    if (picked.length === 0 || bulk.isPending) return;
    if (action === 'move' && !moveTo) {
      setNotice({ tone: 'error', text: 'Choose the collection to move them to.' });
      return;
    }
    if (action === 'delete' && !window.confirm(confirmDeleteText(picked.length))) return;
    setNotice(null);
    bulk.mutate(action === 'move' ? { action, ids: picked, collectionId: moveTo } : { action, ids: picked });
  };

  const data = list.data;
  const rows = data?.products ?? [];
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.id));

  return (
    <PageShell title="Products" eyebrow="Admin">
      <PageBar state={data ? `${data.total.toLocaleString('en-NG')} products.` : 'Every product in the shop.'}>
        <Link href="/admin/products?add=1" className="btn btn--sm btn--dark">
          Add product
        </Link>
        <Link href="/admin/products/import" className="btn btn--sm btn--outline">
          Import or export
        </Link>
      </PageBar>

      {adding && (
        <section className="admin-panel" aria-label="Add a product">
          <label className="field__label" htmlFor={ids.collection + '-add'}>
            Collection of the new product
          </label>
          <select
            id={ids.collection + '-add'}
            className="field__input"
            value={addTo}
            onChange={(e) => setAddTo(e.target.value)}
          >
            <option value="">Choose a collection</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {addTo && (
            <Suspense fallback={<Spinner label="Loading the form…" />}>
              <AddProductSlot key={addTo} collectionId={addTo} />
            </Suspense>
          )}
        </section>
      )}

      <form className="stock-search products-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor={ids.search} className="field__label">
            Search products
          </label>
          <input
            id={ids.search}
            className="field__input"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name, category or SKU"
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor={ids.collection} className="field__label">
            Collection
          </label>
          <select
            id={ids.collection}
            className="field__input"
            value={filters.collection ?? ''}
            onChange={(e) => setFilter({ collection: e.target.value || undefined })}
          >
            <option value="">All collections</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.stock} className="field__label">
            Stock
          </label>
          <select
            id={ids.stock}
            className="field__input"
            value={filters.stock ?? ''}
            onChange={(e) => setFilter({ stock: (e.target.value || undefined) as Query['stock'] })}
          >
            <option value="">Any stock</option>
            {Object.entries(STOCK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.min} className="field__label">
            Lowest price (₦)
          </label>
          <input
            id={ids.min}
            className="field__input"
            inputMode="decimal"
            onChange={(e) => setFilter({ minPrice: e.target.value.trim() || undefined })}
          />
        </div>
        <div>
          <label htmlFor={ids.max} className="field__label">
            Highest price (₦)
          </label>
          <input
            id={ids.max}
            className="field__input"
            inputMode="decimal"
            onChange={(e) => setFilter({ maxPrice: e.target.value.trim() || undefined })}
          />
        </div>
        <div>
          <label htmlFor={ids.sort} className="field__label">
            Sort
          </label>
          <select
            id={ids.sort}
            className="field__input"
            value={filters.sort ?? 'newest'}
            onChange={(e) => setFilter({ sort: e.target.value as Query['sort'] })}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <FormNotice notice={notice} />

      <div className="admin-form__actions products-bulk" role="group" aria-label="With the chosen products">
        <span className="muted">{chosen.size} chosen</span>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={!chosen.size}
          onClick={() => act('feature')}
        >
          Feature
        </button>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={!chosen.size}
          onClick={() => act('unfeature')}
        >
          Unfeature
        </button>
        <select
          aria-label="Move to collection"
          className="field__input products-bulk__move"
          value={moveTo}
          onChange={(e) => setMoveTo(e.target.value)}
        >
          <option value="">Move to…</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn--sm btn--outline" disabled={!chosen.size} onClick={() => act('move')}>
          Move
        </button>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={!chosen.size}
          onClick={() => act('delete')}
        >
          Delete
        </button>
      </div>

      {list.isPending ? (
        <Spinner size="lg" label="Loading products…" />
      ) : list.isError ? (
        <Message title={`Error: ${list.error.message}`} tone="error" />
      ) : rows.length === 0 ? (
        <Message title="No products match." />
      ) : (
        <table className="stock-table" aria-busy={list.isPlaceholderData}>
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Choose every product on this page"
                  checked={allChosen}
                  onChange={(e) => setChosen(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
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
              <ProductLine
                key={row.id}
                row={row}
                chosen={chosen.has(row.id)}
                onChoose={(on) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (on) next.add(row.id);
                    else next.delete(row.id);
                    return next;
                  })
                }
                onDuplicate={() => duplicate.mutate(row.id)}
                busy={duplicate.isPending}
              />
            ))}
          </tbody>
        </table>
      )}

      {data && <Pager list={data} onPage={setPage} />}
    </PageShell>
  );
}

type LineProps = {
  row: ProductRow;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onDuplicate: () => void;
  busy: boolean;
};

function ProductLine({ row, chosen, onChoose, onDuplicate, busy }: LineProps) {
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Choose ${row.name}`}
          checked={chosen}
          onChange={(e) => onChoose(e.target.checked)}
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
        <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onDuplicate}>
          Duplicate<span className="visually-hidden"> {row.name}</span>
        </button>
      </td>
    </tr>
  );
}

function Pager({ list, onPage }: { list: ProductList; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages === 1) return null;
  return (
    <nav className="stock-pager" aria-label="Product pages">
      <button
        type="button"
        className="btn btn--sm btn--outline"
        disabled={list.page <= 1}
        onClick={() => onPage(list.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {list.page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn--sm btn--outline"
        disabled={list.page >= pages}
        onClick={() => onPage(list.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
