import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'wouter';
import { useProduct } from '../api/get-product';
import { NotifyMe } from '../components/NotifyMe';
import { ProductActions } from '../components/ProductActions';
import { ShareActions } from '../components/ShareActions';
import { ProductSkeleton } from '../components/ProductSkeleton';
import { ProductSlider } from '../components/ProductSlider';
import { SizeGuideButton } from '../components/SizeGuideButton';
import { REVIEWS_ID, ReviewsSection, scrollToReviews } from '../components/ReviewsSection';
import { StarRating } from '../components/StarRating';
import { AdminSlot } from '@/components/AdminSlot';
import { DeliveryLines, useDeliveryNote } from '@/components/DeliveryNote';
import { VariantOptions } from '@/components/VariantOptions';
import { ShieldIcon, TruckIcon } from '@/components/moreIcons';
import { Message } from '@/components/Message';
import { SalePrice } from '@/components/SalePrice';
import { useProductPrice } from '@/lib/shownCurrency';
import { Spinner } from '@/components/Spinner';
import { isNotFound } from '@/lib/api';
import { collectionPath, menuCollectionName } from '@/lib/collections';
import { collectionsQueryOptions } from '@/lib/collectionsQuery';
import { queryKeys } from '@/lib/queryKeys';
import { bagQueryOptions } from '@/lib/shopping';
import type { Collection, Product } from '@/lib/types';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import { useStaged } from '@/lib/useStaged';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { galleryFor, useVariantChoice } from '@/lib/variants';
import './ProductPage.css';

export const PRODUCT_NOT_FOUND = "The product you're looking for doesn't exist.";

// Admins only: shoppers never download the edit form.
const ProductEditForm = lazy(() => import('../components/ProductEditForm'));
export const PRODUCT_UPDATED = 'Product updated successfully!';

/** /product/:id, with the size and colour to start with when a filtered list links here. */
export default function ProductPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useProduct(id);
  const { data: product, isPending, isError, error } = query;
  const notFound = isError && isNotFound(error);
  useDocumentTitle(product?.name ?? (notFound ? 'Product not found' : null));

  if (product) return <ProductDetails key={product.id} product={product} />;

  if (isPending) return <ProductSkeleton />;

  return (
    <div className="container page">
      {notFound ? (
        <Message title={PRODUCT_NOT_FOUND} as="h1">
          <p>It may have sold out or been removed from the shop.</p>
          <Link href="/" className="btn btn--primary">
            Back to home
          </Link>
        </Message>
      ) : (
        <Message title={`Error: ${error?.message ?? 'Something went wrong.'}`} tone="error" as="h1">
          <button type="button" className="btn btn--dark" onClick={() => void query.refetch()}>
            Try again
          </button>
        </Message>
      )}
    </div>
  );
}

function useCollectionName(collectionId: string): string | undefined {
  const client = useQueryClient();
  return (
    menuCollectionName(collectionId) ??
    client.getQueryData<Collection[]>(queryKeys.collections.list)?.find((c) => c.id === collectionId)?.name
  );
}

function ProductDetails({ product }: { product: Product }) {
  const collectionName = useCollectionName(product.collectionId);
  // The collection's size guide, for products with sizes (the list is small and cached).
  const { data: collections } = useQuery({ ...collectionsQueryOptions, enabled: product.sizes.length > 0 });
  const sizeGuide = collections?.find((c) => c.id === product.collectionId)?.sizeGuide;
  // A filtered list's size and colour come along in the address (`?size=42&color=Black`).
  const [params] = useSearchParams();
  const choice = useVariantChoice(product, { size: params.get('size'), color: params.get('color') });
  const gallery = galleryFor(product, choice.color);
  const paragraphs = product.description.split(/\n\s*\n/).filter((p) => p.trim());
  const { user } = useSession();
  // Edit Product for the roles that may change products (not packers).
  const editsProducts = may(user, 'PATCH /api/products/{id}');
  // Delivery as it would be with this item in the bag (the bag's subtotal when signed in).
  const { data: bag } = useQuery({ ...bagQueryOptions, enabled: Boolean(user), staleTime: 30_000 });
  const delivery = useDeliveryNote((bag?.total ?? 0) + product.price);
  const price = useProductPrice(product);
  const [editing, setEditing] = useState(false);
  const [updated, setUpdated] = useState(false);
  // Opened on this page: the first screen (pictures, name, price, options, Add to Bag) is laid
  // out first, the rest of the information in the next frame, the reviews in the one after; each
  // in a task of its own on a phone (lib/useStaged.ts).
  const shown = useStaged(3);
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => setUpdated(false), 4000);
    return () => clearTimeout(timer);
  }, [updated]);

  return (
    <div className="container page product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link href="/">Home</Link>
          </li>
          {collectionName && (
            <li>
              <Link href={collectionPath(product.collectionId)}>{collectionName}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-layout">
        <div className="product-layout__media">
          <ProductSlider key={gallery.key} images={gallery.images} name={product.name} />
        </div>

        <div className="product-info">
          {product.category && <p className="eyebrow product-info__category">{product.category}</p>}
          <h1 className="product-info__name">{product.name}</h1>

          {editsProducts && (
            <div className="product-admin">
              {!editing && (
                <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(true)}>
                  Edit Product
                </button>
              )}
              {updated && (
                <p className="alert alert--success product-admin__status" role="status">
                  {PRODUCT_UPDATED}
                </p>
              )}
            </div>
          )}

          {editing && editsProducts ? (
            <Suspense fallback={<Spinner label="Loading editor…" />}>
              <ProductEditForm
                product={product}
                onSaved={() => {
                  setEditing(false);
                  setUpdated(true);
                }}
                onCancel={() => setEditing(false)}
              />
            </Suspense>
          ) : (
            <>
              <div className="product-info__summary">
                <SalePrice {...price} className="product-info__prices" priceClassName="product-info__price" />
                <RatingLink product={product} />
              </div>

              <VariantOptions
                choice={choice}
                sizeAction={sizeGuide && <SizeGuideButton guide={sizeGuide} collectionName={collectionName} />}
              />
              {product.runsSmall && <p className="product-info__fit">Runs small — most customers take one size up</p>}
              <ProductActions product={product} choice={choice} />
              <NotifyMe product={product} choice={choice} />
              {shown >= 2 && (
                <>
                  <ShareActions product={product} choice={choice} />
                  <AdminSlot name="product.featured" props={{ product }} />
                  <AdminSlot name="product.returns" props={{ product }} />

                  <section className="product-info__section" aria-labelledby="product-description-heading">
                    <h2 id="product-description-heading" className="product-info__subheading caps">
                      Description
                    </h2>
                    {paragraphs.map((text, i) => (
                      <p key={i}>{text}</p>
                    ))}
                  </section>
                </>
              )}
            </>
          )}

          {shown >= 2 && (
            <ProductFacts
              product={product}
              collectionName={collectionName}
              currency={price.currency}
              delivery={delivery}
            />
          )}
        </div>
      </div>

      {shown >= 3 ? <ReviewsSection product={product} /> : <div className="staged-rest" />}
    </div>
  );
}

/** The product's category and collection, and what delivery and payment promise. */
function ProductFacts({
  product,
  collectionName,
  currency,
  delivery,
}: {
  product: Product;
  collectionName: string | undefined;
  currency: string;
  delivery: ReturnType<typeof useDeliveryNote>;
}) {
  return (
    <>
      <dl className="product-info__facts">
        {product.category && (
          <div>
            <dt>Category</dt>
            <dd>{product.category}</dd>
          </div>
        )}
        {collectionName && (
          <div>
            <dt>Collection</dt>
            <dd>
              <Link href={collectionPath(product.collectionId)}>{collectionName}</Link>
            </dd>
          </div>
        )}
      </dl>

      <ul className="product-perks">
        <li>
          <TruckIcon />
          {currency !== 'NGN' ? (
            // A shopper buying in dollars or pounds: Nigeria's fees by state, in naira, are not hers.
            <span>Delivery abroad: the fee for your country at checkout</span>
          ) : delivery.line !== undefined ? (
            <span className="delivery-note__text">
              <DeliveryLines state={delivery.state} line={delivery.line} />
            </span>
          ) : (
            <span>Delivery to every state in Nigeria</span>
          )}
        </li>
        <li>
          <ShieldIcon />
          <span>Secure card payment with Paystack</span>
        </li>
      </ul>
    </>
  );
}

/** The rating near the title ("No reviews yet" without any), a link down to the reviews. */
function RatingLink({ product }: { product: Product }) {
  return (
    <a
      href={`#${REVIEWS_ID}`}
      className="product-info__rating"
      onClick={(event) => {
        event.preventDefault();
        scrollToReviews();
      }}
    >
      {product.reviewCount > 0 ? (
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
      ) : (
        <span className="product-info__no-reviews">No reviews yet</span>
      )}
    </a>
  );
}
