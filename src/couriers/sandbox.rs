//! The built-in sandbox courier, active when no Shipbubble key is configured: Shipbubble's calls
//! (validate an address, categories, rates, book, cancel) checked with the shop's sandbox key,
//! with two test couriers whose prices go by the destination state and the weight; and the
//! courier's side of a parcel (picked up, in transit, out for delivery, delivered or failed),
//! which the order screen's sandbox buttons drive and which reaches the shop as Shipbubble's
//! signed webhooks. Its books are tables of its own, which no shop code reads.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::db::Db;
use crate::error::answers::{BadGateway, BadRequest, Conflict, NotFound};
use crate::error::{AppError, AppResult};
use crate::money::Kobo;

/// What the sandbox's handlers reach: its books (tables in the shop's database that no shop code
/// reads) and the shop's courier client, whose key callers must hold and which signs the webhooks.
pub struct Sandbox {
    db: Db,
    couriers: std::sync::Arc<super::Couriers>,
}

impl Sandbox {
    pub fn new(db: Db, couriers: std::sync::Arc<super::Couriers>) -> Sandbox {
        Sandbox { db, couriers }
    }
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(validate_address).service(categories).service(fetch_rates).service(create_label).service(cancel_label).service(move_parcel);
}

/// Shipbubble's envelope for a refusal.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourierRefusal {
    /// Always "failed".
    status: &'static str,
    message: String,
}

fn refuse(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(CourierRefusal { status: "failed", message: message.into() })
}

fn answer(message: &str, data: Value) -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "success", "message": message, "data": data}))
}

/// The caller must be the sandbox is on and hold the shop's courier key, as at Shipbubble.
fn check(state: &Sandbox, req: &HttpRequest) -> Option<HttpResponse> {
    if !state.couriers.client.sandbox {
        return Some(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !header.strip_prefix("Bearer ").is_some_and(|key| state.couriers.client.is_key(key)) {
        return Some(refuse(StatusCode::UNAUTHORIZED, "Invalid API key"));
    }
    None
}

fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, String> {
    serde_json::from_slice(body).map_err(|e| format!("Invalid request: {e}"))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CourierContact)]
pub struct Contact {
    name: String,
    email: String,
    phone: String,
    address: String,
}

/// Shipbubble's `shipping/address/validate`: any address of a few words, with a phone, gets a code.
#[utoipa::path(tag = "sandbox", request_body = Contact, responses((status = OK, body = Object), (status = BAD_REQUEST, body = CourierRefusal), (status = UNAUTHORIZED, body = CourierRefusal), (status = NOT_FOUND, body = CourierRefusal, description = "The sandbox is off: a Shipbubble key is configured")))]
#[post("/sandbox/courier/v1/shipping/address/validate")]
async fn validate_address(state: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if let Some(refused) = check(&state, &req) {
        return Ok(refused);
    }
    let contact: Contact = match parse(&body) {
        Ok(c) => c,
        Err(why) => return Ok(refuse(StatusCode::BAD_REQUEST, &why)),
    };
    if contact.address.split(',').filter(|p| !p.trim().is_empty()).count() < 2 || contact.phone.trim().is_empty() {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Address could not be validated: give the street, city and state, and a phone number"));
    }
    let code = state
        .db
        .write(move |tx| {
            tx.execute(
                "INSERT INTO sandbox_courier_addresses (name, phone, email, address) VALUES (?1, ?2, ?3, ?4)",
                params![contact.name, contact.phone, contact.email, contact.address],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await?;
    Ok(answer("Address validated successfully", json!({"address_code": code})))
}

/// Shipbubble's package categories.
#[utoipa::path(tag = "sandbox", responses((status = OK, body = Object), (status = UNAUTHORIZED, body = CourierRefusal), (status = NOT_FOUND, body = CourierRefusal)))]
#[get("/sandbox/courier/v1/shipping/labels/categories")]
async fn categories(state: web::Data<Sandbox>, req: HttpRequest) -> AppResult<HttpResponse> {
    if let Some(refused) = check(&state, &req) {
        return Ok(refused);
    }
    Ok(answer(
        "Retrieved successfully",
        json!([
            {"category_id": 98190590, "category": "Hot food"},
            {"category_id": 74794423, "category": "Fashion wears"},
            {"category_id": 2178251, "category": "Electronics and gadgets"},
        ]),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CourierPackageItem)]
pub struct Item {
    #[serde(default)]
    unit_weight: Value,
    #[serde(default)]
    quantity: Value,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CourierRateRequest)]
pub struct RateRequest {
    sender_address_code: i64,
    reciever_address_code: i64,
    #[serde(default)]
    package_items: Vec<Item>,
}

/// A decimal number from a JSON number or string ("0.5", 2).
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The sandbox's price list: by the destination's state, plus ₦500 a kilogram past the first.
fn price(address: &str, grams: i64) -> (Kobo, Kobo) {
    let state = crate::delivery::STATES.iter().rev().find(|s| address.to_lowercase().contains(&s.to_lowercase())).copied().unwrap_or("");
    let base = match state {
        "Lagos" => 2_500,
        "Ogun" | "Oyo" | "Osun" | "Ondo" | "Ekiti" => 3_500,
        _ => 4_500,
    };
    let extra_kg = ((grams - 1_000).max(0) + 999) / 1_000;
    let gig = Kobo::new((base + 500 * extra_kg) * 100);
    // Kwik is the city courier: cheaper in Lagos, dearer across the country.
    let kwik = if state == "Lagos" { Kobo::new(gig.get() - 50_000) } else { Kobo::new(gig.get() + 80_000) };
    (gig, kwik)
}

/// Shipbubble's `shipping/fetch_rates`: two test couriers' offers, and the token that books one.
#[utoipa::path(tag = "sandbox", request_body = RateRequest, responses((status = OK, body = Object), (status = BAD_REQUEST, body = CourierRefusal), (status = UNAUTHORIZED, body = CourierRefusal), (status = NOT_FOUND, body = CourierRefusal, description = "The sandbox is off: a Shipbubble key is configured")))]
#[post("/sandbox/courier/v1/shipping/fetch_rates")]
async fn fetch_rates(state: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if let Some(refused) = check(&state, &req) {
        return Ok(refused);
    }
    if !state.couriers.sandbox_delay.is_zero() {
        actix_web::rt::time::sleep(state.couriers.sandbox_delay).await;
    }
    let request: RateRequest = match parse(&body) {
        Ok(r) => r,
        Err(why) => return Ok(refuse(StatusCode::BAD_REQUEST, &why)),
    };
    let grams: f64 = request.package_items.iter().map(|i| number(&i.unit_weight).unwrap_or(0.0) * number(&i.quantity).unwrap_or(0.0)).sum();
    if request.package_items.is_empty() || !(grams > 0.0 && grams < 10_000.0) {
        return Ok(refuse(StatusCode::BAD_REQUEST, "package_items must weigh between 0 and 10,000 kg"));
    }
    let grams = (grams * 1000.0).round() as i64;
    let now = state.couriers.clock.now_ms();
    let token = crate::util::random_id(32);
    let (sender, receiver) = (request.sender_address_code, request.reciever_address_code);
    let t = token.clone();
    let to = state
        .db
        .write(move |tx| {
            let address = |code: i64| -> rusqlite::Result<Option<String>> {
                tx.query_row("SELECT address FROM sandbox_courier_addresses WHERE code = ?1", [code], |r| r.get(0)).optional()
            };
            let (Some(_), Some(to)) = (address(sender)?, address(receiver)?) else { return Ok(None) };
            tx.execute(
                "INSERT INTO sandbox_courier_requests (token, sender_code, receiver_code, weight_grams, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![t, sender, receiver, grams, now],
            )?;
            Ok(Some(to))
        })
        .await?;
    let Some(to) = to else { return Ok(refuse(StatusCode::BAD_REQUEST, "Unknown address code")) };
    let (gig, kwik) = price(&to, grams);
    let naira = |k: Kobo| k.get() / 100;
    Ok(answer(
        "Retrieved successfully",
        json!({
            "request_token": token,
            "couriers": [
                {"courier_id": "gig_sandbox", "courier_name": "GIG Logistics (sandbox)", "service_code": "gig_standard",
                 "rate_card_amount": naira(gig), "total": naira(gig), "currency": "NGN", "delivery_eta": "2 to 4 working days"},
                {"courier_id": "kwik_sandbox", "courier_name": "Kwik (sandbox)", "service_code": "kwik_express",
                 "rate_card_amount": naira(kwik), "total": naira(kwik), "currency": "NGN", "delivery_eta": "1 to 3 working days"},
            ],
        }),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CourierLabelRequest)]
pub struct LabelRequest {
    request_token: String,
    service_code: String,
    courier_id: String,
}

/// Shipbubble's `shipping/labels`: books a rate once per request token.
#[utoipa::path(tag = "sandbox", request_body = LabelRequest, responses((status = OK, body = Object), (status = BAD_REQUEST, body = CourierRefusal), (status = UNAUTHORIZED, body = CourierRefusal), (status = NOT_FOUND, body = CourierRefusal, description = "The sandbox is off: a Shipbubble key is configured")))]
#[post("/sandbox/courier/v1/shipping/labels")]
async fn create_label(state: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if let Some(refused) = check(&state, &req) {
        return Ok(refused);
    }
    let request: LabelRequest = match parse(&body) {
        Ok(r) => r,
        Err(why) => return Ok(refuse(StatusCode::BAD_REQUEST, &why)),
    };
    let (name, code) = match (request.courier_id.as_str(), request.service_code.as_str()) {
        ("gig_sandbox", "gig_standard") => ("GIG Logistics (sandbox)", 0),
        ("kwik_sandbox", "kwik_express") => ("Kwik (sandbox)", 1),
        _ => return Ok(refuse(StatusCode::BAD_REQUEST, "Unknown courier or service code")),
    };
    let now = state.couriers.clock.now_ms();
    let id = format!("SB-{}", crate::util::random_from(b"0123456789ABCDEF", 12));
    let tracking = format!("SBX{}", crate::util::random_from(b"0123456789", 9));
    let (i, t, token, courier) = (id.clone(), tracking.clone(), request.request_token.clone(), request.courier_id.clone());
    let booked = state
        .db
        .write(move |tx| {
            let found: Option<(i64, String)> = tx
                .query_row(
                    "SELECT r.weight_grams, a.address FROM sandbox_courier_requests r JOIN sandbox_courier_addresses a ON a.code = r.receiver_code WHERE r.token = ?1",
                    [&token],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let Some((grams, to)) = found else { return Ok(Err("Invalid or expired request token")) };
            let used: bool = tx.query_row("SELECT EXISTS (SELECT 1 FROM sandbox_courier_shipments WHERE token = ?1)", [&token], |r| r.get(0))?;
            if used {
                return Ok(Err("This request token has been used already"));
            }
            let (gig, kwik) = price(&to, grams);
            let fee = if code == 0 { gig } else { kwik };
            tx.execute(
                "INSERT INTO sandbox_courier_shipments (id, token, courier_id, tracking_code, status, fee_kobo, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?6)",
                params![i, token, courier, t, fee, now],
            )?;
            Ok(Ok(fee))
        })
        .await?;
    let fee = match booked {
        Ok(fee) => fee,
        Err(why) => return Ok(refuse(StatusCode::BAD_REQUEST, why)),
    };
    Ok(answer(
        &format!("Order successfully routed to {name}"),
        json!({
            "order_id": id,
            "status": "pending",
            "courier": {"name": name, "tracking_code": tracking},
            "payment": {"shipping_fee": fee.get() / 100, "currency": "NGN"},
            "tracking_url": null,
            "waybill_document": null,
        }),
    ))
}

/// Shipbubble's `shipping/labels/cancel/{id}`: only before pickup.
#[utoipa::path(tag = "sandbox", params(("id" = String, Path)), responses((status = OK, body = Object), (status = BAD_REQUEST, body = CourierRefusal), (status = UNAUTHORIZED, body = CourierRefusal), (status = NOT_FOUND, body = CourierRefusal, description = "The sandbox is off: a Shipbubble key is configured")))]
#[post("/sandbox/courier/v1/shipping/labels/cancel/{id}")]
async fn cancel_label(state: web::Data<Sandbox>, req: HttpRequest, id: web::Path<String>) -> AppResult<HttpResponse> {
    if let Some(refused) = check(&state, &req) {
        return Ok(refused);
    }
    let id = id.into_inner();
    let now = state.couriers.clock.now_ms();
    let done = state
        .db
        .write(move |tx| {
            let status: Option<String> =
                tx.query_row("SELECT status FROM sandbox_courier_shipments WHERE id = ?1", [&id], |r| r.get(0)).optional()?;
            match status.as_deref() {
                None => Ok(Err("Shipment not found")),
                Some("pending") => {
                    tx.execute(
                        "UPDATE sandbox_courier_shipments SET status = 'cancelled', updated_at = ?2 WHERE id = ?1",
                        params![id, now],
                    )?;
                    Ok(Ok(()))
                }
                Some(_) => Ok(Err("This shipment can no longer be cancelled")),
            }
        })
        .await?;
    Ok(match done {
        Ok(()) => answer("Shipment cancelled", json!({})),
        Err(why) => refuse(StatusCode::BAD_REQUEST, why),
    })
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CourierMove)]
pub struct Move {
    /// picked_up, in_transit, out_for_delivery, completed (delivered), failed or cancelled.
    status: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Moved {
    /// The parcel's status at the courier now.
    status: String,
    /// What the shop answered the webhook (200 when it took it).
    shop_answered: u16,
}

/// The courier's side of a parcel: it moves, and the shop is told by a signed webhook.
#[utoipa::path(tag = "sandbox", params(("id" = String, Path)), responses((status = OK, body = Moved), BadRequest, NotFound, Conflict, BadGateway))]
#[post("/sandbox/courier/parcels/{id}/move")]
async fn move_parcel(state: web::Data<Sandbox>, id: web::Path<String>, body: web::Json<Move>) -> AppResult<HttpResponse> {
    if !state.couriers.client.sandbox {
        return Err(AppError::NotFound("There is no such API endpoint.".into()));
    }
    let word = body.into_inner().status;
    if !["picked_up", "in_transit", "out_for_delivery", "completed", "failed", "cancelled"].contains(&word.as_str()) {
        return Err(AppError::Validation(
            "A parcel moves to picked_up, in_transit, out_for_delivery, completed, failed or cancelled.".into(),
        ));
    }
    let id = id.into_inner();
    let now = state.couriers.clock.now_ms();
    let (i, w) = (id.clone(), word.clone());
    let parcel = state
        .db
        .write(move |tx| {
            let found: Option<(String, String, String)> = tx
                .query_row("SELECT courier_id, tracking_code, status FROM sandbox_courier_shipments WHERE id = ?1", [&i], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .optional()?;
            let Some((courier, tracking, status)) = found else { return Ok(None) };
            if status == "completed" || status == "cancelled" {
                return Ok(Some(Err(format!("This parcel is {status}: it moves no more."))));
            }
            tx.execute("UPDATE sandbox_courier_shipments SET status = ?2, updated_at = ?3 WHERE id = ?1", params![i, w, now])?;
            Ok(Some(Ok((courier, tracking))))
        })
        .await?;
    let (courier, tracking) =
        parcel.ok_or_else(|| AppError::NotFound("This test parcel does not exist.".into()))?.map_err(AppError::Conflict)?;
    let name = if courier == "kwik_sandbox" { "Kwik (sandbox)" } else { "GIG Logistics (sandbox)" };
    let event = if word == "cancelled" { "shipment.cancelled" } else { "shipment.status.changed" };
    let date = time::OffsetDateTime::from_unix_timestamp_nanos(now as i128 * 1_000_000)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default();
    let payload = json!({
        "event": event,
        "order_id": id,
        "status": word,
        "courier": {"name": name, "tracking_code": tracking},
        "tracking_url": null,
        "date": date,
    });
    let body = serde_json::to_vec(&payload).map_err(AppError::internal)?;
    let shop_answered =
        state.couriers.send_webhook(&body).await.map_err(|why| AppError::Upstream(format!("The shop did not take the webhook: {why}")))?;
    Ok(HttpResponse::Ok().json(Moved { status: word, shop_answered }))
}
