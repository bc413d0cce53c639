import { PageShell } from '@/components/PageShell';

/** /mybag (signed-in only): bag and checkout. */
export default function BagPage() {
  return (
    <PageShell title="My Bag">
      <p className="muted">The items you are about to buy, and checkout.</p>
    </PageShell>
  );
}
