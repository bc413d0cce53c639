import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addProductUpload, invalidateCatalog } from '../api/catalog';
import { AdminTag } from '../components/AdminPanel';
import { ADMIN_FIELD, FileField, NamePriceDescriptionFields } from '../components/Fields';
import { UploadPanel, useUploadForm } from '../components/UploadPanel';
import { formatWholePercent } from '../lib/progress';
import { MAX_PRODUCT_IMAGES, validateProduct } from '../lib/validate';
import { TextField } from '@/components/TextField';
import { compareAtProblem } from '@/lib/money';
import { VariantEditor } from '@/components/VariantEditor';
import type { Product } from '@/lib/types';
import { checkGrid, emptyGrid, gridToInputs, soldOptions } from '@/lib/variantGrid';

export const PRODUCT_ADDED = 'Product added successfully';

/**
 * Collection page (admins only): the Add Product toggle ("Cancel" while open) and its form. The
 * pictures upload with a whole-percent progress bar; the form is locked while busy.
 */
export default function AddProductSlot({ collectionId }: { collectionId: string }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const formId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="admin-add-product">
      <div className="admin-inline">
        <AdminTag />
        <button
          ref={toggleRef}
          type="button"
          className={`btn btn--sm ${open ? 'btn--outline' : 'btn--dark'}`}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => {
            setOpen((o) => !o);
            setAdded(null);
          }}
        >
          {open ? 'Cancel' : 'Add Product'}
        </button>
        <div role="status" className="admin-inline__status">
          {!open && added && <span className="admin-inline__success">{added}</span>}
        </div>
      </div>
      {open && (
        <AddProductForm
          id={formId}
          collectionId={collectionId}
          onAdded={(product) => {
            setOpen(false);
            setAdded(`${PRODUCT_ADDED}: ${product.name}`);
            toggleRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

type AddProductFormProps = { id: string; collectionId: string; onAdded: (product: Product) => void };

function AddProductForm({ id, collectionId, onAdded }: AddProductFormProps) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [compareAt, setCompareAt] = useState('');
  const [category, setCategory] = useState('');
  const [grid, setGrid] = useState(emptyGrid);
  const [images, setImages] = useState<File[]>([]);
  const upload = useUploadForm<Product>();

  const onSubmit = async () => {
    const product = await upload.send({
      invalid:
        validateProduct({ name, description, price, images }) ?? compareAtProblem(price, compareAt) ?? checkGrid(grid),
      request: () =>
        addProductUpload(collectionId, {
          name: name.trim(),
          description: description.trim(),
          price: price.trim(),
          compareAtPrice: compareAt.trim(),
          category: category.trim(),
          ...soldOptions(grid),
          variants: JSON.stringify(gridToInputs(grid)),
          images,
        }),
      failure: (error) => `Error adding product: ${error.message}`,
    });
    if (!product) return;
    await invalidateCatalog(client);
    onAdded(product);
  };

  return (
    <div id={id}>
      <UploadPanel
        title="Add Product"
        className="admin-panel--flush"
        tag={false}
        form={upload}
        onSubmit={onSubmit}
        formatPercent={formatWholePercent}
        submitLabel="Add Product"
        submitClassName="btn btn--primary"
      >
        <NamePriceDescriptionFields
          {...{ name, price, description }}
          onName={setName}
          onPrice={setPrice}
          onDescription={setDescription}
        />
        <TextField
          className={ADMIN_FIELD}
          label="Compare-at price (₦)"
          optional
          inputMode="decimal"
          value={compareAt}
          onValueChange={setCompareAt}
          autoComplete="off"
          hint="On sale: what it cost before, above the price. Leave empty when not on sale."
        />
        <TextField
          className={ADMIN_FIELD}
          label="Category"
          optional
          value={category}
          onValueChange={setCategory}
          autoComplete="off"
        />
        <VariantEditor grid={grid} onChange={setGrid} fieldClassName={ADMIN_FIELD} />
        <FileField
          label="Images"
          name="images"
          multiple
          files={images}
          onChange={setImages}
          hint={`One or more pictures (up to ${MAX_PRODUCT_IMAGES}); the first is the main one, the second shows on hover.`}
        />
      </UploadPanel>
    </div>
  );
}
