import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DraftLine } from '../lib/chatOrder';
import { CountInput, Field, FieldAlert } from '@/components/TextField';
import { Select } from '@/components/forms/Select';
import { SearchPicker, usePickerSearch } from './SearchPicker';
import { answer, api } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import type { Product, Variant } from '@/lib/types';
import { adminKeys } from '@/features/admin/api/queryKeys';

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
    queryKey: adminKeys.orderProducts(q),
    queryFn: ({ signal }) => answer(api.GET('/api/search', { params: { query: { q } }, signal })),
    enabled: q !== '',
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Finds a product in the catalogue, then its size and colour (with what is in stock) and a
 * quantity, and hands the line to the form.
 */
export function ProductPicker({ onAdd }: { onAdd: (line: DraftLine) => void }) {
  const search = usePickerSearch();
  const found = useProductSearch(search.q);
  const [chosen, setChosen] = useState<Product | null>(null);

  const products = search.q && !chosen ? (found.data?.products ?? []).slice(0, SHOWN) : [];
  return (
    <div className="product-picker">
      <SearchPicker
        label="Find a product"
        placeholder="Name, category…"
        search={search}
        onTyped={() => setChosen(null)}
        query={found}
        noMatch={chosen ? null : `No product matches “${search.q}”.`}
        listLabel="Products found"
        matches={products.map((product) => ({
          key: product.id,
          label: product.name,
          meta: <span className="product-picker__price">{formatNaira(product.price)}</span>,
          onPick: () => setChosen(product),
        }))}
      />
      {chosen && (
        <VariantChooser
          key={chosen.id}
          product={chosen}
          onCancel={() => setChosen(null)}
          onAdd={(line) => {
            onAdd(line);
            setChosen(null);
            search.setTyped('');
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
          <Field id={selectId} label="Size and colour" className="product-picker__variant">
            <Select
              id={selectId}
              value={variantId}
              aria-describedby={problem ? problemId : undefined}
              onValueChange={(id) => {
                setVariantId(id);
                setProblem(null);
              }}
              placeholder="Choose…"
              options={product.variants.map((v) => ({
                value: v.id,
                label: variantLabel(v),
                disabled: v.available <= 0,
              }))}
            />
          </Field>
          <Field id={quantityId} label="Quantity" className="product-picker__quantity">
            <CountInput
              id={quantityId}
              count="quantity"
              value={quantity}
              onValueChange={(typed) => {
                setQuantity(typed);
                setProblem(null);
              }}
            />
          </Field>
        </div>
      )}
      <FieldAlert id={problemId} message={problem} />
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
