import { Link, useParams } from 'wouter';
import { useCollectionPage } from '../api/get-collection-page';
import { AdminSlot, useIsAdmin } from '@/components/AdminSlot';
import { ListingLayout, useListing } from '@/components/ListingFilters';
import { Message, ShopOnMessage } from '@/components/Message';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { Spinner } from '@/components/Spinner';
import { isNotFound } from '@/lib/api';
import { collectionPath, menuCollectionName } from '@/lib/collections';
import { activeFilters, chosenOptionsSearch, COLLECTION_SORTS } from '@/lib/listing';
import { useSession } from '@/lib/session';
import type { Collection } from '@/lib/types';
import { loginPath } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './CollectionPage.css';

/**
 * /collections/:id: the collection's banner, then its products 24 at a time ("Load more"),
 * filtered (size, colour, price, in stock only, on sale) and sorted as the address says
 * (`?size=42&color=Black&maxPrice=60000&sort=price-asc`); the filters sit beside the list from
 * 960px and in a sheet below it.
 */
export default function CollectionPage() {
  const { id = '' } = useParams<{ id: string }>();
  const listing = useListing(COLLECTION_SORTS);
  const filtered = activeFilters(listing.filters) > 0;
  const query = useCollectionPage(id, listing.filters, listing.sort);
  const isAdmin = useIsAdmin();
  const { data, error, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isPlaceholderData } = query;

  const collection = data?.pages[0]?.collection;
  const notFound = isError && isNotFound(error);
  useDocumentTitle(collection?.name ?? (notFound ? 'Collection not found' : menuCollectionName(id)));

  if (isPending) {
    return (
      <>
        <CollectionHero name={menuCollectionName(id)} compact={filtered} />
        <div className="container section collection-products">
          <ProductGridSkeleton count={8} />
        </div>
      </>
    );
  }

  if (isError) {
    return (
      <div className="container page">
        {notFound ? (
          <Message title="Collection not found" as="h1">
            <p>This collection may have been renamed or removed.</p>
            <Link href="/" className="btn btn--primary">
              Back to home
            </Link>
          </Message>
        ) : (
          <Message title={`Error: ${error.message}`} tone="error" as="h1">
            <button type="button" className="btn btn--dark" onClick={() => void query.refetch()}>
              Try again
            </button>
          </Message>
        )}
      </div>
    );
  }

  const products = data.pages.flatMap((page) => page.products);
  const total = data.pages[data.pages.length - 1]?.total ?? products.length;
  const facets = data.pages[0]?.facets;
  const collectionId = collection?.id ?? id;

  return (
    <>
      <CollectionHero collection={collection} name={collection?.name} compact={filtered} />
      <section className="container section collection-products" aria-labelledby="collection-products-heading">
        <div className="collection-products__head">
          <h2 id="collection-products-heading">{collection?.name}</h2>
          {(total > 0 || filtered) && (
            <p className="muted" role="status">
              {total} {total === 1 ? 'product' : 'products'}
            </p>
          )}
        </div>
        <AdminSlot name="collection.products" props={{ collectionId }} />
        <AdminSlot name="collection.sizeGuide" props={{ collectionId, guide: collection?.sizeGuide ?? null }} />
        {total === 0 && !filtered ? (
          <ShopOnMessage
            title="No products found in this collection."
            text="New pieces arrive often. In the meantime, have a look at our other collections."
            action="Browse collections"
          />
        ) : (
          <ListingLayout
            listing={listing}
            facets={facets}
            total={total}
            stale={isPlaceholderData}
            empty={products.length === 0}
            after={
              hasNextPage && (
                <div className="collection-products__more">
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => void fetchNextPage()}
                    disabled={isFetchingNextPage}
                    aria-busy={isFetchingNextPage}
                  >
                    {isFetchingNextPage && <Spinner size="sm" label="Loading more products" />}
                    Load more
                  </button>
                  <p className="muted">
                    Showing {products.length} of {total}
                  </p>
                </div>
              )
            }
          >
            <ProductGrid
              products={products}
              hoverImage
              showCategory
              label={collection?.name}
              linkSearch={chosenOptionsSearch(listing.filters)}
              actions={
                isAdmin
                  ? (product) => <AdminSlot name="collection.card" props={{ product, collectionId }} />
                  : undefined
              }
            />
          </ListingLayout>
        )}
      </section>
    </>
  );
}

type CollectionHeroProps = {
  collection?: Collection;
  name?: string;
  /** Only the title (a filtered list): the products start on a phone's first screen. */
  compact?: boolean;
};

/** The banner: the collection picture behind a dark fade, its name, description and a login prompt. */
function CollectionHero({ collection, name, compact = false }: CollectionHeroProps) {
  // A visitor who can buy as a guest is not asked to log in first.
  const { user, guestCheckout } = useSession();
  return (
    <section
      className={`collection-hero on-dark${compact ? ' collection-hero--compact' : ''}`}
      aria-labelledby="collection-title"
    >
      {collection?.image && (
        <ResponsiveImage image={collection.image} alt="" sizes="100vw" className="collection-hero__img" priority />
      )}
      <div className="collection-hero__shade" />
      <div className="collection-hero__content container">
        <nav aria-label="Breadcrumb" className="breadcrumb breadcrumb--light">
          <ol>
            <li>
              <Link href="/">Home</Link>
            </li>
            <li aria-current="page">{name ?? 'Collection'}</li>
          </ol>
        </nav>
        <h1 id="collection-title" className="collection-hero__title">
          {name ?? <span className="skeleton skeleton--dark" style={{ width: '12ch', height: '1em' }} />}
        </h1>
        {collection ? (
          <p className="collection-hero__description">{collection.description}</p>
        ) : (
          <span className="skeleton skeleton--dark skeleton--text" style={{ width: 'min(80%, 40ch)' }} />
        )}
        {!user && !guestCheckout && collection && (
          <Link href={loginPath(collectionPath(collection.id))} className="btn btn--primary collection-hero__cta">
            Log In to Shop
          </Link>
        )}
      </div>
    </section>
  );
}
