import { useSearchParams } from 'wouter';
import './InStockToggle.css';

/** The address's `inStock=true`: lists that leave out sold-out products (it survives a reload). */
export function useInStockParam(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const set = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('inStock', 'true');
    else next.delete('inStock');
    setParams(next, { replace: true });
  };
  return [params.get('inStock') === 'true', set];
}

/** "Hide sold out": a checkbox kept in the address as `inStock=true`. */
export function InStockToggle() {
  const [inStock, setInStock] = useInStockParam();
  return (
    <label className="in-stock-toggle">
      <input type="checkbox" checked={inStock} onChange={(e) => setInStock(e.target.checked)} />
      <span>Hide sold out</span>
    </label>
  );
}
