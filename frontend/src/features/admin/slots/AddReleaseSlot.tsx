import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCollectionProducts, useCollections } from '../api/catalog';
import { adminKeys } from '../api/keys';
import { AdminPanel, FormNotice, UploadProgress, type Notice } from '../components/AdminPanel';
import { FileField, TextAreaField, TextField } from '../components/Fields';
import { formatWholePercent } from '../lib/progress';
import { useUpload } from '../lib/useUpload';
import { validateRelease } from '../lib/validate';
import { formatNaira } from '@/lib/money';
import type { Release } from '@/lib/types';

export const RELEASE_ADDED = 'New release added successfully';

/** Kobo as the naira an admin would type: 2500000 -> "25000.00". */
function nairaInput(kobo: number): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/**
 * Home, admins only, beside the New Releases showcase: add a release pointing at one product of a
 * collection, over a background picture. The showcase shows it at once (newest first).
 */
export default function AddReleaseSlot() {
  const headingId = useId();
  const ids = { collection: useId(), product: useId(), featured: useId() };
  const client = useQueryClient();
  const collections = useCollections();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [collectionId, setCollectionId] = useState('');
  const [productId, setProductId] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [featured, setFeatured] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const products = useCollectionProducts(collectionId);
  const { state, upload, busy } = useUpload<Release>();

  const chooseProduct = (id: string) => {
    setProductId(id);
    const product = products.data?.find((p) => p.id === id);
    // A helpful start: the product's own price, unless one was typed already.
    if (product && price.trim() === '') setPrice(nairaInput(product.price));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const image = images[0] ?? null;
    const invalid = validateRelease({ name, description, price, collectionId, productId, image });
    if (invalid) {
      setNotice({ tone: 'error', text: invalid });
      return;
    }
    setNotice(null);
    const form = new FormData();
    form.set('name', name.trim());
    form.set('description', description.trim());
    form.set('price', price.trim());
    form.set('collectionId', collectionId);
    form.set('productId', productId);
    if (featured) form.set('featured', 'on');
    form.set('image', image!);
    const result = await upload({ url: '/api/releases', method: 'POST', form, idempotent: true });
    if (!result) return;
    if (!result.ok) {
      setNotice({ tone: 'error', text: `Error adding release: ${result.error.message}` });
      return;
    }
    // Newest first: put it at the front of the showcase now, then refetch to be sure.
    client.setQueryData<Release[]>(adminKeys.releases, (list) => (list ? [result.data, ...list] : list));
    void client.invalidateQueries({ queryKey: adminKeys.releases });
    setNotice({ tone: 'success', text: RELEASE_ADDED });
    setName('');
    setDescription('');
    setPrice('');
    setProductId('');
    setImages([]);
    setFeatured(false);
  };

  return (
    <div className="container admin-slot">
      <AdminPanel
        title="Add Release"
        headingId={headingId}
        description="A release shows in the New Releases showcase and leads to one product."
      >
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId} aria-busy={busy}>
          <fieldset className="admin-form__fieldset" disabled={busy}>
            <div className="admin-form__grid">
              <TextField label="Name" value={name} onChange={setName} required maxLength={120} autoComplete="off" />
              <TextField
                label="Price (₦)"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={price}
                onChange={setPrice}
                required
              />
            </div>
            <TextAreaField label="Description" value={description} onChange={setDescription} required />
            <div className="admin-form__grid">
              <div className="field admin-field">
                <label htmlFor={ids.collection} className="field__label">
                  Collection
                </label>
                <select
                  id={ids.collection}
                  className="field__input"
                  value={collectionId}
                  onChange={(e) => {
                    setCollectionId(e.target.value);
                    setProductId('');
                  }}
                  required
                >
                  <option value="">Choose a collection</option>
                  {collections.data?.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {collections.isError && (
                  <p className="field__error" role="alert">
                    Could not fetch collections: {collections.error.message}
                  </p>
                )}
              </div>
              <div className="field admin-field">
                <label htmlFor={ids.product} className="field__label">
                  Product
                </label>
                <select
                  id={ids.product}
                  className="field__input"
                  value={productId}
                  onChange={(e) => chooseProduct(e.target.value)}
                  disabled={!collectionId || products.isPending}
                  required
                >
                  <option value="">
                    {!collectionId
                      ? 'Choose a collection first'
                      : products.isPending
                        ? 'Loading products…'
                        : products.data?.length === 0
                          ? 'No products in this collection'
                          : 'Choose a product'}
                  </option>
                  {products.data?.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} — {formatNaira(p.price)}
                    </option>
                  ))}
                </select>
                {products.isError && (
                  <p className="field__error" role="alert">
                    {products.error.message}
                  </p>
                )}
              </div>
            </div>
            <div className="admin-form__grid">
              <FileField
                label="Background image"
                files={images}
                onChange={setImages}
                hint="A wide landscape picture, shown full width behind the text."
              />
              <div className="admin-check">
                <input
                  id={ids.featured}
                  type="checkbox"
                  checked={featured}
                  onChange={(e) => setFeatured(e.target.checked)}
                />
                <label htmlFor={ids.featured}>Featured</label>
              </div>
            </div>
            <FormNotice notice={notice} />
            {state.status === 'uploading' && <UploadProgress percent={state.percent} format={formatWholePercent} />}
            <div className="admin-form__actions">
              <button type="submit" className="btn btn--dark" disabled={busy}>
                {busy ? 'Saving...' : 'Add Release'}
              </button>
            </div>
          </fieldset>
        </form>
      </AdminPanel>
    </div>
  );
}
