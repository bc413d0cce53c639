//! The built-in Paystack sandbox, active when no Paystack keys are configured: Paystack-compatible
//! `initialize` and `verify` endpoints (checked with the shop's sandbox secret), the TEST MODE
//! pop-up's two calls, and a signed `charge.success` webhook after a successful test payment. The
//! shop's own payment code talks to it over HTTP exactly as it talks to Paystack.

use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::AppState;
use crate::error::{AppError, AppResult};

const WEBHOOK_DELAY: std::time::Duration = std::time::Duration::from_secs(2);

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/sandbox/transaction/initialize", web::post().to(initialize))
        .route("/sandbox/transaction/verify/{reference}", web::get().to(verify))
        .route("/sandbox/checkout/{access_code}", web::get().to(show_checkout))
        .route("/sandbox/checkout/{access_code}", web::post().to(pay));
}

/// Paystack's envelope for a refusal.
fn refuse(status: actix_web::http::StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "status": false, "message": message }))
}

fn sandbox_off() -> AppError {
    AppError::NotFound("There is no such API endpoint.".into())
}

/// The caller must hold the shop's secret key, as at Paystack.
fn authorised(state: &AppState, req: &HttpRequest) -> bool {
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    header.strip_prefix("Bearer ").is_some_and(|key| state.paystack.is_secret_key(key))
}

async fn initialize(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    use actix_web::http::StatusCode;
    if !state.paystack.sandbox {
        return Err(sandbox_off());
    }
    if !authorised(&state, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let Ok(body) = serde_json::from_slice::<Value>(&body) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid JSON"));
    };
    let email = body["email"].as_str().unwrap_or("").to_string();
    if !crate::email::looks_like_email(&email) {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid Email Address Passed"));
    }
    let Some(amount) = body["amount"].as_i64().filter(|a| *a > 0) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid Amount Sent"));
    };
    if amount < super::MINIMUM_KOBO {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Amount must be at least 50 NGN"));
    }
    let currency = body["currency"].as_str().unwrap_or("NGN").to_string();
    if currency != "NGN" {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Currency not supported by merchant"));
    }
    let reference = match body["reference"].as_str() {
        Some(r) if super::completion::plausible_reference(r) => r.to_string(),
        Some(_) => return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid transaction reference")),
        None => format!("T{}", crate::util::random_id(15)),
    };
    let access_code = crate::util::random_id(20);
    let metadata = body.get("metadata").cloned().unwrap_or(Value::Null).to_string();
    let (r, code, e, m) = (reference.clone(), access_code.clone(), email, metadata);
    let inserted = state
        .db
        .write(move |tx| {
            match tx.execute(
                "INSERT INTO sandbox_transactions (reference, access_code, amount_kobo, currency, email, metadata, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![r, code, amount, currency, e, m, crate::db::now_ms()],
            ) {
                Ok(_) => Ok(true),
                Err(err) if crate::db::is_unique_violation(&err) => Ok(false),
                Err(err) => Err(err.into()),
            }
        })
        .await?;
    if !inserted {
        return Ok(HttpResponse::BadRequest().json(json!({
            "status": false, "message": "Duplicate Transaction Reference", "code": "duplicate_reference",
        })));
    }
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Authorization URL created",
        "data": {
            "authorization_url": format!("{}/api/sandbox/checkout/{access_code}", state.config.public_url()),
            "access_code": access_code,
            "reference": reference,
        },
    })))
}

/// One sandbox transaction in the shape of Paystack's verify `data`.
fn transaction_json(conn: &rusqlite::Connection, column: &str, key: &str) -> AppResult<Option<Value>> {
    let sql = format!(
        "SELECT rowid, reference, amount_kobo, currency, email, metadata, status, gateway_response, paid_at, created_at, access_code
         FROM sandbox_transactions WHERE {column} = ?1"
    );
    Ok(conn
        .query_row(&sql, [key], |r| {
            let metadata: String = r.get(5)?;
            Ok(json!({
                "id": r.get::<_, i64>(0)?,
                "domain": "test",
                "reference": r.get::<_, String>(1)?,
                "amount": r.get::<_, i64>(2)?,
                "requested_amount": r.get::<_, i64>(2)?,
                "currency": r.get::<_, String>(3)?,
                "customer": { "email": r.get::<_, String>(4)? },
                "metadata": serde_json::from_str::<Value>(&metadata).unwrap_or(Value::Null),
                "status": r.get::<_, String>(6)?,
                "gateway_response": r.get::<_, String>(7)?,
                "paid_at": r.get::<_, Option<i64>>(8)?.map(crate::util::iso8601),
                "created_at": crate::util::iso8601(r.get(9)?),
                "channel": "card",
                "access_code": r.get::<_, String>(10)?,
            }))
        })
        .optional()?)
}

async fn verify(state: web::Data<AppState>, req: HttpRequest, reference: web::Path<String>) -> AppResult<HttpResponse> {
    use actix_web::http::StatusCode;
    if !state.paystack.sandbox {
        return Err(sandbox_off());
    }
    if !authorised(&state, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let reference = reference.into_inner();
    match state.db.read(move |c| transaction_json(c, "reference", &reference)).await? {
        Some(data) => Ok(HttpResponse::Ok().json(json!({ "status": true, "message": "Verification successful", "data": data }))),
        None => Ok(refuse(StatusCode::NOT_FOUND, "Transaction reference not found")),
    }
}

/// What the TEST MODE pop-up shows: the amount and e-mail of the transaction being paid.
async fn show_checkout(state: web::Data<AppState>, access_code: web::Path<String>) -> AppResult<HttpResponse> {
    if !state.paystack.sandbox {
        return Err(sandbox_off());
    }
    let code = access_code.into_inner();
    let data = state.db.read(move |c| transaction_json(c, "access_code", &code)).await?;
    let data = data.ok_or_else(|| AppError::NotFound("This test payment does not exist.".into()))?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({
        "reference": data["reference"],
        "amount": data["amount"],
        "currency": data["currency"],
        "email": data["customer"]["email"],
        "status": data["status"],
    })))
}

#[derive(Deserialize)]
struct PayBody {
    #[serde(default)]
    outcome: String,
}

/// The shopper picked a test card. Like Paystack, a declined card leaves the transaction open for
/// another try; a success is final and is announced to the shop by a signed webhook.
async fn pay(state: web::Data<AppState>, access_code: web::Path<String>, body: web::Json<PayBody>) -> AppResult<HttpResponse> {
    if !state.paystack.sandbox {
        return Err(sandbox_off());
    }
    let (status, gateway) = match body.outcome.as_str() {
        "success" => ("success", "Approved"),
        "declined" => ("failed", "Declined"),
        "insufficient_funds" => ("failed", "Insufficient Funds"),
        _ => return Err(AppError::Validation("Choose success, declined or insufficient_funds.".into())),
    };
    let code = access_code.into_inner();
    let (reference, newly_paid) = state
        .db
        .write(move |tx| {
            let current: Option<(String, String)> = tx
                .query_row("SELECT reference, status FROM sandbox_transactions WHERE access_code = ?1", [&code], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            let Some((reference, current)) = current else {
                return Err(AppError::NotFound("This test payment does not exist.".into()));
            };
            if current == "success" {
                return Ok((reference, false));
            }
            let paid_at = (status == "success").then(crate::db::now_ms);
            tx.execute(
                "UPDATE sandbox_transactions SET status = ?1, gateway_response = ?2, paid_at = ?3 WHERE access_code = ?4",
                params![status, gateway, paid_at, code],
            )?;
            Ok((reference, status == "success"))
        })
        .await?;
    if newly_paid {
        let state = state.into_inner();
        let r = reference.clone();
        actix_web::rt::spawn(async move {
            // Paystack's webhooks follow a payment by a moment, so the browser's verify usually
            // completes the order first; the webhook then finds it done.
            actix_web::rt::time::sleep(WEBHOOK_DELAY).await;
            send_charge_success(&state, &r).await
        });
    }
    let (status, message) = if newly_paid || status == "success" { ("success", "Approved") } else { (status, gateway) };
    Ok(HttpResponse::Ok().json(json!({ "status": status, "reference": reference, "message": message })))
}

/// Plays Paystack's part after a payment: POST a signed `charge.success` to the shop's webhook.
async fn send_charge_success(state: &Arc<AppState>, reference: &str) {
    let r = reference.to_string();
    let Ok(Some(data)) = state.db.read(move |c| transaction_json(c, "reference", &r)).await else { return };
    let body = json!({ "event": "charge.success", "data": data }).to_string().into_bytes();
    let Some(base) = state.paystack.base_url().map(|b| b.trim_end_matches("/sandbox").to_string()) else { return };
    if let Err(e) = state.paystack.send_webhook(&format!("{base}/payments/webhook"), body).await {
        log::warn!("sandbox webhook for {reference} not delivered: {}", e.0);
    }
}
