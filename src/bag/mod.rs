//! My Bag: per-user items that point at products, so prices are always the catalogue's current
//! ones. The same product in the same size and colour is one line with a quantity.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::catalog::Product;
use crate::error::answers::{BadRequest, NotFound, Unauthorized};
use crate::error::{AppError, AppResult};

pub const MAX_QUANTITY: i64 = 99;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_bag).service(add).service(set_quantity).service(remove);
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BagItem {
    pub id: String,
    pub product: Product,
    pub size: Option<String>,
    pub color: Option<String>,
    pub quantity: i64,
    /// Kobo: the product's current price times the quantity.
    pub line_total: i64,
}

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bag {
    pub items: Vec<BagItem>,
    /// Sum of quantities: the header badge.
    pub count: i64,
    /// Kobo.
    pub total: i64,
}

pub fn load(conn: &Connection, user_id: &str) -> rusqlite::Result<Bag> {
    let mut stmt =
        conn.prepare_cached("SELECT id, product_id, size, color, quantity FROM bag_items WHERE user_id = ?1 ORDER BY added_at, rowid")?;
    /// A bag line as stored; "" means no size or colour was chosen.
    struct Line {
        id: String,
        product_id: String,
        size: String,
        color: String,
        quantity: i64,
    }
    let rows: Vec<Line> = stmt
        .query_map([user_id], |r| {
            Ok(Line {
                id: r.get("id")?,
                product_id: r.get("product_id")?,
                size: r.get("size")?,
                color: r.get("color")?,
                quantity: r.get("quantity")?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let ids: Vec<String> = rows.iter().map(|r| r.product_id.clone()).collect();
    let products = crate::catalog::get_products(conn, &ids)?;
    let items: Vec<BagItem> = rows
        .into_iter()
        .filter_map(|Line { id, product_id, size, color, quantity }| {
            let product = products.iter().find(|p| p.id == product_id)?.clone();
            Some(BagItem {
                line_total: product.price * quantity,
                id,
                product,
                size: (!size.is_empty()).then_some(size),
                color: (!color.is_empty()).then_some(color),
                quantity,
            })
        })
        .collect();
    Ok(Bag { count: items.iter().map(|i| i.quantity).sum(), total: items.iter().map(|i| i.line_total).sum(), items })
}

/// Adds `quantity` of a product in a size and colour, merging with an existing line.
/// Shared by the add button and "move from saved to bag".
pub fn add_item(tx: &Connection, user_id: &str, product_id: &str, size: &str, color: &str, quantity: i64) -> AppResult<()> {
    let choices: Option<(String, String)> =
        tx.query_row("SELECT sizes, colors FROM products WHERE id = ?1", [product_id], |r| Ok((r.get(0)?, r.get(1)?))).optional()?;
    let Some((sizes, colors)) = choices else {
        return Err(AppError::NotFound("The product you're looking for doesn't exist.".into()));
    };
    let check = |choice: &str, allowed: &str, what: &str| -> AppResult<()> {
        let allowed: Vec<String> = serde_json::from_str(allowed).unwrap_or_default();
        if !choice.is_empty() && !allowed.iter().any(|a| a == choice) {
            return Err(AppError::Validation(format!("This product is not available in that {what}.")));
        }
        Ok(())
    };
    check(size, &sizes, "size")?;
    check(color, &colors, "colour")?;
    let current: Option<i64> = tx
        .query_row(
            "SELECT quantity FROM bag_items WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4",
            params![user_id, product_id, size, color],
            |r| r.get(0),
        )
        .optional()?;
    if current.unwrap_or(0) + quantity > MAX_QUANTITY {
        return Err(AppError::Validation(format!("You can have at most {MAX_QUANTITY} of one item in your bag.")));
    }
    tx.execute(
        "INSERT INTO bag_items (id, user_id, product_id, size, color, quantity, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (user_id, product_id, size, color) DO UPDATE SET quantity = quantity + excluded.quantity",
        params![crate::util::new_id(), user_id, product_id, size, color, quantity, crate::db::now_ms()],
    )?;
    Ok(())
}

fn check_quantity(quantity: i64, minimum: i64) -> AppResult<()> {
    if quantity < minimum || quantity > MAX_QUANTITY {
        return Err(AppError::Validation(format!("Quantity must be a whole number from {minimum} to {MAX_QUANTITY}.")));
    }
    Ok(())
}

#[utoipa::path(tag = "bag", responses((status = OK, body = Bag), Unauthorized))]
#[get("/bag")]
async fn get_bag(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let bag = state.db.read(move |c| Ok(load(c, &user.id)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(bag))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddBody {
    product_id: String,
    size: Option<String>,
    color: Option<String>,
    quantity: Option<i64>,
}

#[utoipa::path(tag = "bag", responses((status = OK, body = Bag, description = "The whole bag after adding"), BadRequest, Unauthorized, NotFound))]
#[post("/bag")]
async fn add(state: web::Data<AppState>, user: CurrentUser, body: web::Json<AddBody>) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let quantity = body.quantity.unwrap_or(1);
    check_quantity(quantity, 1)?;
    if !crate::catalog::plausible_id(&body.product_id) {
        return Err(AppError::NotFound("The product you're looking for doesn't exist.".into()));
    }
    let size = body.size.unwrap_or_default().trim().to_string();
    let color = body.color.unwrap_or_default().trim().to_string();
    let bag = state
        .db
        .write(move |tx| {
            add_item(tx, &user.id, &body.product_id, &size, &color, quantity)?;
            Ok(load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(bag))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct QuantityBody {
    /// Below 1 removes the line.
    quantity: i64,
}

/// Sets a line's quantity; below 1 removes it. Another user's line is "not found".
#[utoipa::path(tag = "bag", responses((status = OK, body = Bag), BadRequest, Unauthorized, NotFound))]
#[patch("/bag/{item}")]
async fn set_quantity(
    state: web::Data<AppState>,
    user: CurrentUser,
    item: web::Path<String>,
    body: web::Json<QuantityBody>,
) -> AppResult<HttpResponse> {
    let quantity = body.quantity;
    if quantity > MAX_QUANTITY {
        check_quantity(quantity, 0)?;
    }
    let item = item.into_inner();
    let bag = state
        .db
        .write(move |tx| {
            let changed = if quantity < 1 {
                tx.execute("DELETE FROM bag_items WHERE id = ?1 AND user_id = ?2", params![item, user.id])?
            } else {
                tx.execute("UPDATE bag_items SET quantity = ?3 WHERE id = ?1 AND user_id = ?2", params![item, user.id, quantity])?
            };
            if changed == 0 {
                return Err(AppError::NotFound("That item is not in your bag.".into()));
            }
            Ok(load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(bag))
}

#[utoipa::path(tag = "bag", responses((status = OK, body = Bag), Unauthorized, NotFound))]
#[delete("/bag/{item}")]
async fn remove(state: web::Data<AppState>, user: CurrentUser, item: web::Path<String>) -> AppResult<HttpResponse> {
    let item = item.into_inner();
    let bag = state
        .db
        .write(move |tx| {
            if tx.execute("DELETE FROM bag_items WHERE id = ?1 AND user_id = ?2", params![item, user.id])? == 0 {
                return Err(AppError::NotFound("That item is not in your bag.".into()));
            }
            Ok(load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(bag))
}
