//! Saved items: a per-user list of products with the time they were saved.

pub mod routes;

use rusqlite::{Connection, params};
use serde::Serialize;

use crate::catalog::Product;
use crate::error::{AppError, AppResult};
use crate::ids::{ProductId, UserId};

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedItem {
    pub product: Product,
    pub saved_at: i64,
}

pub fn load(conn: &Connection, user_id: &UserId) -> rusqlite::Result<Vec<SavedItem>> {
    let mut stmt = conn.prepare_cached("SELECT product_id, saved_at FROM saved_items WHERE user_id = ?1 ORDER BY saved_at DESC")?;
    let rows: Vec<(ProductId, i64)> = stmt.query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
    let products = crate::catalog::get_products(conn, &rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>())?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, saved_at)| Some(SavedItem { product: products.iter().find(|p| p.id == id)?.clone(), saved_at }))
        .collect())
}

fn unknown_product() -> AppError {
    AppError::NotFound("The product you're looking for doesn't exist.".into())
}

/// Saves a product; saving it again changes nothing.
pub fn save_product(tx: &Connection, user_id: &UserId, product: &str, now: i64) -> AppResult<Vec<SavedItem>> {
    let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", [product], |r| r.get(0))?;
    if !exists {
        return Err(unknown_product());
    }
    tx.execute("INSERT OR IGNORE INTO saved_items (user_id, product_id, saved_at) VALUES (?1, ?2, ?3)", params![user_id, product, now])?;
    Ok(load(tx, user_id)?)
}

pub fn unsave_product(tx: &Connection, user_id: &UserId, product: &str) -> AppResult<Vec<SavedItem>> {
    tx.execute("DELETE FROM saved_items WHERE user_id = ?1 AND product_id = ?2", params![user_id, product])?;
    Ok(load(tx, user_id)?)
}

/// Adds the product to the bag (quantity 1, in the size and colour chosen) and takes it out of
/// saved, in the caller's transaction.
pub fn move_to_bag_in(tx: &Connection, user_id: &UserId, product: &ProductId, (size, color): (&str, &str)) -> AppResult<crate::bag::Bag> {
    let removed = tx.execute("DELETE FROM saved_items WHERE user_id = ?1 AND product_id = ?2", params![user_id, product])?;
    if removed == 0 {
        return Err(AppError::NotFound("That product is not in your saved items.".into()));
    }
    crate::bag::add_item(tx, user_id, product, size, color, 1)?;
    Ok(crate::bag::load(tx, user_id)?)
}
