import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { invalidateCatalog } from '../api/catalog';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { Pager } from '../components/Pager';
import { ProductFilters } from '../components/products/ProductFilters';
import { BulkActions, ProductTable } from '../components/products/ProductTable';
import type { BulkAction, ProductQuery } from '../components/products/productTypes';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { answer, api, failureMessage } from '@/lib/api';
import { useCollections } from '@/lib/collectionsQuery';
import './StockPage.css';
import { Select, namedOptions } from '@/components/forms/Select';

// The Add Product form, opened here for a chosen collection.
const AddProductSlot = lazy(() => import('../slots/AddProductSlot'));

const SEARCH_DELAY_MS = 300;
const PRODUCTS_KEY = ['admin', 'products'] as const;

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
  const [filters, setFilters] = useState<ProductQuery>({});
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [moveTo, setMoveTo] = useState('');
  const [addTo, setAddTo] = useState('');
  const addId = useId();

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

  const setFilter = (patch: ProductQuery) => {
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
          <label className="field__label" htmlFor={addId}>
            Collection of the new product
          </label>
          <Select
            id={addId}
            value={addTo}
            onValueChange={setAddTo}
            placeholder="Choose a collection"
            options={namedOptions(collections)}
          />
          {addTo && (
            <Suspense fallback={<Spinner label="Loading the form…" />}>
              <AddProductSlot key={addTo} collectionId={addTo} />
            </Suspense>
          )}
        </section>
      )}

      <ProductFilters
        typed={typed}
        onType={setTyped}
        filters={filters}
        onFilter={setFilter}
        collections={collections}
      />

      <FormNotice notice={notice} />

      <BulkActions chosen={chosen.size} moveTo={moveTo} onMoveTo={setMoveTo} collections={collections} onAct={act} />

      {list.isPending ? (
        <Spinner size="lg" label="Loading products…" />
      ) : list.isError ? (
        <Message title={`Error: ${list.error.message}`} tone="error" />
      ) : rows.length === 0 ? (
        <Message title="No products match." />
      ) : (
        <ProductTable
          rows={rows}
          busy={list.isPlaceholderData}
          chosen={chosen}
          onChosen={setChosen}
          onDuplicate={(id) => duplicate.mutate(id)}
          duplicating={duplicate.isPending}
        />
      )}

      {data && (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} label="Product pages" onPage={setPage} />
      )}
    </PageShell>
  );
}
