//! The merchant's writes to one product: an edit of some of its fields, featuring it, a copy of
//! it, and the pictures of one of its colours. Prices and stock changed are logged for the owner.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::Product;
use crate::error::{AppError, AppResult};
use crate::ids::{ProductId, UserId};
use crate::money::Kobo;

pub fn product_not_found() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}

/// What an edit changes: `None` leaves a field as it is. `compare_at: Some(None)` ends the sale,
/// `category: Some(None)` removes the category.
pub struct ProductChanges {
    pub name: Option<String>,
    pub price: Option<Kobo>,
    pub description: Option<String>,
    pub compare_at: Option<Option<Kobo>>,
    pub variants: Option<Vec<crate::stock::NewVariant>>,
    pub category: Option<Option<String>>,
    pub collection: Option<String>,
}

/// Edits a product (only the fields given change) and answers it. A new price and new variants
/// are written in the activity log as `actor`'s.
pub fn edit(tx: &Connection, media_root: &Path, id: &ProductId, edit: &ProductChanges, actor: &UserId, now: i64) -> AppResult<Product> {
    let ProductChanges { name, price, description, compare_at, variants, category, collection } = edit;
    let before: Option<(String, Kobo)> =
        tx.query_row("SELECT name, price_kobo FROM products WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
    let changed = tx.execute(
        "UPDATE products SET name = COALESCE(?2, name), price_kobo = COALESCE(?3, price_kobo),
                description = COALESCE(?4, description), category = CASE WHEN ?5 THEN ?6 ELSE category END,
                updated_at = ?7 WHERE id = ?1",
        params![id, name, price, description, category.is_some(), category.clone().flatten(), now],
    )?;
    if changed == 0 {
        return Err(product_not_found());
    }
    if let Some(collection) = collection {
        super::admin::check_collection(tx, collection)?;
        super::admin::move_products(tx, &serde_json::to_string(&[id]).map_err(AppError::internal)?, collection)?;
    }
    // The sale is checked against the price it will have before it is written: the table's
    // CHECK (a compare-at price above zero) would otherwise refuse it as a server error.
    let (price, current): (Kobo, Option<Kobo>) =
        tx.query_row("SELECT price_kobo, compare_at_kobo FROM products WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    super::write::check_sale(price, compare_at.unwrap_or(current))?;
    if let Some(compare_at) = compare_at {
        tx.execute("UPDATE products SET compare_at_kobo = ?2 WHERE id = ?1", params![id, compare_at])?;
    }
    if let Some(variants) = variants {
        for key in crate::stock::replace_variants(tx, id, variants)? {
            crate::media::release_if_unused(tx, media_root, &key)?;
        }
    }
    let product = super::get_product(tx, id)?.ok_or_else(product_not_found)?;
    // Who changed a price or the stock, for the owner's activity log.
    if let Some((name, old)) = before
        && old != product.price
    {
        let summary = format!("{name}: price {} → {}", crate::money::format_naira(old), crate::money::format_naira(product.price));
        crate::activity::record(tx, actor, "product", id, &summary)?;
    }
    if variants.is_some() {
        crate::activity::record(tx, actor, "stock", id, &format!("{}: sizes, colours and stock set", product.name))?;
    }
    Ok(product)
}

/// Shows the product on the home page, or stops showing it.
pub fn set_featured(tx: &Connection, id: &ProductId, featured: bool) -> AppResult<()> {
    // updated_at stays: it tracks what search indexes, and featured is not searched.
    if tx.execute("UPDATE products SET featured = ?2 WHERE id = ?1", params![id, featured])? == 0 {
        return Err(product_not_found());
    }
    Ok(())
}

/// Copies a product as `copy_id`: " (copy)" after its name, the same photos, options and price,
/// no stock, not featured.
pub fn duplicate(tx: &Connection, id: &ProductId, copy_id: &ProductId, now: i64) -> AppResult<()> {
    let name: String =
        tx.query_row("SELECT name FROM products WHERE id = ?1", [id], |r| r.get(0)).optional()?.ok_or_else(product_not_found)?;
    super::admin::duplicate(tx, id, copy_id, &super::admin::copy_name(&name, super::write::MAX_PRODUCT_NAME), now)?;
    Ok(())
}

/// Replaces the pictures shown for one of the product's colours with `keys` (none removes them);
/// the old files go when nothing else uses them. Answers the product.
pub fn set_color_images(tx: &Connection, media_root: &Path, id: &ProductId, color: &str, keys: &[String]) -> AppResult<Product> {
    let colors: Option<String> = tx.query_row("SELECT colors FROM products WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    let Some(colors) = colors else { return Err(product_not_found()) };
    let colors: Vec<String> = serde_json::from_str(&colors).unwrap_or_default();
    if !colors.iter().any(|c| c == color) {
        return Err(AppError::Validation("This product is not sold in that colour.".into()));
    }
    let old: Vec<String> = tx
        .prepare("DELETE FROM color_images WHERE product_id = ?1 AND color = ?2 RETURNING media_key")?
        .query_map(params![id, color], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for (position, key) in keys.iter().enumerate() {
        tx.execute(
            "INSERT INTO color_images (product_id, color, position, media_key) VALUES (?1, ?2, ?3, ?4)",
            params![id, color, position as i64, key],
        )?;
    }
    for key in old {
        crate::media::release_if_unused(tx, media_root, &key)?;
    }
    super::get_product(tx, id)?.ok_or_else(product_not_found)
}
