//! Refunds over HTTP: the admin's refund form on an order.

use actix_web::{HttpResponse, post, web};
use serde::Deserialize;

use super::RefundAsk;
use crate::auth::AdminUser;
use crate::error::answers::{BadGateway, BadRequest, Conflict, Forbidden, NotFound, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::ids::OrderId;
use crate::money::Naira;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(create_refund);
}

/// The admin's refund form.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequest {
    /// As typed, e.g. "12500.50", in the order's currency (naira, or the currency it was paid in
    /// abroad): positive, at most two decimals, at most what is left.
    #[schema(value_type = Naira, required = true)]
    amount: Option<Naira>,
    /// Why, for the order's history and the customer's e-mail.
    #[serde(default)]
    reason: String,
    /// Units of the order's lines that go back on sale once Paystack takes the refund.
    #[serde(default)]
    #[schema(max_items = 100)]
    restock: Vec<RestockUnits>,
}

/// Some units of one order line, to put back on sale.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct RestockUnits {
    /// The line's position in the order, from 0.
    line: usize,
    /// From 1 to the line's quantity; a unit already back on sale is never restocked again.
    #[schema(minimum = 1)]
    units: i64,
}

/// Refunds part or all of a paid order through Paystack. The answer is the order with the new
/// refund; when Paystack refuses or does not answer the refund is still listed (failed, or pending
/// until the shop hears from Paystack) and the answer is a 502 that says so.
#[utoipa::path(
    params(OrderId),
    tag = "admin",
    request_body = RefundRequest,
    responses((status = CREATED, body = crate::orders::AdminOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, BadGateway)
)]
#[post("/admin/orders/{id}/refunds")]
async fn create_refund(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<OrderId>,
    body: web::Json<RefundRequest>,
) -> AppResult<HttpResponse> {
    let RefundRequest { amount, reason, restock } = body.into_inner();
    let amount = amount.ok_or_else(|| AppError::Validation("Enter the amount to refund.".into()))?;
    let restock = restock.into_iter().map(|r| (r.line, r.units)).collect();
    let ask = RefundAsk { amount: Some(super::Asked::Typed(amount)), reason, restock, by: admin.0.id.clone(), with: None };
    let order = state.refunds.refund_order(&id, ask).await?;
    let order = state.db.read(move |c| crate::orders::admin_order(c, &order.id)).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(order))
}
