//! The back office's product tools: the Products list (search, filters, sort, pages), bulk
//! actions decided in one transaction, duplicating a product, putting its main photos in a new
//! order (kept, replaced, removed, added) and deleting it. Handlers in `admin_routes.rs` run the
//! writes inside the catalogue's door.

use std::path::Path;

use rusqlite::{Connection, params};
use serde::Serialize;

use super::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::media::{self, Image};
use crate::money::Kobo;

/// Products on one page of the list.
pub const LIST_PAGE_SIZE: i64 = 30;
/// At most this many products in one bulk action.
pub const MAX_BULK: usize = 200;
/// At most this many main photos per product.
pub const MAX_PHOTOS: usize = 8;

crate::text_enum! {
    /// What is left of a product to sell.
    pub enum StockStatus {
        /// Something left ("in stock" as a filter: low ones included).
        InStock => "in-stock",
        /// Something left, but some variant is at or below the low-stock level (or sold out).
        Low => "low",
        /// Nothing left of any variant.
        SoldOut => "sold-out",
    }
}

crate::text_enum! {
    /// The orders of the Products list.
    pub enum ProductSort {
        Newest => "newest",
        Oldest => "oldest",
        NameAsc => "name-asc",
        NameDesc => "name-desc",
        PriceAsc => "price-asc",
        PriceDesc => "price-desc",
        StockAsc => "stock-asc",
        StockDesc => "stock-desc",
    }
}

impl ProductSort {
    fn order_by(self) -> &'static str {
        match self {
            ProductSort::Newest => "p.created_at DESC",
            ProductSort::Oldest => "p.created_at ASC",
            ProductSort::NameAsc => "p.name COLLATE NOCASE ASC",
            ProductSort::NameDesc => "p.name COLLATE NOCASE DESC",
            ProductSort::PriceAsc => "p.price_kobo ASC",
            ProductSort::PriceDesc => "p.price_kobo DESC",
            ProductSort::StockAsc => "units ASC",
            ProductSort::StockDesc => "units DESC",
        }
    }
}

/// What the list shows: every condition given must hold.
#[derive(Debug, Clone)]
pub struct ProductFilter {
    /// Part of the name, the category or a SKU ("" for all).
    pub q: String,
    pub collection: Option<String>,
    pub stock: Option<StockStatus>,
    pub min_price: Option<Kobo>,
    pub max_price: Option<Kobo>,
    pub featured: Option<bool>,
    pub sort: ProductSort,
}

/// A product as the back office's list shows it.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProductRow {
    #[schema(value_type = String)]
    pub id: ProductId,
    pub name: String,
    pub collection_id: String,
    pub collection_name: String,
    pub category: Option<String>,
    #[schema(value_type = i64)]
    pub price: Kobo,
    pub featured: bool,
    /// The first photo: the product card's picture.
    pub image: Option<Image>,
    /// Units left of all its variants together.
    pub units: i64,
    pub variants: i64,
    /// Variants at or below the low-stock level, sold-out ones included.
    pub low_variants: i64,
    pub sold_out_variants: i64,
    /// "in-stock" (nothing low), "low" or "sold-out".
    pub status: StockStatus,
    pub created_at: i64,
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProductPage {
    pub products: Vec<AdminProductRow>,
    /// Products matching the filter, on every page.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    /// "Only N left" starts at this level.
    pub low_stock_level: i64,
}

/// Each product's variants summed up, for the filter and the columns.
const WITH_STOCK: &str = "WITH s AS (
        SELECT product_id, SUM(stock) AS units, COUNT(*) AS variants,
               COUNT(*) FILTER (WHERE stock <= :level) AS low, COUNT(*) FILTER (WHERE stock = 0) AS sold_out
        FROM variants GROUP BY product_id)";

const LIST_JOIN: &str = "FROM products p JOIN collections c ON c.id = p.collection_id LEFT JOIN s ON s.product_id = p.id";

const LIST_WHERE: &str = "WHERE (:like = '' OR p.name LIKE :like ESCAPE '\\' OR p.category LIKE :like ESCAPE '\\'
           OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.sku LIKE :like ESCAPE '\\'))
      AND (:collection IS NULL OR p.collection_id = :collection)
      AND (:min IS NULL OR p.price_kobo >= :min) AND (:max IS NULL OR p.price_kobo <= :max)
      AND (:featured IS NULL OR p.featured = :featured)
      AND CASE :stock WHEN 'in-stock' THEN COALESCE(s.units, 0) > 0
                      WHEN 'low' THEN COALESCE(s.units, 0) > 0 AND COALESCE(s.low, 0) > 0
                      WHEN 'sold-out' THEN COALESCE(s.units, 0) = 0
                      ELSE 1 END";

/// One page (from 1) of the products matching `filter`.
pub fn list(conn: &Connection, filter: &ProductFilter, page: i64, level: i64) -> rusqlite::Result<AdminProductPage> {
    let like = crate::util::like_pattern(&filter.q);
    let stock = filter.stock.map(StockStatus::as_str).unwrap_or("");
    let args = rusqlite::named_params! {
        ":level": level,
        ":like": like,
        ":collection": filter.collection,
        ":min": filter.min_price,
        ":max": filter.max_price,
        ":featured": filter.featured,
        ":stock": stock,
    };
    let total: i64 =
        conn.prepare_cached(&format!("{WITH_STOCK} SELECT COUNT(*) {LIST_JOIN} {LIST_WHERE}"))?.query_row(args, |r| r.get(0))?;
    let sql = format!(
        "{WITH_STOCK} SELECT p.id, p.name, p.collection_id, c.name, p.category, p.price_kobo, p.featured, p.created_at,
                COALESCE(s.units, 0) AS units, COALESCE(s.variants, 0), COALESCE(s.low, 0), COALESCE(s.sold_out, 0),
                m.key, m.widths, m.webp_widths, m.width, m.height
         {LIST_JOIN}
         LEFT JOIN media m ON m.key = (SELECT pi.media_key FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position LIMIT 1)
         {LIST_WHERE}
         ORDER BY {}, p.id LIMIT {LIST_PAGE_SIZE} OFFSET {}",
        filter.sort.order_by(),
        (page - 1) * LIST_PAGE_SIZE
    );
    let products = conn
        .prepare(&sql)?
        .query_map(args, |r| {
            let (units, low, sold_out): (i64, i64, i64) = (r.get(8)?, r.get(10)?, r.get(11)?);
            Ok(AdminProductRow {
                id: r.get(0)?,
                name: r.get(1)?,
                collection_id: r.get(2)?,
                collection_name: r.get(3)?,
                category: r.get(4)?,
                price: r.get(5)?,
                featured: r.get(6)?,
                created_at: r.get(7)?,
                units,
                variants: r.get(9)?,
                low_variants: low,
                sold_out_variants: sold_out,
                status: if units == 0 {
                    StockStatus::SoldOut
                } else if low > 0 {
                    StockStatus::Low
                } else {
                    StockStatus::InStock
                },
                image: crate::media::image_at(r, 12)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(AdminProductPage { products, total, page, page_size: LIST_PAGE_SIZE, low_stock_level: level })
}

crate::text_enum! {
    /// What a bulk action does to every chosen product.
    pub enum BulkAction {
        Feature => "feature",
        Unfeature => "unfeature",
        /// To the collection given with it.
        Move => "move",
        Delete => "delete",
    }
}

fn product_not_found() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}

fn collection_exists(tx: &Connection, id: &str) -> rusqlite::Result<bool> {
    tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [id], |r| r.get(0))
}

/// Applies `action` to every product of `ids`, all or none: an id that no longer exists (deleted
/// meanwhile) changes nothing and says so. Returns how many products changed and what for the door.
pub fn bulk(
    tx: &Connection,
    media_root: &Path,
    action: BulkAction,
    ids: &[ProductId],
    collection: Option<&str>,
) -> AppResult<(usize, Changes)> {
    let mut unique: Vec<&ProductId> = Vec::with_capacity(ids.len());
    for id in ids {
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    let json = serde_json::to_string(&unique).map_err(AppError::internal)?;
    let found: i64 = tx.query_row("SELECT COUNT(*) FROM products WHERE id IN (SELECT value FROM json_each(?1))", [&json], |r| r.get(0))?;
    if found as usize != unique.len() {
        return Err(AppError::NotFound("Some of the chosen products no longer exist. Reload the list and try again.".into()));
    }
    let mut changes = Changes::none();
    match action {
        BulkAction::Feature | BulkAction::Unfeature => {
            // updated_at stays: it tracks what search indexes, and featured is not searched.
            tx.execute(
                "UPDATE products SET featured = ?2 WHERE id IN (SELECT value FROM json_each(?1))",
                params![json, action == BulkAction::Feature],
            )?;
            changes = Changes::shown();
        }
        BulkAction::Move => {
            let Some(collection) = collection.filter(|c| !c.is_empty()) else {
                return Err(AppError::Validation("Choose the collection to move the products to.".into()));
            };
            if !collection_exists(tx, collection)? {
                return Err(AppError::NotFound("Collection not found".into()));
            }
            move_products(tx, &json, collection)?;
            // Products are found by their collection's name: re-indexed.
            for id in &unique {
                changes = changes.and(Changes::product(id));
            }
        }
        BulkAction::Delete => {
            for id in &unique {
                delete(tx, media_root, id)?;
                changes = changes.and(Changes::removed(id));
            }
        }
    }
    Ok((unique.len(), changes))
}

/// Deletes a product with its pictures (their files once nothing else uses them), and with it its
/// bag and saved entries, variants and releases (ON DELETE CASCADE).
pub fn delete(tx: &Connection, media_root: &Path, id: &ProductId) -> AppResult<()> {
    let keys: Vec<String> = tx
        .prepare_cached(
            "SELECT media_key FROM product_images WHERE product_id = ?1
             UNION ALL SELECT image_key FROM releases WHERE product_id = ?1
             UNION ALL SELECT media_key FROM color_images WHERE product_id = ?1",
        )?
        .query_map([id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if tx.execute("DELETE FROM products WHERE id = ?1", [id])? == 0 {
        return Err(product_not_found());
    }
    for key in keys {
        media::release_if_unused(tx, media_root, &key)?;
    }
    Ok(())
}

/// The name of a copy: "Oxford Brogue (copy)", cut to fit the longest name allowed.
pub fn copy_name(name: &str, max_chars: usize) -> String {
    const SUFFIX: &str = " (copy)";
    let room = max_chars.saturating_sub(SUFFIX.chars().count());
    format!("{}{SUFFIX}", name.chars().take(room).collect::<String>().trim_end())
}

/// Copies a product as `copy_id`: the same collection, description, price, category, photos
/// (shared, content-addressed), colour pictures and variants, with " (copy)" after its name, no
/// stock, no SKUs (they are unique), no reviews, not featured.
pub fn duplicate(tx: &Connection, id: &ProductId, copy_id: &ProductId, name: &str, now: i64) -> AppResult<()> {
    let copied = tx.execute(
        "INSERT INTO products (id, collection_id, name, description, price_kobo, featured, rating, review_count,
                               category, sizes, colors, created_at, updated_at)
         SELECT :copy, collection_id, :name, description, price_kobo, 0, 0, 0, category, sizes, colors, :now, :now
         FROM products WHERE id = :id",
        rusqlite::named_params! { ":copy": copy_id, ":name": name, ":now": now, ":id": id },
    )?;
    if copied == 0 {
        return Err(product_not_found());
    }
    tx.execute(
        "INSERT INTO product_images (product_id, position, media_key) SELECT ?2, position, media_key FROM product_images WHERE product_id = ?1",
        params![id, copy_id],
    )?;
    tx.execute(
        "INSERT INTO color_images (product_id, color, position, media_key)
         SELECT ?2, color, position, media_key FROM color_images WHERE product_id = ?1",
        params![id, copy_id],
    )?;
    let variants: Vec<(i64, String, String)> = tx
        .prepare_cached("SELECT position, size, color FROM variants WHERE product_id = ?1 ORDER BY position")?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut add =
        tx.prepare_cached("INSERT INTO variants (id, product_id, position, size, color, sku, stock) VALUES (?1, ?2, ?3, ?4, ?5, NULL, 0)")?;
    for (position, size, color) in variants {
        add.execute(params![crate::util::new_id(), copy_id, position, size, color])?;
    }
    Ok(())
}

/// One place in a product's new photo order.
#[derive(Debug, Clone, PartialEq)]
pub enum PhotoSlot {
    /// A photo the product has, named by its `url` as the product answer gives it.
    Keep(String),
    /// The next uploaded photo.
    New,
}

/// Reads the photo order an admin sends: a JSON list of photo URLs and "new"s, 1 to 8 of them, no
/// photo twice, with exactly one upload per "new".
pub fn parse_photo_order(text: &str, uploads: usize) -> AppResult<Vec<PhotoSlot>> {
    let entries: Vec<String> = serde_json::from_str(text)
        .map_err(|_| AppError::Validation("The photo order is not a list of photo addresses and \"new\".".into()))?;
    if entries.is_empty() {
        return Err(AppError::Validation("A product needs at least one photo.".into()));
    }
    if entries.len() > MAX_PHOTOS {
        return Err(AppError::Validation(format!("A product may have at most {MAX_PHOTOS} photos.")));
    }
    let slots: Vec<PhotoSlot> = entries.into_iter().map(|e| if e == "new" { PhotoSlot::New } else { PhotoSlot::Keep(e) }).collect();
    let new = slots.iter().filter(|s| **s == PhotoSlot::New).count();
    if new != uploads {
        let (named, sent) = (if new == 1 { "1 new photo" } else { "new photos" }, if uploads == 1 { "was" } else { "were" });
        let named = if new == 1 { named.to_string() } else { format!("{new} {named}") };
        return Err(AppError::Validation(format!("The order names {named}, but {uploads} {sent} sent.")));
    }
    for (i, slot) in slots.iter().enumerate() {
        if let PhotoSlot::Keep(url) = slot
            && slots[..i].contains(slot)
        {
            return Err(AppError::Validation(format!("The photo {url} is listed twice.")));
        }
    }
    Ok(slots)
}

/// Puts a product's main photos in the order of `slots` (the first is the card's picture): kept
/// photos by their URL, new ones from `new_keys` in turn. Photos left out are removed, and their
/// files too once nothing else uses them. A URL the product does not have is refused (its photos
/// changed meanwhile).
pub fn set_photos(tx: &Connection, media_root: &Path, id: &ProductId, slots: &[PhotoSlot], new_keys: Vec<String>) -> AppResult<()> {
    let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", [id], |r| r.get(0))?;
    if !exists {
        return Err(product_not_found());
    }
    let current: Vec<(String, String)> = tx
        .prepare_cached(
            "SELECT m.key, m.widths, m.webp_widths, m.width, m.height FROM product_images pi JOIN media m ON m.key = pi.media_key
             WHERE pi.product_id = ?1 ORDER BY pi.position",
        )?
        .query_map([id], |r| Ok((crate::media::image_at_required(r, 0)?.url, r.get(0)?)))?
        .collect::<Result<_, _>>()?;
    let mut new_keys = new_keys.into_iter();
    let mut keys = Vec::with_capacity(slots.len());
    for slot in slots {
        let key = match slot {
            PhotoSlot::Keep(url) => current
                .iter()
                .find(|(u, _)| u == url)
                .map(|(_, k)| k.clone())
                .ok_or_else(|| AppError::Conflict("The product's photos changed meanwhile. Reload the page and try again.".into()))?,
            PhotoSlot::New => new_keys.next().ok_or_else(|| AppError::internal("fewer stored photos than new slots"))?,
        };
        // The same picture uploaded twice (or kept and uploaded again) is one photo.
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    tx.execute("DELETE FROM product_images WHERE product_id = ?1", [id])?;
    let mut add = tx.prepare_cached("INSERT INTO product_images (product_id, position, media_key) VALUES (?1, ?2, ?3)")?;
    for (position, key) in keys.iter().enumerate() {
        add.execute(params![id, position as i64, key])?;
    }
    tx.execute("UPDATE products SET updated_at = ?2 WHERE id = ?1", params![id, crate::db::now_ms()])?;
    for (_, key) in current {
        if !keys.contains(&key) {
            media::release_if_unused(tx, media_root, &key)?;
        }
    }
    Ok(())
}

/// Moves the products whose ids are in the JSON array `ids` to `collection` (which exists).
/// Their releases follow, so a release keeps pointing into its product's collection.
pub fn move_products(tx: &Connection, ids: &str, collection: &str) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE products SET collection_id = ?2, updated_at = ?3 WHERE id IN (SELECT value FROM json_each(?1))",
        params![ids, collection, crate::db::now_ms()],
    )?;
    tx.execute("UPDATE releases SET collection_id = ?2 WHERE product_id IN (SELECT value FROM json_each(?1))", params![ids, collection])?;
    Ok(())
}

/// An edit's new collection, checked to exist.
pub fn check_collection(tx: &Connection, id: &str) -> AppResult<()> {
    if collection_exists(tx, id)? {
        return Ok(());
    }
    Err(AppError::Validation("Choose one of the shop's collections.".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_named_so_and_fits() {
        assert_eq!(copy_name("Oxford Brogue", 120), "Oxford Brogue (copy)");
        let long = "x".repeat(120);
        assert_eq!(copy_name(&long, 120).chars().count(), 120);
        assert!(copy_name(&long, 120).ends_with(" (copy)"));
    }

    #[test]
    fn photo_orders_are_checked() {
        assert_eq!(parse_photo_order(r#"["/a.jpg","new"]"#, 1).unwrap(), [PhotoSlot::Keep("/a.jpg".into()), PhotoSlot::New]);
        assert!(parse_photo_order("[]", 0).is_err());
        assert!(parse_photo_order(r#"["new"]"#, 2).is_err());
        assert!(parse_photo_order(r#"["/a.jpg","/a.jpg"]"#, 0).is_err());
        assert!(parse_photo_order(&serde_json::to_string(&vec!["new"; 9]).unwrap(), 9).is_err());
        assert!(parse_photo_order("not json", 0).is_err());
    }
}
