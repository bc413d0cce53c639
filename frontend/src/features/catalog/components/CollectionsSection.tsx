import { forwardRef, useRef } from 'react';
import { Link } from 'wouter';
import { useCollections } from '@/lib/collectionsQuery';
import { useCardMotion } from './useCardMotion';
import { ArrowRightIcon } from '@/components/icons';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { collectionPath } from '@/lib/collections';
import { MOBILE_QUERY, useMediaQuery, usePrefersReducedMotion } from '@/lib/useMediaQuery';
import './CollectionsSection.css';

const CARD_SIZES = '(min-width: 1232px) 384px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 56vw';
export const COLLECTIONS_HEADING_ID = 'collections';

/**
 * The home page's collections: a grid of cards on desktop (with a hover lift); on phones a compact
 * horizontal rail (so products come within the first two screens) whose cards fade in as they
 * arrive and scale between 0.95 and 1.1 with their distance from the screen centre as it scrolls.
 */
type CollectionsSectionProps = { heading: string; blurb: string };

export const CollectionsSection = forwardRef<HTMLHeadingElement, CollectionsSectionProps>(function CollectionsSection(
  { heading, blurb },
  headingRef,
) {
  const { data: collections, isPending, isError, error } = useCollections();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = usePrefersReducedMotion();
  const listRef = useRef<HTMLUListElement>(null);
  useCardMotion(listRef, isMobile && !reducedMotion, collections?.length ?? 0, 'x');

  return (
    <section className="section collections" aria-labelledby={COLLECTIONS_HEADING_ID}>
      <div className="container">
        <div className="section__head">
          <div>
            <span className="eyebrow">Shop by collection</span>
            <h2 id={COLLECTIONS_HEADING_ID} ref={headingRef} tabIndex={-1}>
              {heading}
            </h2>
            <p>{blurb}</p>
          </div>
        </div>

        {isPending ? (
          <ul className="collections__list" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="collections__item">
                <div className="collection-card collection-card--skeleton">
                  <span className="collection-card__media skeleton" />
                  <span className="collection-card__body">
                    <span className="skeleton skeleton--text" style={{ width: '55%' }} />
                    <span className="skeleton skeleton--text" style={{ width: '90%' }} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="alert alert--error" role="alert">
            Could not fetch collections: {error.message}
          </p>
        ) : (
          <ul className="collections__list" ref={listRef} aria-label="Collections">
            {collections
              .filter((collection) => !collection.hidden)
              .map((collection) => (
                <li key={collection.id} className="collections__item" data-card>
                  <article className="collection-card" data-scale>
                    <div className="collection-card__media">
                      <ResponsiveImage
                        image={collection.image}
                        alt=""
                        sizes={CARD_SIZES}
                        className="collection-card__img"
                      />
                    </div>
                    <div className="collection-card__body">
                      <h3 className="collection-card__name">{collection.name}</h3>
                      <p className="collection-card__description">{collection.description}</p>
                      <Link
                        href={collectionPath(collection.id)}
                        className="btn btn--dark btn--sm collection-card__cta"
                        aria-label={`Explore Collection: ${collection.name}`}
                      >
                        Explore Collection
                        <ArrowRightIcon size={18} />
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
          </ul>
        )}
      </div>
    </section>
  );
});
