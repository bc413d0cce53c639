//! The built-in Paystack sandbox, active when no Paystack keys are configured: Paystack-compatible
//! `initialize` and `verify` endpoints (checked with the shop's sandbox secret), the TEST MODE
//! pop-up's two calls, and a signed `charge.success` webhook after a successful test payment. The
//! shop's own payment code talks to it over HTTP exactly as it talks to Paystack.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::InitializeRequest;
pub use super::sandbox_base::Sandbox;
use super::sandbox_base::{Envelope, PaystackRefusal, WEBHOOK_DELAY, answer, authorised, refuse, sandbox_off};
use crate::error::answers::{BadRequest, Conflict, NotFound};
use crate::error::{AppError, AppResult};
use crate::money::Kobo;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(initialize)
        .service(verify)
        .service(cancel_transaction)
        .service(fetch_session_timeout)
        .service(update_session_timeout)
        .service(show_checkout)
        .service(pay);
    super::sandbox_refunds::configure(cfg);
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct InitializedData {
    authorization_url: String,
    access_code: String,
    reference: String,
}

/// Paystack's `transaction/initialize`, checked with the sandbox secret key.
#[utoipa::path(
    tag = "sandbox",
    request_body = InitializeRequest,
    responses(
        (status = OK, body = Envelope<InitializedData>),
        (status = BAD_REQUEST, body = PaystackRefusal),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "The sandbox is off: Paystack keys are configured")
    )
)]
#[post("/sandbox/transaction/initialize")]
async fn initialize(sandbox: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let Ok(body) = serde_json::from_slice::<InitializeRequest>(&body) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid JSON"));
    };
    if !crate::email::looks_like_email(&body.email) {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid Email Address Passed"));
    }
    let Some(amount) = body.amount.filter(|a| *a > 0).map(Kobo::new) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid Amount Sent"));
    };
    let currency = body.currency.unwrap_or_else(|| "NGN".into());
    // Paystack charges a Nigerian business in naira, and in dollars (or pounds) once it is enabled
    // for them: the sandbox's merchant is.
    if !["NGN", "USD", "GBP"].contains(&currency.as_str()) {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Currency not supported by merchant"));
    }
    if currency == "NGN" && amount < super::MINIMUM_KOBO {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Amount must be at least 50 NGN"));
    }
    let reference = match body.reference {
        Some(r) if super::plausible_reference(&r) => r,
        Some(_) => return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid transaction reference")),
        None => format!("T{}", crate::util::random_id(15)),
    };
    let access_code = crate::util::random_id(20);
    let metadata = body.metadata.unwrap_or(Value::Null).to_string();
    // What the pop-up offers: the channels asked for that the sandbox knows, or all of them.
    let known = ["card", "bank", "ussd", "bank_transfer", "qr"];
    let mut channels: Vec<String> = body.channels.unwrap_or_default().into_iter().filter(|c| known.contains(&c.as_str())).collect();
    if channels.is_empty() {
        channels = known.iter().map(|c| c.to_string()).collect();
    }
    let channels = serde_json::to_string(&channels).unwrap_or_default();
    let (r, code, e, m) = (reference.clone(), access_code.clone(), body.email, metadata);
    let inserted = sandbox
        .db
        .write(move |tx| {
            match tx.execute(
                "INSERT INTO sandbox_transactions (reference, access_code, amount_kobo, currency, email, metadata, created_at, channels)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![r, code, amount, currency, e, m, crate::db::now_ms(), channels],
            ) {
                Ok(_) => Ok(true),
                Err(err) if crate::db::is_unique_violation(&err) => Ok(false),
                Err(err) => Err(err.into()),
            }
        })
        .await?;
    if !inserted {
        return Ok(HttpResponse::BadRequest().json(PaystackRefusal {
            status: false,
            message: "Duplicate Transaction Reference".into(),
            code: Some("duplicate_reference"),
        }));
    }
    Ok(answer(
        "Authorization URL created",
        InitializedData { authorization_url: format!("{}/api/sandbox/checkout/{access_code}", sandbox.public_url), access_code, reference },
    ))
}

/// One sandbox transaction in the shape of Paystack's verify `data`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SandboxTransaction {
    id: i64,
    /// Always "test".
    domain: &'static str,
    reference: String,
    #[schema(value_type = i64)]
    amount: Kobo,
    #[schema(value_type = i64)]
    requested_amount: Kobo,
    currency: String,
    customer: SandboxCustomer,
    #[schema(value_type = Object)]
    metadata: Value,
    /// "abandoned", "failed" or "success".
    status: String,
    gateway_response: String,
    /// ISO 8601.
    paid_at: Option<String>,
    /// ISO 8601.
    created_at: String,
    /// How it was paid or is being paid ("card", "bank_transfer", "ussd"); none before.
    channel: Option<String>,
    access_code: String,
    /// What its pop-up offers.
    #[serde(skip)]
    channels: Vec<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SandboxCustomer {
    email: String,
}

fn load_transaction(conn: &rusqlite::Connection, column: &str, key: &str) -> AppResult<Option<SandboxTransaction>> {
    let sql = format!(
        "SELECT rowid, reference, amount_kobo, currency, email, metadata, status, gateway_response, paid_at, created_at, access_code,
                channel, channels
         FROM sandbox_transactions WHERE {column} = ?1"
    );
    Ok(conn
        .query_row(&sql, [key], |r| {
            let metadata: String = r.get("metadata")?;
            let amount: Kobo = r.get("amount_kobo")?;
            Ok(SandboxTransaction {
                id: r.get("rowid")?,
                domain: "test",
                reference: r.get("reference")?,
                amount,
                requested_amount: amount,
                currency: r.get("currency")?,
                customer: SandboxCustomer { email: r.get("email")? },
                metadata: serde_json::from_str::<Value>(&metadata).unwrap_or(Value::Null),
                status: r.get("status")?,
                gateway_response: r.get("gateway_response")?,
                paid_at: r.get::<_, Option<i64>>("paid_at")?.map(crate::util::iso8601),
                created_at: crate::util::iso8601(r.get("created_at")?),
                channel: r.get("channel")?,
                access_code: r.get("access_code")?,
                channels: serde_json::from_str(&r.get::<_, String>("channels")?).unwrap_or_default(),
            })
        })
        .optional()?)
}

/// Paystack's `transaction/verify/{reference}`, checked with the sandbox secret key.
#[utoipa::path(
    tag = "sandbox",
    responses(
        (status = OK, body = Envelope<SandboxTransaction>),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "No such reference, or the sandbox is off")
    )
)]
#[get("/sandbox/transaction/verify/{reference}")]
async fn verify(sandbox: web::Data<Sandbox>, req: HttpRequest, reference: web::Path<String>) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let reference = reference.into_inner();
    match sandbox.db.read(move |c| load_transaction(c, "reference", &reference)).await? {
        Some(data) => Ok(answer("Verification successful", data)),
        None => Ok(refuse(StatusCode::NOT_FOUND, "Transaction reference not found")),
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CancelledData {
    reference: String,
    /// "success" when it was paid before it could be cancelled, "pending" when a transfer's money
    /// is on its way (it stays open), otherwise "abandoned".
    status: String,
}

/// The sandbox's one addition to Paystack's API: the shop makes an unpaid transaction unpayable
/// (its pop-up then refuses it). A paid one is left as it is and says so.
#[utoipa::path(
    tag = "sandbox",
    responses(
        (status = OK, body = Envelope<CancelledData>),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "No such reference, or the sandbox is off")
    )
)]
#[post("/sandbox/transaction/cancel/{reference}")]
async fn cancel_transaction(sandbox: web::Data<Sandbox>, req: HttpRequest, reference: web::Path<String>) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let reference = reference.into_inner();
    let r = reference.clone();
    let status: Option<String> = sandbox
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE sandbox_transactions SET status = 'abandoned', gateway_response = 'Cancelled by the merchant',
                        cancelled_at = COALESCE(cancelled_at, ?2)
                 WHERE reference = ?1 AND status NOT IN ('success', 'pending')",
                params![r, crate::db::now_ms()],
            )?;
            Ok(tx.query_row("SELECT status FROM sandbox_transactions WHERE reference = ?1", [&r], |row| row.get(0)).optional()?)
        })
        .await?;
    match status {
        Some(status) => Ok(answer("Transaction cancelled", CancelledData { reference, status })),
        None => Ok(refuse(StatusCode::NOT_FOUND, "Transaction reference not found")),
    }
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct SessionTimeout {
    /// Seconds; 0 for no limit.
    payment_session_timeout: u64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SessionTimeoutChange {
    /// Seconds a transaction can be paid after it starts; 0 for no limit.
    #[schema(minimum = 0, maximum = 86400)]
    timeout: u64,
}

/// Paystack's `GET /integration/payment_session_timeout`.
#[utoipa::path(
    tag = "sandbox",
    responses((status = OK, body = Envelope<SessionTimeout>), (status = UNAUTHORIZED, body = PaystackRefusal), (status = NOT_FOUND, body = PaystackRefusal))
)]
#[get("/sandbox/integration/payment_session_timeout")]
async fn fetch_session_timeout(sandbox: web::Data<Sandbox>, req: HttpRequest) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    // A key of Paystack's shape is some account's key (the owner checking keys she typed, before
    // they are saved): this read tells it nothing but the shop's timeout.
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    let accounts_key = header.strip_prefix("Bearer ").is_some_and(super::has_paystack_shape);
    if !authorised(&sandbox, &req) && !accounts_key {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let seconds = sandbox.session_timeout_secs.load(std::sync::atomic::Ordering::Relaxed);
    Ok(answer("Payment session timeout retrieved", SessionTimeout { payment_session_timeout: seconds }))
}

/// Paystack's `PUT /integration/payment_session_timeout`.
#[utoipa::path(
    tag = "sandbox",
    request_body = SessionTimeoutChange,
    responses(
        (status = OK, body = Envelope<SessionTimeout>),
        (status = BAD_REQUEST, body = PaystackRefusal),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal)
    )
)]
#[put("/sandbox/integration/payment_session_timeout")]
async fn update_session_timeout(sandbox: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let Ok(change) = serde_json::from_slice::<SessionTimeoutChange>(&body) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid timeout"));
    };
    if change.timeout > 86_400 {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid timeout"));
    }
    sandbox.session_timeout_secs.store(change.timeout, std::sync::atomic::Ordering::Relaxed);
    Ok(answer("Payment session timeout updated", SessionTimeout { payment_session_timeout: change.timeout }))
}

/// What the TEST MODE pop-up shows of the transaction being paid.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TestPayment {
    reference: String,
    #[schema(value_type = i64)]
    amount: Kobo,
    currency: String,
    email: String,
    status: String,
    /// What the pop-up offers: card, bank, ussd, bank_transfer, qr.
    channels: Vec<String>,
}

/// What the TEST MODE pop-up shows: the amount and e-mail of the transaction being paid.
#[utoipa::path(tag = "sandbox", responses((status = OK, body = TestPayment), NotFound))]
#[get("/sandbox/checkout/{access_code}")]
async fn show_checkout(sandbox: web::Data<Sandbox>, access_code: web::Path<String>) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Err(sandbox_off());
    }
    let code = access_code.into_inner();
    let data = sandbox.db.read(move |c| load_transaction(c, "access_code", &code)).await?;
    let data = data.ok_or_else(|| AppError::NotFound("This test payment does not exist.".into()))?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(TestPayment {
        reference: data.reference,
        amount: data.amount,
        currency: data.currency,
        email: data.customer.email,
        status: data.status,
        channels: data.channels,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct PayBody {
    /// success, declined or insufficient_funds (a test card), transfer or ussd.
    #[serde(default)]
    outcome: String,
}

/// The shopper picked a test card. Like Paystack, a declined card leaves the transaction open for
/// another try; a success is final and is announced to the shop by a signed webhook.
#[utoipa::path(tag = "sandbox", responses((status = OK, body = TestCardResult), BadRequest, NotFound, Conflict))]
#[post("/sandbox/checkout/{access_code}")]
async fn pay(sandbox: web::Data<Sandbox>, access_code: web::Path<String>, body: web::Json<PayBody>) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Err(sandbox_off());
    }
    // (status now, gateway response, channel): a card answers at once; a bank transfer or USSD
    // payment waits for the money, which arrives `transfer_delay` later (then the webhook).
    let (status, gateway, channel) = match body.outcome.as_str() {
        "success" => ("success", "Approved", "card"),
        "declined" => ("failed", "Declined", "card"),
        "insufficient_funds" => ("failed", "Insufficient Funds", "card"),
        "transfer" => ("pending", "Waiting for your transfer", "bank_transfer"),
        "ussd" => ("pending", "Waiting for your USSD payment", "ussd"),
        _ => return Err(AppError::Validation("Choose success, declined, insufficient_funds, transfer or ussd.".into())),
    };
    let code = access_code.into_inner();
    let timeout_ms = sandbox.session_timeout_ms();
    let (reference, moved) = sandbox
        .db
        .write(move |tx| {
            let current: Option<(String, String, Option<i64>, i64, String)> = tx
                .query_row(
                    "SELECT reference, status, cancelled_at, created_at, channels FROM sandbox_transactions WHERE access_code = ?1",
                    [&code],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )
                .optional()?;
            let Some((reference, current, cancelled_at, created_at, offered)) = current else {
                return Err(AppError::NotFound("This test payment does not exist.".into()));
            };
            // Paid, or money already on its way: nothing more to do.
            if current == "success" || current == "pending" {
                return Ok((reference, false));
            }
            // As at Paystack: a transaction the shop ended, or whose session timed out, takes no money.
            if cancelled_at.is_some() {
                return Err(AppError::Conflict("This payment was cancelled by the shop. Please start the checkout again.".into()));
            }
            if timeout_ms > 0 && crate::db::now_ms() > created_at + timeout_ms {
                return Err(AppError::Conflict("This payment has expired. Please start the checkout again.".into()));
            }
            let offered: Vec<String> = serde_json::from_str(&offered).unwrap_or_default();
            if !offered.iter().any(|c| c == channel) {
                return Err(AppError::Validation("The shop does not take this way of paying.".into()));
            }
            let paid_at = (status == "success").then(crate::db::now_ms);
            tx.execute(
                "UPDATE sandbox_transactions SET status = ?1, gateway_response = ?2, paid_at = ?3, channel = ?4 WHERE access_code = ?5",
                params![status, gateway, paid_at, channel, code],
            )?;
            Ok((reference, status != "failed"))
        })
        .await?;
    if moved {
        let sandbox = sandbox.into_inner();
        let r = reference.clone();
        actix_web::rt::spawn(async move {
            if status == "pending" {
                // The money lands later, whatever the browser does meanwhile.
                actix_web::rt::time::sleep(sandbox.transfer_delay).await;
                if !arrived(&sandbox, &r).await {
                    return;
                }
            } else {
                // Paystack's webhooks follow a payment by a moment, so the browser's verify usually
                // completes the order first; the webhook then finds it done.
                actix_web::rt::time::sleep(WEBHOOK_DELAY).await;
            }
            send_charge_success(&sandbox, &r).await
        });
    }
    let (status, message) = match (moved, status) {
        (false, "success") | (true, "success") => ("success", "Approved"),
        (_, other) => (other, gateway),
    };
    Ok(HttpResponse::Ok().json(TestCardResult { status: status.into(), reference, message: message.into() }))
}

/// A test transfer's money arrives: the transaction becomes a success. False when it was not
/// waiting any more.
async fn arrived(sandbox: &Sandbox, reference: &str) -> bool {
    let r = reference.to_string();
    sandbox
        .db
        .write(move |tx| {
            Ok(tx.execute(
                "UPDATE sandbox_transactions SET status = 'success', gateway_response = 'Approved', paid_at = ?2
                 WHERE reference = ?1 AND status = 'pending'",
                params![r, crate::db::now_ms()],
            )? == 1)
        })
        .await
        .unwrap_or(false)
}

/// What the pop-up shows after a test card.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TestCardResult {
    /// "success", "failed", or "pending" (a transfer or USSD payment on its way).
    status: String,
    reference: String,
    message: String,
}

/// The webhook body Paystack sends after a payment.
#[derive(Serialize)]
struct ChargeEvent {
    event: &'static str,
    data: SandboxTransaction,
}

/// Plays Paystack's part after a payment: POST a signed `charge.success` to the shop's webhook.
async fn send_charge_success(sandbox: &Sandbox, reference: &str) {
    let r = reference.to_string();
    let Ok(Some(data)) = sandbox.db.read(move |c| load_transaction(c, "reference", &r)).await else { return };
    let Ok(body) = serde_json::to_vec(&ChargeEvent { event: "charge.success", data }) else { return };
    let Some(base) = sandbox.paystack.base_url().map(|b| b.trim_end_matches("/sandbox").to_string()) else { return };
    if let Err(e) = sandbox.paystack.send_webhook(&format!("{base}/payments/webhook"), body).await {
        tracing::warn!(payment_ref = %reference, error = %e.0, "sandbox webhook not delivered");
    }
}
