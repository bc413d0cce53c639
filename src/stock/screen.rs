//! The Stock screen: variants with the fewest left first, and a variant's count and SKU edited
//! inline (logged in the activity log).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::UserId;

crate::text_enum! {
    /// Which variants the Stock screen lists.
    pub enum StockFilter {
        Low => "low",
        SoldOut => "sold-out",
        All => "all",
    }
}

/// Variants on one page of the Stock screen.
const STOCK_PAGE_SIZE: i64 = 50;

/// A variant on the Stock screen.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockRow {
    pub variant_id: String,
    pub product_id: String,
    pub product_name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub sku: Option<String>,
    /// Units that can still be sold.
    pub stock: i64,
    /// Units held for payments in progress (they come back if those payments do not complete).
    pub reserved: i64,
    /// Shoppers waiting for an e-mail when this variant is back in stock.
    pub waiting: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockPage {
    /// Fewest left first, one page of them.
    pub rows: Vec<StockRow>,
    /// Variants matching the filter and search, on every page.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    /// "Only N left" and the low-stock e-mail start at this level.
    pub low_stock_level: i64,
    /// Variants at or below the level, and sold out, in the whole shop.
    pub low_count: i64,
    pub sold_out_count: i64,
}

const ROW_SELECT: &str = "SELECT v.id, v.product_id, p.name, v.size, v.color, v.sku, v.stock,
        COALESCE((SELECT SUM(r.quantity) FROM reservations r WHERE r.variant_id = v.id), 0),
        (SELECT COUNT(*) FROM stock_alerts a WHERE a.variant_id = v.id AND a.confirmed_at IS NOT NULL)
     FROM variants v JOIN products p ON p.id = v.product_id";

fn row_from(r: &rusqlite::Row) -> rusqlite::Result<StockRow> {
    let (size, color): (String, String) = (r.get(3)?, r.get(4)?);
    Ok(StockRow {
        variant_id: r.get(0)?,
        product_id: r.get(1)?,
        product_name: r.get(2)?,
        size: (!size.is_empty()).then_some(size),
        color: (!color.is_empty()).then_some(color),
        sku: r.get(5)?,
        stock: r.get(6)?,
        reserved: r.get(7)?,
        waiting: r.get(8)?,
    })
}

/// One page (from 1) of the variants with at most `max_stock` left whose product name or SKU
/// contains `words`, with the shop's low and sold-out counts.
pub fn page(c: &Connection, max_stock: i64, words: &str, page: i64) -> AppResult<StockPage> {
    let level = super::low_stock_threshold();
    let like = format!("%{}%", words.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let matching = "WHERE v.stock <= ?1 AND (?2 = '%%' OR p.name LIKE ?2 ESCAPE '\\' OR v.sku LIKE ?2 ESCAPE '\\')";
    let sql = format!("{ROW_SELECT} {matching} ORDER BY v.stock, p.name, v.position LIMIT ?3 OFFSET ?4");
    let offset = (page - 1) * STOCK_PAGE_SIZE;
    let rows = c.prepare_cached(&sql)?.query_map(params![max_stock, like, STOCK_PAGE_SIZE, offset], row_from)?.collect::<Result<_, _>>()?;
    let total: i64 = c
        .prepare_cached(&format!("SELECT COUNT(*) FROM variants v JOIN products p ON p.id = v.product_id {matching}"))?
        .query_row(params![max_stock, like], |r| r.get(0))?;
    let (low_count, sold_out_count) =
        c.query_row("SELECT COUNT(*) FILTER (WHERE stock <= ?1), COUNT(*) FILTER (WHERE stock = 0) FROM variants", [level], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    Ok(StockPage { rows, total, page, page_size: STOCK_PAGE_SIZE, low_stock_level: level, low_count, sold_out_count })
}

pub fn variant_not_found() -> AppError {
    AppError::NotFound("That variant does not exist.".into())
}

/// Sets one variant's stock (and its SKU, when given; "" removes it). A change of stock is logged.
pub fn edit_variant(tx: &Connection, id: &str, stock: i64, sku: Option<&str>, actor: &UserId) -> AppResult<StockRow> {
    let before: Option<i64> = tx.query_row("SELECT stock FROM variants WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    let changed = tx
        .execute(
            "UPDATE variants SET stock = ?2, sku = CASE WHEN ?3 THEN NULLIF(?4, '') ELSE sku END,
                    low_mailed = CASE WHEN ?2 > ?5 THEN 0 ELSE low_mailed END WHERE id = ?1",
            params![id, stock, sku.is_some(), sku.unwrap_or(""), super::low_stock_threshold()],
        )
        .map_err(|e| if crate::db::is_unique_violation(&e) { super::sku_in_use(sku) } else { e.into() })?;
    if changed == 0 {
        return Err(variant_not_found());
    }
    let row = tx.query_row(&format!("{ROW_SELECT} WHERE v.id = ?1"), [id], row_from).optional()?.ok_or_else(variant_not_found)?;
    if let Some(before) = before.filter(|before| *before != stock) {
        let what = super::describe_line(&row.product_name, row.size.as_deref(), row.color.as_deref());
        crate::activity::record(tx, actor, "stock", id, &format!("{what}: stock {before} → {stock}"))?;
    }
    Ok(row)
}
