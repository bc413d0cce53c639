//! Confirming pay-on-delivery orders over HTTP: the customer's code (no login: the order's number
//! and the code are the key) and the shop's "Confirmed by phone".

use actix_web::{HttpRequest, HttpResponse, post, web};

use super::confirm::{ConfirmBody, Confirmed};
use crate::auth::AdminUser;
use crate::error::answers::{BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::OrderId;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(confirm_order).service(admin_confirm_order);
}

/// The customer confirms her pay-on-delivery order with the code the shop sent her. A wrong code
/// answers 400 (five end the code: 409); tries share the tracking page's allowance per address.
#[utoipa::path(tag = "orders", responses((status = OK, body = Confirmed), BadRequest, NotFound, Conflict, TooManyRequests))]
#[post("/orders/confirm")]
async fn confirm_order(req: HttpRequest, state: web::Data<AppState>, body: web::Json<ConfirmBody>) -> AppResult<HttpResponse> {
    state
        .limits
        .order_lookups
        .try_acquire(&state.config.client_key(&req))
        .map_err(|wait| AppError::TooManyRequests("Too many tries. Please try again in a few minutes.".into(), wait))?;
    let confirmed = state.payments.confirm_with_code(body.into_inner()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(confirmed))
}

/// Staff confirm a pay-on-delivery order after calling the customer: it may then be prepared,
/// and is no longer cancelled for want of confirmation. Confirming again changes nothing.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = crate::orders::AdminOrder), Unauthorized, Forbidden, NotFound, Conflict))]
#[post("/admin/orders/{id}/confirm")]
async fn admin_confirm_order(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let order = state.payments.confirm_by_staff(&admin.0.id, &id.into_inner()).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(order))
}
