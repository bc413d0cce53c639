import { PageShell } from '@/components/PageShell';

/** /myorders (signed-in only). */
export default function OrdersPage() {
  return (
    <PageShell title="My Orders">
      <p className="muted">Every order you have placed, newest first, with its status and tracking number.</p>
    </PageShell>
  );
}
