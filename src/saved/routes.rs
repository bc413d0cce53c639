//! Saved items over HTTP.

use actix_web::{HttpResponse, delete, get, post, put, web};
use rusqlite::params;

use super::*;
use crate::auth::CurrentUser;
use crate::error::answers::*;
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(list).service(save).service(unsave).service(move_to_bag);
}

#[utoipa::path(tag = "saved", responses((status = OK, body = Vec<SavedItem>, description = "Newest first"), Unauthorized))]
#[get("/saved")]
async fn list(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let items = state.db.read(move |c| Ok(load(c, &user.id)?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(items))
}

/// Saves a product; saving it again changes nothing.
#[utoipa::path(tag = "saved", responses((status = OK, body = Vec<SavedItem>), Unauthorized, NotFound))]
#[put("/saved/{product}")]
async fn save(state: web::Data<AppState>, user: CurrentUser, product: web::Path<String>) -> AppResult<HttpResponse> {
    let product = product.into_inner();
    if !crate::util::plausible_id(&product) {
        return Err(unknown_product());
    }
    let items = state
        .db
        .write(move |tx| {
            let exists: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM products WHERE id = ?1)", [&product], |r| r.get(0))?;
            if !exists {
                return Err(unknown_product());
            }
            tx.execute(
                "INSERT OR IGNORE INTO saved_items (user_id, product_id, saved_at) VALUES (?1, ?2, ?3)",
                params![user.id, product, crate::db::now_ms()],
            )?;
            Ok(load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(tag = "saved", responses((status = OK, body = Vec<SavedItem>), Unauthorized))]
#[delete("/saved/{product}")]
async fn unsave(state: web::Data<AppState>, user: CurrentUser, product: web::Path<String>) -> AppResult<HttpResponse> {
    let product = product.into_inner();
    let items = state
        .db
        .write(move |tx| {
            tx.execute("DELETE FROM saved_items WHERE user_id = ?1 AND product_id = ?2", params![user.id, product])?;
            Ok(load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(items))
}

/// The size and colour to buy, when the product has them.
#[derive(serde::Deserialize, utoipa::ToSchema)]
struct MoveBody {
    size: Option<String>,
    color: Option<String>,
}

/// Adds the product to the bag with quantity 1, in the size and colour chosen, and removes it
/// from saved, in one transaction.
#[utoipa::path(tag = "saved", responses((status = OK, body = crate::bag::Bag), BadRequest, Unauthorized, NotFound))]
#[post("/saved/{product}/move-to-bag")]
async fn move_to_bag(
    state: web::Data<AppState>,
    user: CurrentUser,
    product: web::Path<String>,
    body: web::Json<MoveBody>,
) -> AppResult<HttpResponse> {
    let product = crate::ids::ProductId::from(product.into_inner());
    let size = body.size.as_deref().unwrap_or("").trim().to_string();
    let color = body.color.as_deref().unwrap_or("").trim().to_string();
    let bag = state
        .db
        .write(move |tx| {
            let removed = tx.execute("DELETE FROM saved_items WHERE user_id = ?1 AND product_id = ?2", params![user.id, product])?;
            if removed == 0 {
                return Err(AppError::NotFound("That product is not in your saved items.".into()));
            }
            crate::bag::add_item(tx, &user.id, &product, &size, &color, 1)?;
            Ok(crate::bag::load(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(bag))
}
