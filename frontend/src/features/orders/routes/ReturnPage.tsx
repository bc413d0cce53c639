import { Link, useSearchParams } from 'wouter';
import { ReturnPanel } from '../components/ReturnPanel';
import { PageShell } from '@/components/PageShell';

/**
 * /returns?order=… (signed in): return or exchange items of a delivered order from My Orders. A
 * guest finds her order on the tracking page, which shows the same panel under it.
 */
export default function ReturnPage() {
  const [params] = useSearchParams();
  const order = params.get('order');
  return (
    <PageShell title="Return or exchange" eyebrow="My Orders">
      <p>
        <Link href="/myorders">Back to My Orders</Link>
      </p>
      {order ? (
        <ReturnPanel who={{ order }} />
      ) : (
        <p className="alert alert--info">
          Open the order from <Link href="/myorders">My Orders</Link>, or find it on the{' '}
          <Link href="/track">tracking page</Link>.
        </p>
      )}
    </PageShell>
  );
}
