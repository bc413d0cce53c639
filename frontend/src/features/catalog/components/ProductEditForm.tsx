import { useId, useState, type FormEvent } from 'react';
import { useEditProduct, useSetPhotos } from '../api/edit-product';
import { ColorPicturesEditor } from './ColorPicturesEditor';
import { keptPhotos, photosChanged, photosForm, photosProblem } from './photoOrder';
import { PhotosEditor } from './PhotosEditor';
import { FormError } from '@/components/forms/FormError';
import { SaveCancelButtons } from '@/components/forms/SubmitButton';
import { Field, TextField } from '@/components/TextField';
import { Select, namedOptions } from '@/components/forms/Select';
import { VariantEditor } from '@/components/VariantEditor';
import { failureMessage } from '@/lib/api';
import { useCollections } from '@/lib/collectionsQuery';
import { compareAtProblem } from '@/lib/money';
import type { Product } from '@/lib/types';
import { checkGrid, gridFromProduct, gridToInputs } from '@/lib/variantGrid';
import './ProductEditForm.css';

export const PRODUCT_UPDATE_FAILED = 'Failed to update product. Please try again.';
export const PHOTOS_UPDATE_FAILED = 'Failed to save the photos. Please try again.';

/** Kobo as the naira text an admin edits: 2500000 -> "25000.00". */
export function koboToNairaInput(kobo: number): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

export const PRICE_NEGATIVE = 'The price cannot be negative. Enter ₦0.00 or more.';
export const PRICE_INVALID = 'Enter the price as a number in naira, with at most two decimals (e.g. 25000.00).';

/** SPEC section 5, product edit: numeric, step 0.01, minimum 0. Says what to fix. */
export function checkPrice(text: string): string | null {
  if (/^-/.test(text)) return PRICE_NEGATIVE;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return PRICE_INVALID;
  return null;
}

type ProductEditFormProps = { product: Product; onSaved: () => void; onCancel: () => void };

/**
 * The admin edit mode of the product page (lazily loaded, admins only): name, price, compare-at
 * price (a sale when above the price), description,
 * the main photos (order, replaced, removed, added), and the sizes and colours with the stock and
 * SKU of each variant. The price is sent exactly as typed; the server parses it to kobo. Save sends
 * the photos first when they changed (one multipart request), then the rest. Below the form, each
 * colour's own pictures, saved at once.
 */
export default function ProductEditForm({ product, onSaved, onCancel }: ProductEditFormProps) {
  const edit = useEditProduct(product.id);
  const savePhotos = useSetPhotos(product.id);
  const [photos, setPhotos] = useState(() => keptPhotos(product.images));
  const pending = edit.isPending || savePhotos.isPending;
  const [name, setName] = useState(product.name);
  const [price, setPrice] = useState(koboToNairaInput(product.price));
  const [compareAt, setCompareAt] = useState(product.compareAtPrice ? koboToNairaInput(product.compareAtPrice) : '');
  const [description, setDescription] = useState(product.description);
  const [grid, setGrid] = useState(() => gridFromProduct(product));
  const [category, setCategory] = useState(product.category ?? '');
  const [collectionId, setCollectionId] = useState(product.collectionId);
  const { data: collections = [] } = useCollections();
  const collectionFieldId = useId();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const descriptionId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!name.trim() || !price.trim() || !description.trim()) {
      setError('Please fill in all fields.');
      return;
    }
    const priceProblem = checkPrice(price.trim());
    if (priceProblem) {
      setError(priceProblem);
      return;
    }
    const saleProblem = compareAtProblem(price.trim(), compareAt);
    if (saleProblem) {
      setError(saleProblem);
      return;
    }
    const variantProblem = checkGrid(grid);
    if (variantProblem) {
      setError(variantProblem);
      return;
    }
    const photoProblem = photosProblem(photos);
    if (photoProblem) {
      setError(photoProblem);
      return;
    }
    setError(null);
    // The photos go first: the request more likely refused (files, a photo changed meanwhile), so
    // a refusal there leaves everything as it was.
    if (photosChanged(photos, product.images)) {
      try {
        const saved = await savePhotos.mutateAsync(photosForm(photos));
        // Saved: a retry after a refusal below sends them as the product now has them.
        setPhotos(keptPhotos(saved.images));
      } catch (e) {
        setError(failureMessage(e, PHOTOS_UPDATE_FAILED));
        return;
      }
    }
    edit.mutate(
      {
        name: name.trim(),
        price: price.trim(),
        // Empty ends the sale.
        compareAtPrice: compareAt.trim() || null,
        description: description.trim(),
        variants: gridToInputs(grid),
        // Emptied, the category is removed; the collection is sent only when it changes.
        category: category.trim() || null,
        ...(collectionId !== product.collectionId ? { collectionId } : {}),
      },
      {
        onSuccess: onSaved,
        onError: (e) => {
          setError(failureMessage(e, PRODUCT_UPDATE_FAILED));
        },
      },
    );
  };

  return (
    <div className="product-edit-area">
      <form className="product-edit" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit product">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
          errorId={error && !name.trim() ? errorId : undefined}
        />
        <TextField
          label="Price (₦)"
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          errorId={
            error && (!price.trim() || (/price/i.test(error) && !/compare-at/i.test(error))) ? errorId : undefined
          }
          hint="In naira, e.g. 25000.00; ₦0.00 or more."
        />
        <TextField
          label="Compare-at price (₦)"
          name="compareAtPrice"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          optional
          value={compareAt}
          onChange={(e) => setCompareAt(e.target.value)}
          errorId={error && /compare-at/i.test(error) ? errorId : undefined}
          hint="On sale: what it cost before, above the price (shown struck through). Empty: not on sale."
        />
        <TextField
          label="Category"
          name="category"
          maxLength={120}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          hint="Shown above the name, e.g. Brogues. Leave empty for none."
        />
        <Field id={collectionFieldId} label="Collection">
          <Select
            id={collectionFieldId}
            name="collectionId"
            value={collectionId}
            onValueChange={setCollectionId}
            options={[
              // A collection no longer listed stays chosen (by its id) until another is.
              ...(collections.some((c) => c.id === collectionId) ? [] : [{ value: collectionId, label: collectionId }]),
              ...namedOptions(collections),
            ]}
          />
        </Field>
        <Field id={descriptionId} label="Description">
          <textarea
            id={descriptionId}
            className="field__input"
            name="description"
            required
            maxLength={4000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={error && !description.trim() ? true : undefined}
            aria-describedby={error && !description.trim() ? errorId : undefined}
          />
        </Field>
        <PhotosEditor photos={photos} onChange={setPhotos} disabled={pending} />
        <VariantEditor grid={grid} onChange={setGrid} />
        {/* Beside the buttons: the form is long, and a refusal is read where Save was pressed. */}
        <FormError id={errorId} message={error} />
        <SaveCancelButtons className="product-edit__buttons" pending={pending} onCancel={onCancel} />
      </form>
      <ColorPicturesEditor product={product} />
    </div>
  );
}
