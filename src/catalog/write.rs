//! The one door for catalogue writes. Every way of adding a product — the admin screen, the demo
//! loader, `ankara seed`, tests and benchmarks — calls [`insert_product`]; every write that a
//! shopper could see is followed by [`after_write`], which keeps the search index and the JSON
//! cache in step with the database.

use actix_web::web;
use rusqlite::{Connection, params};

use crate::app::AppState;
use crate::error::{AppError, AppResult};

/// A product to add, with its pictures already stored (media keys, in order).
#[derive(Debug, Clone)]
pub struct NewProduct {
    pub collection_id: String,
    pub name: String,
    pub description: String,
    pub price_kobo: i64,
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
}

impl NewProduct {
    /// A product with no options, pictures, rating or category.
    pub fn new(collection_id: &str, name: &str, description: &str, price_kobo: i64) -> NewProduct {
        NewProduct {
            collection_id: collection_id.into(),
            name: name.into(),
            description: description.into(),
            price_kobo,
            category: None,
            sizes: Vec::new(),
            colors: Vec::new(),
            featured: false,
            rating: 0.0,
            review_count: 0,
            image_keys: Vec::new(),
            variants: Vec::new(),
            stock_each: 100,
        }
    }
}

/// Inserts `product` under `id`, created at `created_at` (Unix ms). An unknown collection is a 404.
pub fn insert_product(tx: &Connection, id: &str, product: &NewProduct, created_at: i64) -> AppResult<()> {
    let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [&product.collection_id], |r| r.get(0))?;
    if !exists {
        return Err(AppError::NotFound("Collection not found".into()));
    }
    let p = product;
    tx.prepare_cached(
        "INSERT INTO products (id, collection_id, name, description, price_kobo, featured, rating, review_count,
                               category, sizes, colors, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)",
    )?
    .execute(params![
        id,
        p.collection_id,
        p.name,
        p.description,
        p.price_kobo,
        p.featured,
        p.rating,
        p.review_count,
        p.category,
        serde_json::to_string(&p.sizes).map_err(AppError::internal)?,
        serde_json::to_string(&p.colors).map_err(AppError::internal)?,
        created_at
    ])?;
    let mut add_image = tx.prepare_cached("INSERT INTO product_images (product_id, position, media_key) VALUES (?1, ?2, ?3)")?;
    for (position, key) in p.image_keys.iter().enumerate() {
        add_image.execute(params![id, position as i64, key])?;
    }
    let variants =
        if p.variants.is_empty() { crate::stock::every_combination(&p.sizes, &p.colors, p.stock_each) } else { p.variants.clone() };
    crate::stock::replace_variants(tx, id, &variants)?;
    Ok(())
}

/// What a committed write changed, so the index and cache can follow.
#[derive(Debug, Clone)]
pub enum Change {
    /// A product was added or edited.
    Product(String),
    /// A product was deleted.
    ProductRemoved(String),
    /// A collection was added or renamed: its products are found by its name.
    Collection(String),
    /// Something shown but not searched (releases, featured flags, About Us, stock).
    Shown,
}

/// Brings the search index and the JSON cache in step after a committed write.
pub async fn after_write(state: &web::Data<AppState>, change: Change) -> AppResult<()> {
    let st = state.clone();
    state.db.read(move |conn| follow(&st, conn, change)).await
}

/// [`after_write`] for callers already off the async threads (tests, tools).
pub fn follow(state: &AppState, conn: &Connection, change: Change) -> AppResult<()> {
    match &change {
        Change::Product(id) => state.search.upsert(conn, id)?,
        Change::ProductRemoved(id) => state.search.remove(conn, id)?,
        Change::Collection(id) => state.search.reindex_collection(conn, id)?,
        Change::Shown => {}
    }
    state.cache.invalidate();
    Ok(())
}
