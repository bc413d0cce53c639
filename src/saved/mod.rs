//! Saved items: a per-user list of products with the time they were saved.

pub mod routes;

use rusqlite::Connection;
use serde::Serialize;

use crate::catalog::Product;
use crate::error::AppError;
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
