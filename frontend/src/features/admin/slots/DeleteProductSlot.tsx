import { useState } from 'react';
import { deleteErrorMessage, useDeleteProduct } from '../api/catalog';
import type { Product } from '@/lib/types';
import '../admin.css';

export const DELETE_CONFIRM = 'Are you sure you want to delete this product?';

/** On a collection page's product card (admins only): asks first, then deletes the product. */
export default function DeleteProductSlot({ product }: { product: Product; collectionId: string }) {
  const remove = useDeleteProduct();
  const [error, setError] = useState<string | null>(null);

  const onClick = () => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    setError(null);
    remove.mutate(product, { onError: (e) => setError(deleteErrorMessage(e)) });
  };

  return (
    <div className="admin-card-tools">
      <button
        type="button"
        className="btn btn--sm admin-card-button admin-card-button--danger"
        onClick={onClick}
        disabled={remove.isPending}
        aria-label={`Delete ${product.name}`}
      >
        <TrashIcon />
        {remove.isPending ? 'Deleting...' : 'Delete'}
      </button>
      {error && (
        <p className="admin-card-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
