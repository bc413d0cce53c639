import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DraftLine } from '../lib/chatOrder';
import { useDebounced } from '@/lib/useDebounced';
import { Spinner } from '@/components/Spinner';
import { answer, api } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { queryKeys } from '@/lib/queryKeys';
import type { Product, Variant } from '@/lib/types';

/** How many matches the picker lists. */
const SHOWN = 8;

/** "M · Red", or null for a product without options. */
export function optionText(variant: Pick<Variant, 'size' | 'color'>): string | null {
  return [variant.size, variant.color].filter(Boolean).join(' · ') || null;
}

/** A variant as the choice lists it: "M · Red — 4 in stock", "One size — sold out". */
export function variantLabel(variant: Variant): string {
  const name = optionText(variant) ?? 'One size';
  return variant.available > 0 ? `${name} — ${variant.available} in stock` : `${name} — sold out`;
}

/** GET /api/search?q=: the catalogue's products (with their variants and stock) for what was typed. */
function useProductSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.admin.orderProducts(q),
    queryFn: ({ signal }) => answer(api.GET('/api/search', { params: { query: { q } }, signal })),
    enabled: q.length >= 2,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Finds a product in the catalogue, then its size and colour (with what is in stock) and a
 * quantity, and hands the line to the form.
 */
export function ProductPicker({ onAdd }: { onAdd: (line: DraftLine) => void }) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 250);
  const { data, isFetching, isError, error } = useProductSearch(q);
  const [chosen, setChosen] = useState<Product | null>(null);
  const searchId = useId();
  const resultsId = useId();

  const products = q.length >= 2 ? (data?.products ?? []).slice(0, SHOWN) : [];
  return (
    <div className="product-picker">
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          Find a product
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder="Name, category…"
          value={typed}
          aria-controls={resultsId}
          onChange={(e) => {
            setTyped(e.target.value);
            setChosen(null);
          }}
        />
      </div>
      <div id={resultsId} aria-live="polite">
        {isFetching && q.length >= 2 && <Spinner size="sm" label="Searching…" />}
        {isError && (
          <p className="field__error" role="alert">
            {error.message}
          </p>
        )}
        {!chosen && q.length >= 2 && data && products.length === 0 && (
          <p className="muted">No product matches “{q}”.</p>
        )}
        {!chosen && products.length > 0 && (
          <ul className="product-picker__results" aria-label="Products found">
            {products.map((product) => (
              <li key={product.id}>
                <button type="button" className="product-picker__result" onClick={() => setChosen(product)}>
                  <span className="product-picker__name">{product.name}</span>
                  <span className="product-picker__price">{formatNaira(product.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {chosen && (
        <VariantChooser
          key={chosen.id}
          product={chosen}
          onCancel={() => setChosen(null)}
          onAdd={(line) => {
            onAdd(line);
            setChosen(null);
            setTyped('');
          }}
        />
      )}
    </div>
  );
}

function VariantChooser({
  product,
  onAdd,
  onCancel,
}: {
  product: Product;
  onAdd: (line: DraftLine) => void;
  onCancel: () => void;
}) {
  const inStock = product.variants.filter((v) => v.available > 0);
  // One thing to choose from: chosen already.
  const [variantId, setVariantId] = useState(inStock.length === 1 ? inStock[0]!.id : '');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const selectId = useId();
  const quantityId = useId();
  const problemId = useId();

  const add = () => {
    const variant = product.variants.find((v) => v.id === variantId);
    if (!variant) {
      setProblem('Choose the size and colour.');
      return;
    }
    const n = Number(quantity);
    if (!/^\d{1,3}$/.test(quantity.trim()) || n < 1) {
      setProblem('Each quantity must be from 1 to 999.');
      return;
    }
    onAdd({
      variantId: variant.id,
      productId: product.id,
      name: product.name,
      option: optionText(variant),
      price: product.price,
      available: variant.available,
      quantity: String(n),
    });
  };

  return (
    <div className="product-picker__chooser" role="group" aria-label={`Add ${product.name}`}>
      <p className="product-picker__chosen">
        <strong>{product.name}</strong> <span>{formatNaira(product.price)}</span>
      </p>
      {inStock.length === 0 ? (
        <p className="alert alert--warning">Sold out in every size and colour.</p>
      ) : (
        <div className="product-picker__row">
          <div className="field product-picker__variant">
            <label htmlFor={selectId} className="field__label">
              Size and colour
            </label>
            <select
              id={selectId}
              className="field__input"
              value={variantId}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                setVariantId(e.target.value);
                setProblem(null);
              }}
            >
              <option value="">Choose…</option>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id} disabled={v.available <= 0}>
                  {variantLabel(v)}
                </option>
              ))}
            </select>
          </div>
          <div className="field product-picker__quantity">
            <label htmlFor={quantityId} className="field__label">
              Quantity
            </label>
            <input
              id={quantityId}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={999}
              value={quantity}
              onChange={(e) => {
                setQuantity(e.target.value);
                setProblem(null);
              }}
            />
          </div>
        </div>
      )}
      {problem && (
        <p id={problemId} className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-form__actions">
        {inStock.length > 0 && (
          <button type="button" className="btn btn--dark btn--sm" onClick={add}>
            Add to order
          </button>
        )}
        <button type="button" className="btn btn--outline btn--sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
