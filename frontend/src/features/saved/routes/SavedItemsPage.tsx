import { PageShell } from '@/components/PageShell';

/** /saved-items (signed-in only). */
export default function SavedItemsPage() {
  return (
    <PageShell title="Saved Items">
      <p className="muted">Products you have saved for later.</p>
    </PageShell>
  );
}
