//! The catalogue: collections, products, releases and featured products.

pub mod admin;
pub mod admin_routes;
pub mod collections;
pub mod demo;
pub mod kept;
pub mod listing;
pub mod product_routes;
pub mod products;
pub mod routes;
pub mod suggest;
pub mod write;

use rusqlite::{Connection, OptionalExtension, Row};
use serde::Serialize;

use crate::ids::ProductId;
use crate::media::Image;
use crate::money::Kobo;

pub const PAGE_SIZE: i64 = 24;

#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collection {
    pub id: String,
    pub name: String,
    pub description: String,
    pub image: Option<Image>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The size guide shown from the size choice of its products' pages; null for none.
    pub size_guide: Option<SizeGuide>,
    /// Left out of the menus and the home page's collections (its address keeps working).
    pub hidden: bool,
}

/// A size guide: a table of short texts (e.g. Size / UK / EU / Foot length), every row as wide
/// as the heading.
#[derive(Serialize, serde::Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
pub struct SizeGuide {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// At most this many columns and rows in a size guide, each cell at most this many characters.
pub const SIZE_GUIDE_COLUMNS: usize = 8;
pub const SIZE_GUIDE_ROWS: usize = 40;
pub const SIZE_GUIDE_CELL: usize = 40;

impl SizeGuide {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Checks a size guide an admin typed: texts trimmed, blank rows dropped, every heading named,
/// every row as wide as the headings. None (no guide) when it has no columns or no rows.
pub fn check_size_guide(columns: &[String], rows: &[Vec<String>]) -> crate::error::AppResult<Option<SizeGuide>> {
    use crate::error::AppError;
    let clean = |text: &String| -> crate::error::AppResult<String> {
        let text = text.trim();
        if text.chars().count() > SIZE_GUIDE_CELL || text.chars().any(char::is_control) {
            return Err(AppError::Validation(format!("Each cell of a size guide may have at most {SIZE_GUIDE_CELL} characters.")));
        }
        Ok(text.to_string())
    };
    if columns.len() > SIZE_GUIDE_COLUMNS || rows.len() > SIZE_GUIDE_ROWS {
        return Err(AppError::Validation(format!(
            "A size guide may have at most {SIZE_GUIDE_COLUMNS} columns and {SIZE_GUIDE_ROWS} rows."
        )));
    }
    let columns: Vec<String> = columns.iter().map(clean).collect::<Result<_, _>>()?;
    if columns.iter().any(String::is_empty) {
        return Err(AppError::Validation("Give every column of the size guide a heading.".into()));
    }
    let mut kept = Vec::new();
    for row in rows {
        let row: Vec<String> = row.iter().map(clean).collect::<Result<_, _>>()?;
        if row.iter().all(String::is_empty) {
            continue;
        }
        if row.len() != columns.len() {
            return Err(AppError::Validation("Every row of the size guide needs one cell per column.".into()));
        }
        kept.push(row);
    }
    Ok((!columns.is_empty() && !kept.is_empty()).then_some(SizeGuide { columns, rows: kept }))
}

#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    #[schema(value_type = String)]
    pub id: ProductId,
    pub name: String,
    pub description: String,
    /// What it costs now (the sale price when it is on sale).
    #[schema(value_type = i64)]
    pub price: Kobo,
    /// On sale: what it cost before, above `price` (shown struck through); null when not on sale.
    #[schema(value_type = Option<i64>)]
    pub compare_at_price: Option<Kobo>,
    pub images: Vec<Image>,
    pub featured: bool,
    pub rating: f64,
    pub review_count: i64,
    pub collection_id: String,
    pub category: Option<String>,
    pub sizes: Vec<String>,
    pub colors: Vec<String>,
    pub created_at: i64,
    /// What can be bought: one per size × colour sold, or one default variant.
    pub variants: Vec<crate::stock::Variant>,
    /// Pictures shown instead of `images` when a colour is chosen.
    pub color_images: Vec<ColorImages>,
    /// Its returns say it runs small (and the merchant lets the page say so): "Runs small — most
    /// customers take one size up".
    pub runs_small: bool,
    /// Its price in each currency abroad the merchant offers (empty while naira is the only one).
    pub prices_abroad: Vec<crate::abroad::PriceAbroad>,
}

/// A [`Product`]'s answer, written as JSON once and copied into every list that shows it.
#[derive(Clone, Debug)]
pub struct ProductJson(std::sync::Arc<serde_json::value::RawValue>);

impl ProductJson {
    pub fn of(product: &Product) -> ProductJson {
        let json = serde_json::value::to_raw_value(product).expect("a product always serializes");
        ProductJson(json.into())
    }
}

impl Serialize for ProductJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl Product {
    /// Nothing of any variant is left.
    pub fn sold_out(&self) -> bool {
        self.variants.iter().all(|v| v.available == 0)
    }
}

#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct ColorImages {
    pub color: String,
    pub images: Vec<Image>,
}

#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Release {
    pub id: String,
    pub name: String,
    pub description: String,
    #[schema(value_type = i64)]
    pub price: Kobo,
    pub background_image: Image,
    pub collection_id: String,
    pub collection_name: String,
    #[schema(value_type = String)]
    pub product_id: ProductId,
    pub featured: bool,
    pub created_at: i64,
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionPage {
    pub collection: Collection,
    #[schema(value_type = Vec<Product>)]
    pub products: Vec<ProductJson>,
    pub page: i64,
    pub page_size: i64,
    /// Products the filters keep, in all pages.
    pub total: i64,
    pub facets: listing::Facets,
}

pub use crate::util::plausible_id;

const COLLECTION_COLUMNS: &str =
    "c.id, c.name, c.description, c.created_at, c.updated_at, m.key, m.widths, m.webp_widths, m.width, m.height, c.size_guide, c.hidden";

fn collection_from_row(r: &Row) -> rusqlite::Result<Collection> {
    Ok(Collection {
        id: r.get(0)?,
        name: r.get(1)?,
        description: r.get(2)?,
        created_at: r.get(3)?,
        updated_at: r.get(4)?,
        image: crate::media::image_at(r, 5)?,
        size_guide: r.get::<_, Option<String>>(10)?.and_then(|json| serde_json::from_str(&json).ok()),
        hidden: r.get(11)?,
    })
}

pub fn list_collections(conn: &Connection) -> rusqlite::Result<Vec<Collection>> {
    let sql = format!(
        "SELECT {COLLECTION_COLUMNS} FROM collections c LEFT JOIN media m ON m.key = c.image_key
         ORDER BY c.position, c.created_at"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    stmt.query_map([], collection_from_row)?.collect()
}

pub fn get_collection(conn: &Connection, id: &str) -> rusqlite::Result<Option<Collection>> {
    let sql = format!("SELECT {COLLECTION_COLUMNS} FROM collections c LEFT JOIN media m ON m.key = c.image_key WHERE c.id = ?1");
    conn.prepare_cached(&sql)?.query_row([id], collection_from_row).optional()
}

const PRODUCT_COLUMNS: &str = "p.id, p.name, p.description, p.price_kobo, p.featured, p.rating, p.review_count,
     p.collection_id, p.category, p.sizes, p.colors, p.created_at, p.compare_at_kobo, p.runs_small AND p.fit_note";

fn product_from_row(r: &Row) -> rusqlite::Result<Product> {
    let list = |i: usize| -> rusqlite::Result<Vec<String>> { Ok(serde_json::from_str(&r.get::<_, String>(i)?).unwrap_or_default()) };
    Ok(Product {
        id: r.get(0)?,
        name: r.get(1)?,
        description: r.get(2)?,
        price: r.get(3)?,
        featured: r.get(4)?,
        rating: r.get(5)?,
        review_count: r.get(6)?,
        collection_id: r.get(7)?,
        category: r.get(8)?,
        sizes: list(9)?,
        colors: list(10)?,
        created_at: r.get(11)?,
        compare_at_price: on_sale(r.get(3)?, r.get(12)?),
        images: Vec::new(),
        variants: Vec::new(),
        color_images: Vec::new(),
        runs_small: r.get(13)?,
        prices_abroad: Vec::new(),
    })
}

/// The compare-at price when it makes the product on sale (above the price), else none.
pub fn on_sale(price: Kobo, compare_at: Option<Kobo>) -> Option<Kobo> {
    compare_at.filter(|c| *c > price)
}

/// Fills in each product's images, in order, with one query.
fn attach_images(conn: &Connection, products: &mut [Product]) -> rusqlite::Result<()> {
    if products.is_empty() {
        return Ok(());
    }
    let ids = serde_json::to_string(&products.iter().map(|p| &p.id).collect::<Vec<_>>()).unwrap_or_default();
    let mut stmt = conn.prepare_cached(
        "SELECT pi.product_id, m.key, m.widths, m.webp_widths, m.width, m.height
         FROM product_images pi JOIN media m ON m.key = pi.media_key
         WHERE pi.product_id IN (SELECT value FROM json_each(?1))
         ORDER BY pi.product_id, pi.position",
    )?;
    let mut rows = stmt.query([ids])?;
    let mut by_product: std::collections::HashMap<String, Vec<Image>> = Default::default();
    while let Some(r) = rows.next()? {
        let image = crate::media::image_at_required(r, 1)?;
        by_product.entry(r.get(0)?).or_default().push(image);
    }
    for product in products.iter_mut() {
        product.images = by_product.remove(product.id.as_str()).unwrap_or_default();
    }
    Ok(())
}

/// Products with their pictures (no variants yet).
fn query_products_plain(conn: &Connection, where_and_order: &str, params: impl rusqlite::Params) -> rusqlite::Result<Vec<Product>> {
    let sql = format!("SELECT {PRODUCT_COLUMNS} FROM products p {where_and_order}");
    let mut products: Vec<Product> = conn.prepare_cached(&sql)?.query_map(params, product_from_row)?.collect::<Result<_, _>>()?;
    attach_images(conn, &mut products)?;
    let prices = crate::abroad::prices_of(conn, &products.iter().map(|p| (&p.id, p.price, p.compare_at_price)).collect::<Vec<_>>())?;
    for (product, prices) in products.iter_mut().zip(prices) {
        product.prices_abroad = prices;
    }
    Ok(products)
}

fn query_products(conn: &Connection, where_and_order: &str, params: impl rusqlite::Params) -> rusqlite::Result<Vec<Product>> {
    let mut products = query_products_plain(conn, where_and_order, params)?;
    attach(conn, &mut products)?;
    Ok(products)
}

pub fn get_product(conn: &Connection, id: &ProductId) -> rusqlite::Result<Option<Product>> {
    Ok(query_products(conn, "WHERE p.id = ?1", [id])?.pop())
}

/// Products by id, in the order asked (missing ids are skipped).
pub fn get_products(conn: &Connection, ids: &[ProductId]) -> rusqlite::Result<Vec<Product>> {
    let mut found = products_by_id(conn, ids)?;
    attach(conn, &mut found)?;
    Ok(found)
}

/// [`get_products`] without variants and colour pictures, for answers that show neither (the
/// search bar's suggestions, typed on every keystroke).
pub fn get_products_without_stock(conn: &Connection, ids: &[ProductId]) -> rusqlite::Result<Vec<Product>> {
    products_by_id(conn, ids)
}

fn products_by_id(conn: &Connection, ids: &[ProductId]) -> rusqlite::Result<Vec<Product>> {
    let json = serde_json::to_string(ids).unwrap_or_default();
    let mut found = query_products_plain(conn, "WHERE p.id IN (SELECT value FROM json_each(?1))", [json])?;
    found.sort_by_key(|p| ids.iter().position(|id| *id == p.id));
    Ok(found)
}

/// Every product of the collections on show (a hidden collection's are left out), newest first,
/// each as its product page shows it: what the catalogue feeds list.
pub fn products_on_show(conn: &Connection) -> rusqlite::Result<Vec<Product>> {
    query_products(conn, "WHERE p.collection_id IN (SELECT id FROM collections WHERE hidden = 0) ORDER BY p.created_at DESC, p.id", [])
}

pub fn featured_products(conn: &Connection) -> rusqlite::Result<Vec<Product>> {
    query_products(conn, "WHERE p.featured = 1 ORDER BY p.created_at DESC LIMIT 48", [])
}

/// One page of a collection, the products `filters` keep ordered by `sort`, with the facets.
pub fn collection_page(
    conn: &Connection,
    id: &str,
    page: i64,
    filters: &listing::Filters,
    sort: listing::ProductSort,
    cache: &listing::ListingCache,
) -> rusqlite::Result<Option<CollectionPage>> {
    let Some(collection) = get_collection(conn, id)? else { return Ok(None) };
    let offset = ((page - 1) * PAGE_SIZE) as usize;
    let listing = listing::list(conn, cache, listing::Scope::Collection(id), filters, Some(sort), offset, PAGE_SIZE as usize)?;
    let products = cache.products(conn, &listing.ids)?;
    Ok(Some(CollectionPage { collection, products, page, page_size: PAGE_SIZE, total: listing.total, facets: listing.facets }))
}

pub fn list_releases(conn: &Connection) -> rusqlite::Result<Vec<Release>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name, r.description, r.price_kobo, r.collection_id, c.name, r.product_id, r.featured,
                r.created_at, m.key, m.widths, m.webp_widths, m.width, m.height
         FROM releases r JOIN collections c ON c.id = r.collection_id JOIN media m ON m.key = r.image_key
         ORDER BY r.created_at DESC, r.id",
    )?;
    stmt.query_map([], |r| {
        Ok(Release {
            id: r.get(0)?,
            name: r.get(1)?,
            description: r.get(2)?,
            price: r.get(3)?,
            collection_id: r.get(4)?,
            collection_name: r.get(5)?,
            product_id: r.get(6)?,
            featured: r.get(7)?,
            created_at: r.get(8)?,
            background_image: crate::media::image_at_required(r, 9)?,
        })
    })?
    .collect()
}

/// Fills in each product's variants and colour pictures, with one query each.
fn attach(conn: &Connection, products: &mut [Product]) -> rusqlite::Result<()> {
    if products.is_empty() {
        return Ok(());
    }
    let ids = serde_json::to_string(&products.iter().map(|p| &p.id).collect::<Vec<_>>()).unwrap_or_default();
    let mut variants = crate::stock::variants_of(conn, &ids)?;
    let mut pictures: std::collections::HashMap<String, Vec<ColorImages>> = std::collections::HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT ci.product_id, ci.color, m.key, m.widths, m.webp_widths, m.width, m.height
         FROM color_images ci JOIN media m ON m.key = ci.media_key
         WHERE ci.product_id IN (SELECT value FROM json_each(?1)) ORDER BY ci.product_id, ci.color, ci.position",
    )?;
    let mut rows = stmt.query([&ids])?;
    while let Some(r) = rows.next()? {
        let color: String = r.get(1)?;
        let image = crate::media::image_at_required(r, 2)?;
        let list = pictures.entry(r.get(0)?).or_default();
        match list.last_mut() {
            Some(last) if last.color == color => last.images.push(image),
            _ => list.push(ColorImages { color, images: vec![image] }),
        }
    }
    for product in products.iter_mut() {
        product.variants = variants.remove(product.id.as_str()).unwrap_or_default();
        product.color_images = pictures.remove(product.id.as_str()).unwrap_or_default();
    }
    Ok(())
}
