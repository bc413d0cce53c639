//! The one door for catalogue writes. Every way of adding a product — the admin screen, the demo
//! loader, `ankara seed`, tests and benchmarks — calls [`insert_product`]; every write that a
//! shopper could see goes through [`Catalogue::write`], whose closure returns what it changed, and
//! the door then keeps the search index and the JSON cache (with the sitemap in it) in step with
//! the database after the commit. A write that does not go through the door leaves them stale, so
//! handlers get no other way to write what shoppers see.

use std::sync::Arc;

use rusqlite::{Connection, Transaction, params};

use crate::cache::JsonCache;
use crate::db::Db;
use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::money::Kobo;
use crate::search::SearchIndex;

/// Longest product name and description an admin may save.
pub const MAX_PRODUCT_NAME: usize = 120;
pub const MAX_DESCRIPTION: usize = 4000;
/// At most this many pictures per product.
pub const MAX_PRODUCT_IMAGES: usize = 8;

pub fn check_lengths(name: &str, description: &str) -> AppResult<()> {
    if name.chars().count() > MAX_PRODUCT_NAME || description.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::Validation(format!(
            "Names may have at most {MAX_PRODUCT_NAME} characters and descriptions {MAX_DESCRIPTION}."
        )));
    }
    Ok(())
}

/// A new collection's id: its name in lower-case ASCII words joined by dashes, made unique.
pub fn collection_slug(tx: &Connection, name: &str) -> AppResult<String> {
    Ok(crate::util::unused_slug(
        name,
        || crate::util::random_id(8).to_lowercase(),
        |id| tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [id], |r| r.get(0)),
    )?)
}

/// A product to add, with its pictures already stored (media keys, in order).
#[derive(Debug, Clone)]
pub struct NewProduct {
    pub collection_id: String,
    pub name: String,
    pub description: String,
    pub price_kobo: Kobo,
    /// On sale: what it cost before (above `price_kobo`).
    pub compare_at: Option<Kobo>,
    pub category: Option<String>,
    pub sizes: Vec<String>,
    pub colors: Vec<String>,
    pub featured: bool,
    pub rating: f64,
    pub review_count: i64,
    pub image_keys: Vec<String>,
    /// The variants sold; empty means every size × colour with `stock_each` units.
    pub variants: Vec<crate::stock::NewVariant>,
    pub stock_each: i64,
    /// Its key in a products CSV (Shopify's handle); None for products made in the back office.
    pub handle: Option<String>,
}

impl NewProduct {
    /// A product with no options, pictures, rating or category.
    pub fn new(collection_id: &str, name: &str, description: &str, price_kobo: Kobo) -> NewProduct {
        NewProduct {
            collection_id: collection_id.into(),
            name: name.into(),
            description: description.into(),
            price_kobo,
            compare_at: None,
            category: None,
            sizes: Vec::new(),
            colors: Vec::new(),
            featured: false,
            rating: 0.0,
            review_count: 0,
            image_keys: Vec::new(),
            variants: Vec::new(),
            stock_each: 100,
            handle: None,
        }
    }
}

/// Inserts `product` under `id`, created at `created_at` (Unix ms). An unknown collection is a 404.
pub fn insert_product(tx: &Connection, id: &ProductId, product: &NewProduct, created_at: i64) -> AppResult<()> {
    let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [&product.collection_id], |r| r.get(0))?;
    if !exists {
        return Err(AppError::NotFound("Collection not found".into()));
    }
    let p = product;
    check_sale(p.price_kobo, p.compare_at)?;
    tx.prepare_cached(
        "INSERT INTO products (id, collection_id, name, description, price_kobo, compare_at_kobo, featured, rating, review_count,
                               category, sizes, colors, handle, created_at, updated_at)
         VALUES (:id, :collection, :name, :description, :price, :compare_at, :featured, :rating, :reviews, :category, :sizes, :colors,
                 :handle, :now, :now)",
    )?
    .execute(rusqlite::named_params! {
        ":id": id,
        ":collection": p.collection_id,
        ":name": p.name,
        ":description": p.description,
        ":price": p.price_kobo,
        ":compare_at": p.compare_at,
        ":featured": p.featured,
        ":rating": p.rating,
        ":reviews": p.review_count,
        ":category": p.category,
        ":sizes": serde_json::to_string(&p.sizes).map_err(AppError::internal)?,
        ":colors": serde_json::to_string(&p.colors).map_err(AppError::internal)?,
        ":handle": p.handle,
        ":now": created_at,
    })?;
    let mut add_image = tx.prepare_cached("INSERT INTO product_images (product_id, position, media_key) VALUES (?1, ?2, ?3)")?;
    for (position, key) in p.image_keys.iter().enumerate() {
        add_image.execute(params![id, position as i64, key])?;
    }
    let variants =
        if p.variants.is_empty() { crate::stock::every_combination(&p.sizes, &p.colors, p.stock_each) } else { p.variants.clone() };
    crate::stock::replace_variants(tx, id, &variants)?;
    Ok(())
}

/// A compare-at price is what the product cost before its sale, so it must be above the price.
pub fn check_sale(price: Kobo, compare_at: Option<Kobo>) -> AppResult<()> {
    match compare_at {
        Some(before) if before <= price => Err(AppError::Validation(
            "The compare-at price must be above the price: it is what the product cost before the sale. Clear it to end the sale.".into(),
        )),
        _ => Ok(()),
    }
}

/// What a committed write changed, so the index and cache can follow.
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct Changes {
    /// Added or edited products: re-indexed.
    products: Vec<ProductId>,
    /// Deleted products: out of the index.
    removed: Vec<ProductId>,
    /// Added or renamed collections: their products are found by its name.
    collections: Vec<String>,
    /// Something shown but not searched (releases, featured flags, About Us, stock, ratings, fees).
    shown: bool,
    /// The merchant's search synonyms: read again by the index.
    synonyms: bool,
}

impl Changes {
    /// Nothing a shopper sees changed.
    pub fn none() -> Changes {
        Changes::default()
    }

    pub fn product(id: &ProductId) -> Changes {
        Changes { products: vec![id.clone()], ..Changes::default() }
    }

    pub fn removed(id: &ProductId) -> Changes {
        Changes { removed: vec![id.clone()], ..Changes::default() }
    }

    pub fn collection(id: &str) -> Changes {
        Changes { collections: vec![id.to_string()], ..Changes::default() }
    }

    /// Shown but not searched: stock, releases, featured flags, ratings, fees, About Us.
    pub fn shown() -> Changes {
        Changes { shown: true, ..Changes::default() }
    }

    /// The search synonyms changed.
    pub fn synonyms() -> Changes {
        Changes { synonyms: true, ..Changes::default() }
    }

    /// `shown()` when `changed`, else none.
    pub fn shown_if(changed: bool) -> Changes {
        Changes { shown: changed, ..Changes::default() }
    }

    pub fn and(mut self, other: Changes) -> Changes {
        self.products.extend(other.products);
        self.removed.extend(other.removed);
        self.collections.extend(other.collections);
        self.shown |= other.shown;
        self.synonyms |= other.synonyms;
        self
    }

    fn is_empty(&self) -> bool {
        !self.shown && !self.needs_index()
    }

    /// The search index must follow (products, collections or synonyms changed).
    fn needs_index(&self) -> bool {
        self.synonyms || !self.products.is_empty() || !self.removed.is_empty() || !self.collections.is_empty()
    }
}

/// The catalogue's door: the database, the search index and the JSON caches, kept in step.
#[derive(Clone)]
pub struct Catalogue {
    db: Db,
    search: Arc<SearchIndex>,
    cache: Arc<JsonCache>,
    listing: Arc<super::listing::ListingCache>,
    /// The search bar's answers, by query: shoppers type thousands of different beginnings, so
    /// they get their own, larger cache.
    suggestions: Arc<JsonCache>,
    /// The products' cards those answers list.
    cards: Arc<super::suggest::Cards>,
}

/// Queries whose suggestions are kept (a few MB).
const SUGGESTIONS_KEPT: usize = 16_384;

impl Catalogue {
    pub fn new(db: Db, search: Arc<SearchIndex>, cache: Arc<JsonCache>) -> Catalogue {
        let suggestions = Arc::new(JsonCache::with_capacity(SUGGESTIONS_KEPT));
        Catalogue { db, search, cache, listing: Arc::default(), suggestions, cards: Arc::default() }
    }

    /// The collections' listing facts, for reading; writes clear them through [`Catalogue::write`].
    pub fn listing(&self) -> Arc<super::listing::ListingCache> {
        self.listing.clone()
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The index, for reading (searches); writes reach it through [`Catalogue::write`].
    pub fn search(&self) -> &SearchIndex {
        &self.search
    }

    /// The cache of catalogue answers, for reading; writes clear it through [`Catalogue::write`].
    pub fn cache(&self) -> &JsonCache {
        &self.cache
    }

    /// Runs `f` as one write ([`Db::write`]: all of it or nothing); once it is committed, brings the
    /// index and the cache in step with the [`Changes`] it returned.
    pub async fn write<T, F>(&self, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction) -> AppResult<(T, Changes)> + Send + 'static,
    {
        let (value, changes) = self.db.write(f).await?;
        if changes.needs_index() {
            let door = self.clone();
            self.db.read(move |conn| door.follow(conn, &changes)).await?;
        } else if !changes.is_empty() {
            // Only what shoppers see changed (stock held by a checkout, a fee): clearing the
            // caches needs no connection, so no second trip to the blocking pool.
            self.forget_answers();
        }
        Ok(value)
    }

    /// The search bar's answers, for reading; cleared with the catalogue's.
    pub fn suggestions(&self) -> &JsonCache {
        &self.suggestions
    }

    /// The cards of the products the search bar lists, for reading; cleared with the catalogue's.
    pub fn cards(&self) -> &Arc<super::suggest::Cards> {
        &self.cards
    }

    /// [`Catalogue::write`] with pictures: the uploads are checked and re-encoded first, stored
    /// inside the transaction (`f` gets their keys, in order), and removed again if it fails.
    pub async fn write_with_uploads<T, F>(
        &self,
        media: &crate::media::MediaStore,
        folder: &str,
        uploads: Vec<crate::media::upload::ImageUpload>,
        kind: crate::media::ImageKind,
        f: F,
    ) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction, Vec<String>) -> AppResult<(T, Changes)> + Send + 'static,
    {
        let staged = crate::media::Staged::process(media, folder, uploads, kind).await?;
        let for_tx = staged.clone();
        let result = self.write(move |tx| f(tx, for_tx.store(tx)?)).await;
        if result.is_err() {
            staged.discard(&self.db);
        }
        result
    }

    /// [`Catalogue::write`] for callers already off the async threads (commands, tools, tests).
    pub fn write_now<T>(&self, f: impl FnOnce(&Transaction) -> AppResult<(T, Changes)>) -> AppResult<T> {
        let (value, changes) = self.db.write_now(f)?;
        if !changes.is_empty() {
            self.db.with_conn(|conn| self.follow(conn, &changes))?;
        }
        Ok(value)
    }

    /// Another process (the merchant's command) committed a catalogue write: its answers are
    /// refreshed. (The search index is rebuilt at the next start if it disagrees.)
    pub fn changed_elsewhere(&self) {
        self.forget_answers();
    }

    fn follow(&self, conn: &Connection, changes: &Changes) -> AppResult<()> {
        // Added, edited and removed products alike: re-read, with one commit of the index.
        let products: Vec<ProductId> = changes.products.iter().chain(&changes.removed).cloned().collect();
        if !products.is_empty() {
            self.search.upsert_many(conn, &products)?;
        }
        for id in &changes.collections {
            self.search.reindex_collection(conn, id)?;
        }
        if changes.synonyms {
            self.search.reload_synonyms(conn)?;
        }
        self.forget_answers();
        Ok(())
    }

    fn forget_answers(&self) {
        self.listing.invalidate();
        self.cache.invalidate();
        self.suggestions.invalidate();
        self.cards.invalidate();
    }
}
