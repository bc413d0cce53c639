import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminTag } from '../components/AdminPanel';
import { ProductPricesAbroad } from '../components/ProductPricesAbroad';
import { answer, api, failureMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import type { Product, ProductRules } from '@/lib/types';
import '../admin.css';

const key = (id: string) => ['admin', 'product-returns', id] as const;

/**
 * Product page (owners and managers): the product's return rules, then its prices abroad for
 * those who edit products. (The prices abroad ride in this slot until they have a place of their
 * own: components/AdminSlot.tsx is outside the admin feature.)
 */
export default function ProductRulesSlot({ product }: { product: Product }) {
  const editsProducts = may(useSession().user, 'PATCH /api/products/{id}');
  return (
    <>
      <ProductRules product={product} />
      {editsProducts && <ProductPricesAbroad key={product.id} product={product} />}
    </>
  );
}

/** The product's return rules: a final sale cannot be returned; the "runs small" note may show when its returns say so. */
function ProductRules({ product }: { product: Product }) {
  const client = useQueryClient();
  const rules = useQuery({
    queryKey: key(product.id),
    queryFn: ({ signal }) =>
      answer(api.GET('/api/admin/products/{id}/returns', { params: { path: { id: product.id } }, signal })),
  });
  const save = useMutation({
    mutationFn: (body: ProductRules) =>
      answer(api.PUT('/api/admin/products/{id}/returns', { params: { path: { id: product.id } }, body })),
    onSuccess: (saved) => client.setQueryData(key(product.id), saved),
  });
  if (!rules.data) return null;
  const current = rules.data;
  return (
    <fieldset className="admin-inline" disabled={save.isPending}>
      <AdminTag />
      <label>
        <input
          type="checkbox"
          checked={current.finalSale}
          onChange={(e) => save.mutate({ ...current, finalSale: e.target.checked })}
        />{' '}
        Final sale (no returns)
      </label>
      <label>
        <input
          type="checkbox"
          checked={current.fitNote}
          onChange={(e) => save.mutate({ ...current, fitNote: e.target.checked })}
        />{' '}
        Show “Runs small” when returns say so
      </label>
      {save.isError && (
        <p className="admin-inline__error" role="alert">
          {failureMessage(save.error, 'Could not save. Please try again.')}
        </p>
      )}
    </fieldset>
  );
}
