import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addReleaseUpload, useCollectionProducts } from '../api/catalog';
import { useCollections } from '@/lib/collectionsQuery';
import { FileField, NamePriceDescriptionFields, SelectField } from '../components/Fields';
import { UploadPanel, useUploadForm } from '../components/UploadPanel';
import { formatWholePercent } from '../lib/progress';
import { validateRelease } from '../lib/validate';
import { formatNaira } from '@/lib/money';
import { queryKeys } from '@/lib/queryKeys';
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
  const featuredId = useId();
  const client = useQueryClient();
  const collections = useCollections();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [collectionId, setCollectionId] = useState('');
  const [productId, setProductId] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [featured, setFeatured] = useState(false);
  const products = useCollectionProducts(collectionId);
  const upload = useUploadForm<Release>();

  const chooseProduct = (id: string) => {
    setProductId(id);
    const product = products.data?.find((p) => p.id === id);
    // A helpful start: the product's own price, unless one was typed already.
    if (product && price.trim() === '') setPrice(nairaInput(product.price));
  };

  const onSubmit = async () => {
    const image = images[0] ?? null;
    const release = await upload.send({
      invalid: validateRelease({ name, description, price, collectionId, productId, image }),
      request: () =>
        addReleaseUpload({
          name: name.trim(),
          description: description.trim(),
          price: price.trim(),
          collectionId,
          productId,
          featured,
          image: image!,
        }),
      failure: (error) => `Error adding release: ${error.message}`,
    });
    if (!release) return;
    // Newest first: put it at the front of the showcase now, then refetch to be sure.
    client.setQueryData<Release[]>(queryKeys.releases, (list) => (list ? [release, ...list] : list));
    void client.invalidateQueries({ queryKey: queryKeys.releases });
    upload.setNotice({ tone: 'success', text: RELEASE_ADDED });
    setName('');
    setDescription('');
    setPrice('');
    setProductId('');
    setImages([]);
    setFeatured(false);
  };

  return (
    <div className="container admin-slot">
      <UploadPanel
        title="Add Release"
        description="A release shows in the New Releases showcase and leads to one product."
        form={upload}
        onSubmit={onSubmit}
        formatPercent={formatWholePercent}
        submitLabel="Add Release"
      >
        <NamePriceDescriptionFields
          {...{ name, price, description }}
          onName={setName}
          onPrice={setPrice}
          onDescription={setDescription}
        />
        <div className="admin-form__grid">
          <SelectField
            label="Collection"
            value={collectionId}
            onValueChange={(id) => {
              setCollectionId(id);
              setProductId('');
            }}
            required
            placeholder="Choose a collection"
            options={collections.data?.map((c) => ({ value: c.id, label: c.name })) ?? []}
            error={collections.isError && `Could not fetch collections: ${collections.error.message}`}
          />
          <SelectField
            label="Product"
            value={productId}
            onValueChange={chooseProduct}
            disabled={!collectionId || products.isPending}
            required
            placeholder={
              !collectionId
                ? 'Choose a collection first'
                : products.isPending
                  ? 'Loading products…'
                  : products.data?.length === 0
                    ? 'No products in this collection'
                    : 'Choose a product'
            }
            options={products.data?.map((p) => ({ value: p.id, label: `${p.name} — ${formatNaira(p.price)}` })) ?? []}
            error={products.isError && products.error.message}
          />
        </div>
        <div className="admin-form__grid">
          <FileField
            label="Background image"
            files={images}
            onChange={setImages}
            hint="A wide landscape picture, shown full width behind the text."
          />
          <div className="admin-check">
            <input id={featuredId} type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} />
            <label htmlFor={featuredId}>Featured</label>
          </div>
        </div>
      </UploadPanel>
    </div>
  );
}
