//! Couriers over HTTP: the order screen's booking, cancelling and label, the bulk booking of a
//! selection, and the aggregator's webhook. The access table says who may call each; the fee
//! is left out for those who do not see money.

use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};
use sha2::Digest;

use super::*;
use crate::auth::AdminUser;
use crate::error::answers::*;
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(order_shipment).service(book_one).service(cancel_one).service(print_label).service(book_many).service(courier_webhook);
}

fn no_store(body: impl Serialize) -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(body)
}

/// Whether the member of staff of a request may see money (the courier's fee).
fn sees_money(admin: &AdminUser) -> bool {
    admin.0.role.is_some_and(|role| crate::access::sight(role).money)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderShipment {
    /// The booking (the one not cancelled, else the last cancelled one).
    shipment: Option<Shipment>,
    /// The built-in sandbox courier carries it: the order screen offers its test buttons.
    sandbox: bool,
}

fn shown(mut shipment: Shipment, money: bool) -> Shipment {
    if !money {
        shipment.fee = None;
    }
    shipment
}

/// The order's courier booking, if any.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = OrderShipment), Unauthorized, Forbidden, NotFound))]
#[get("/admin/orders/{id}/shipment")]
async fn order_shipment(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let shipment = state
        .db
        .read(move |c| {
            orders::by_id(c, &id)?.ok_or_else(orders::order_not_found)?;
            Ok(shipment_of(c, &id)?)
        })
        .await?;
    let money = sees_money(&admin);
    Ok(no_store(OrderShipment { shipment: shipment.map(|s| shown(s, money)), sandbox: state.couriers.client.sandbox }))
}

/// Books `id` with the cheapest courier: checked, booked at the courier, recorded; a booking
/// that cannot be recorded (the order changed meanwhile) is cancelled at the courier again.
async fn book(state: &AppState, id: OrderId, actor: UserId) -> AppResult<Shipment> {
    let couriers = &state.couriers;
    let Some(_guard) = couriers.start_booking(&id) else {
        return Err(AppError::Conflict("This order is being booked already: wait a moment.".into()));
    };
    let i = id.clone();
    let (order, sender) = state.db.read(move |c| Ok((bookable(c, &i)?, sender(c)?))).await?;
    let (label, fee) = couriers.book(&order, &sender).await?;
    let (now, sandbox) = (state.clock.now_ms(), couriers.client.sandbox);
    let (booked, i) = (label.clone(), id.clone());
    let recorded = state.db.write(move |tx| record_booking(tx, &i, &booked, fee, sandbox, &actor, now)).await;
    if recorded.is_err()
        && let Err(client::Refused(why)) = couriers.client.cancel(&label.shipment_id).await
    {
        tracing::error!(shipment = %label.shipment_id, "a booking the shop could not record is still open at the courier: {why}");
    }
    recorded
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ShipmentAnswer {
    shipment: Shipment,
}

/// Books the order with the cheapest courier for its address (one click).
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = ShipmentAnswer), Unauthorized, Forbidden, NotFound, Conflict, BadGateway))]
#[post("/admin/orders/{id}/shipment")]
async fn book_one(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let shipment = book(&state, id.into_inner(), admin.0.id.clone()).await?;
    Ok(no_store(ShipmentAnswer { shipment: shown(shipment, sees_money(&admin)) }))
}

/// Cancels the order's booking, before the courier picked the parcel up.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = ShipmentAnswer), Unauthorized, Forbidden, NotFound, Conflict, BadGateway))]
#[post("/admin/orders/{id}/shipment/cancel")]
async fn cancel_one(state: web::Data<AppState>, admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let i = id.clone();
    let shipment = state.db.read(move |c| cancellable(c, &i)).await?;
    state
        .couriers
        .client
        .cancel(&shipment.id)
        .await
        .map_err(|client::Refused(why)| AppError::Upstream(format!("The courier could not cancel this booking: {why}.")))?;
    let (actor, now) = (admin.0.id.clone(), state.clock.now_ms());
    let i = id.clone();
    let shipment = state
        .db
        .write(move |tx| {
            record_cancel(tx, &i, &shipment.id, &actor, now)?;
            Ok(shipment_of(tx, &i)?.expect("it was booked"))
        })
        .await?;
    Ok(no_store(ShipmentAnswer { shipment: shown(shipment, sees_money(&admin)) }))
}

/// What the shop's label for a booked order prints.
#[utoipa::path(params(OrderId), tag = "admin", responses((status = OK, body = Label), Unauthorized, Forbidden, NotFound, Conflict))]
#[get("/admin/orders/{id}/label")]
async fn print_label(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<OrderId>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let label = state.db.read(move |c| label(c, &id)).await?;
    Ok(no_store(label))
}

/// The most orders one bulk booking takes (each is a few calls to the courier).
const MOST_AT_ONCE: usize = 50;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Selection {
    #[schema(value_type = Vec<String>, max_items = 50)]
    order_ids: Vec<OrderId>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    #[schema(value_type = String)]
    order_id: OrderId,
    /// The booking, when it was made.
    shipment: Option<Shipment>,
    /// Why not, when it was not.
    error: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BulkBooking {
    /// One per order sent, in the order sent.
    results: Vec<Booked>,
}

/// Books each order of a selection (the pick list's), one after another; each is decided on
/// its own, and the answer says which were booked and why the others were not.
#[utoipa::path(tag = "admin", responses((status = OK, body = BulkBooking), BadRequest, Unauthorized, Forbidden))]
#[post("/admin/shipments")]
async fn book_many(state: web::Data<AppState>, admin: AdminUser, body: web::Json<Selection>) -> AppResult<HttpResponse> {
    let mut ids = body.into_inner().order_ids;
    if ids.is_empty() || ids.len() > MOST_AT_ONCE {
        return Err(AppError::Validation(format!("Choose from 1 to {MOST_AT_ONCE} orders to book.")));
    }
    let mut seen = HashSet::new();
    ids.retain(|id| seen.insert(id.clone()));
    let money = sees_money(&admin);
    let mut results = Vec::with_capacity(ids.len());
    for order_id in ids {
        let outcome = book(&state, order_id.clone(), admin.0.id.clone()).await;
        results.push(match outcome {
            Ok(shipment) => Booked { order_id, shipment: Some(shown(shipment, money)), error: None },
            Err(e) => Booked { order_id, shipment: None, error: Some(e.message().to_string()) },
        });
    }
    Ok(no_store(BulkBooking { results }))
}

/// What the shop reads of Shipbubble's webhook event.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct CourierEvent {
    /// shipment.status.changed, shipment.label.created or shipment.cancelled (the status says it all).
    #[serde(default)]
    #[allow(dead_code)]
    event: String,
    /// Shipbubble's shipment id (its "order").
    order_id: String,
    /// pending, confirmed, picked_up, in_transit, out_for_delivery, completed, failed or cancelled.
    status: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WebhookTaken {
    /// moved, replay or stale.
    outcome: &'static str,
}

/// The courier aggregator's webhook (Shipbubble's shape): the `x-ship-signature` is checked over
/// the exact bytes; a replay is acknowledged and changes nothing; a step the shipment is past is
/// recorded as seen; an unknown shipment is refused.
#[utoipa::path(
    tag = "checkout",
    params(("x-ship-signature" = String, Header, description = "Hex HMAC-SHA512 of the raw body with the API key")),
    request_body(content = CourierEvent, description = "Shipbubble's event (its other fields are read by nothing here)"),
    responses((status = OK, body = WebhookTaken), BadRequest, Unauthorized, NotFound)
)]
#[post("/couriers/webhook")]
async fn courier_webhook(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let signature = req.headers().get("x-ship-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.couriers.client.signature_is_valid(&body, signature) {
        tracing::warn!("courier webhook refused: bad or missing signature");
        return AppError::Unauthenticated("Invalid signature.".into()).error_response();
    }
    let Ok(event) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return AppError::Validation("The body is not JSON.".into()).error_response();
    };
    let Ok(CourierEvent { order_id: shipment, status: word, .. }) = serde_json::from_value::<CourierEvent>(event) else {
        return AppError::Validation("The event names no shipment (order_id) or no status.".into()).error_response();
    };
    let digest = hex::encode(sha2::Sha256::digest(&body));
    let (mailer, now) = (state.mailer.clone(), state.clock.now_ms());
    let taken = state.db.write(move |tx| take_webhook(tx, &mailer, &digest, &shipment, &word, now)).await;
    match taken {
        Ok(Taken::Moved(_)) => HttpResponse::Ok().json(WebhookTaken { outcome: "moved" }),
        Ok(Taken::Replay) => HttpResponse::Ok().json(WebhookTaken { outcome: "replay" }),
        Ok(Taken::Stale) => HttpResponse::Ok().json(WebhookTaken { outcome: "stale" }),
        Err(e) => e.error_response(),
    }
}
