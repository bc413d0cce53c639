//! Saved items over HTTP.

use actix_web::{HttpResponse, delete, get, post, put, web};

use super::*;
use crate::auth::CurrentUser;
use crate::error::AppResult;
use crate::error::answers::*;
use crate::http::AppState;
use crate::ids::ProductId;

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
#[utoipa::path(params(ProductId), tag = "saved", responses((status = OK, body = Vec<SavedItem>), Unauthorized, NotFound))]
#[put("/saved/{id}")]
async fn save(state: web::Data<AppState>, user: CurrentUser, product: web::Path<ProductId>) -> AppResult<HttpResponse> {
    let product = product.into_inner();
    if !crate::util::plausible_id(&product) {
        return Err(unknown_product());
    }
    let now = state.clock.now_ms();
    let items = state.db.write(move |tx| save_product(tx, &user.id, &product, now)).await?;
    Ok(HttpResponse::Ok().json(items))
}

#[utoipa::path(params(ProductId), tag = "saved", responses((status = OK, body = Vec<SavedItem>), Unauthorized))]
#[delete("/saved/{id}")]
async fn unsave(state: web::Data<AppState>, user: CurrentUser, product: web::Path<ProductId>) -> AppResult<HttpResponse> {
    let product = product.into_inner();
    let items = state.db.write(move |tx| unsave_product(tx, &user.id, &product)).await?;
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
#[utoipa::path(params(ProductId), tag = "saved", responses((status = OK, body = crate::bag::Bag), BadRequest, Unauthorized, NotFound))]
#[post("/saved/{id}/move-to-bag")]
async fn move_to_bag(
    state: web::Data<AppState>,
    user: CurrentUser,
    product: web::Path<ProductId>,
    body: web::Json<MoveBody>,
) -> AppResult<HttpResponse> {
    let product = product.into_inner();
    let size = body.size.as_deref().unwrap_or("").trim().to_string();
    let color = body.color.as_deref().unwrap_or("").trim().to_string();
    let bag = state.db.write(move |tx| move_to_bag_in(tx, &user.id, &product, (&size, &color))).await?;
    Ok(HttpResponse::Ok().json(bag))
}
