import { Link } from 'wouter';
import { useSavedItems } from '../api/get-saved';
import { SavedCardActions } from '../components/SavedCardActions';
import { Message, ShopOnMessage } from '@/components/Message';
import { ProductCard } from '@/components/ProductCard';
import { ProductGridSkeleton } from '@/components/ProductGrid';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './SavedItemsPage.css';

export const SAVED_EMPTY_TITLE = 'No products saved yet';
export const SAVED_EMPTY_TEXT = 'Explore our collection and start saving your favorite items!';
export const SAVED_SIGNED_OUT = 'Please log in to view saved products.';

/** /saved-items (signed-in only): saved products, newest first, each with Remove and Add to Bag. */
export default function SavedItemsPage() {
  useDocumentTitle('Saved Items');
  const { user } = useSession();
  const { data: items, isPending, isError, refetch } = useSavedItems(Boolean(user));

  return (
    <div className="container page saved-page">
      <header className="page-header">
        <h1>Saved Items</h1>
        {items && items.length > 0 && (
          <p className="saved-page__count">
            {items.length} {items.length === 1 ? 'product' : 'products'} saved for later
          </p>
        )}
      </header>
      {!user ? (
        <Message title={SAVED_SIGNED_OUT}>
          <Link href="/login?next=%2Fsaved-items" className="btn btn--primary">
            Log In
          </Link>
        </Message>
      ) : isPending ? (
        <ProductGridSkeleton count={4} />
      ) : isError ? (
        <Message title="We couldn't load your saved items." tone="error">
          <button type="button" className="btn btn--dark" onClick={() => void refetch()}>
            Try again
          </button>
        </Message>
      ) : items.length === 0 ? (
        <ShopOnMessage
          title={SAVED_EMPTY_TITLE}
          as="h2"
          text={SAVED_EMPTY_TEXT}
          action="Explore Collections"
          button="primary"
        />
      ) : (
        <ul className="product-grid" aria-label="Saved products">
          {items.map(({ product }) => (
            <li key={product.id}>
              <ProductCard product={product} showCategory actions={<SavedCardActions product={product} />} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
