//! My Bag over HTTP: read, add, change a quantity, remove.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use serde::Deserialize;

use super::*;
use crate::error::answers::{BadRequest, NotFound, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::http::{BagOwner, Shopper};
use crate::ids::BagItemId;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(get_bag).service(add).service(set_quantity).service(remove);
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddBody {
    #[schema(value_type = String)]
    product_id: crate::ids::ProductId,
    size: Option<String>,
    color: Option<String>,
    quantity: Option<i64>,
}

#[utoipa::path(tag = "bag", responses((status = OK, body = Bag, description = "The whole bag after adding"), BadRequest, Unauthorized, NotFound))]
#[post("/bag")]
async fn add(state: web::Data<AppState>, owner: BagOwner, body: web::Json<AddBody>) -> AppResult<HttpResponse> {
    let BagOwner { shopper: user, new_guest } = owner;
    let body = body.into_inner();
    let quantity = body.quantity.unwrap_or(1);
    check_quantity(quantity, 1)?;
    if !crate::util::plausible_id(&body.product_id) {
        return Err(AppError::NotFound("The product you're looking for doesn't exist.".into()));
    }
    let size = body.size.unwrap_or_default().trim().to_string();
    let color = body.color.unwrap_or_default().trim().to_string();
    let now = state.clock.now_ms();
    let bag = state
        .db
        .write(move |tx| {
            add_item(tx, &user.id, &body.product_id, &size, &color, quantity)?;
            if user.guest {
                crate::auth::guests::touch(tx, &user.id, now)?;
            }
            Ok(load(tx, &user.id)?)
        })
        .await?;
    let mut answer = HttpResponse::Ok();
    // A guest's cookie is sent (again) with every add, so the bag lives 30 days from the last.
    if let Some(cookie) = new_guest {
        answer.cookie(cookie);
    }
    Ok(answer.json(bag))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct QuantityBody {
    /// Below 1 removes the line.
    quantity: i64,
}

/// Sets a line's quantity; below 1 removes it. Another user's line is "not found".
#[utoipa::path(params(BagItemId), tag = "bag", responses((status = OK, body = Bag), BadRequest, Unauthorized, NotFound))]
#[patch("/bag/{id}")]
async fn set_quantity(
    state: web::Data<AppState>,
    user: Shopper,
    item: web::Path<BagItemId>,
    body: web::Json<QuantityBody>,
) -> AppResult<HttpResponse> {
    let quantity = body.quantity;
    if quantity > MAX_QUANTITY {
        check_quantity(quantity, 0)?;
    }
    let item = item.into_inner();
    let bag = state.db.write(move |tx| change_quantity(tx, &user.id, &item, quantity)).await?;
    Ok(HttpResponse::Ok().json(bag))
}

#[utoipa::path(params(BagItemId), tag = "bag", responses((status = OK, body = Bag), Unauthorized, NotFound))]
#[delete("/bag/{id}")]
async fn remove(state: web::Data<AppState>, user: Shopper, item: web::Path<BagItemId>) -> AppResult<HttpResponse> {
    let item = item.into_inner();
    let bag = state.db.write(move |tx| remove_line(tx, &user.id, &item)).await?;
    Ok(HttpResponse::Ok().json(bag))
}

#[utoipa::path(tag = "bag", responses((status = OK, body = Bag), Unauthorized))]
#[get("/bag")]
async fn get_bag(state: web::Data<AppState>, user: Shopper) -> AppResult<HttpResponse> {
    let id = user.id.clone();
    let bag = state.db.read(move |c| Ok(load(c, &id)?)).await?;
    let too_many = bag.items.iter().any(|i| i.variant_id.is_some() && i.available > 0 && i.quantity > i.available);
    // Rarely: stock fell below a line's quantity, so the line is lowered (a write) and says so.
    let bag = if too_many { state.db.write(move |tx| Ok(fit_to_stock(tx, &user.id)?)).await? } else { bag };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(bag))
}
