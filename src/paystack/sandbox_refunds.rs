//! The sandbox's refunds, as Paystack's refund API: a refund of a successful test transaction is
//! queued as pending, processed a moment later and announced by a signed webhook.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::RefundRequest;
use super::sandbox_base::{Envelope, PaystackRefusal, Sandbox, WEBHOOK_DELAY, answer, authorised, refuse};
use crate::error::AppResult;
use crate::money::Kobo;

pub(super) fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(sandbox_refund).service(sandbox_fetch_refund).service(sandbox_list_refunds);
}

/// A sandbox refund in the shape of Paystack's refund `data`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SandboxRefund {
    id: i64,
    /// Always "test".
    domain: &'static str,
    transaction_reference: String,
    /// In the transaction's currency's minor unit.
    #[schema(value_type = i64)]
    amount: Kobo,
    currency: String,
    /// "pending" at first, "processed" a moment later.
    status: String,
    merchant_note: String,
    /// ISO 8601.
    created_at: String,
}

fn refund_from_row(r: &rusqlite::Row) -> rusqlite::Result<SandboxRefund> {
    Ok(SandboxRefund {
        id: r.get("id")?,
        domain: "test",
        transaction_reference: r.get("reference")?,
        amount: r.get("amount_kobo")?,
        currency: r.get("currency")?,
        status: r.get("status")?,
        merchant_note: r.get("merchant_note")?,
        created_at: crate::util::iso8601(r.get("created_at")?),
    })
}

const REFUND_COLUMNS: &str = "id, reference, amount_kobo, status, merchant_note, created_at,
    (SELECT t.currency FROM sandbox_transactions t WHERE t.reference = sandbox_refunds.reference) AS currency";

/// Paystack's `POST /refund`: a refund of a successful transaction, never more than what is left
/// of it. It is queued as `pending`, processed a moment later and announced by signed webhooks.
#[utoipa::path(
    tag = "sandbox",
    request_body = RefundRequest,
    responses(
        (status = OK, body = Envelope<SandboxRefund>),
        (status = BAD_REQUEST, body = PaystackRefusal),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "No such transaction, or the sandbox is off")
    )
)]
#[post("/sandbox/refund")]
async fn sandbox_refund(sandbox: web::Data<Sandbox>, req: HttpRequest, body: web::Bytes) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let Ok(body) = serde_json::from_slice::<RefundRequest>(&body) else {
        return Ok(refuse(StatusCode::BAD_REQUEST, "Invalid JSON"));
    };
    let currency = body.currency;
    let note = body.merchant_note.unwrap_or_default().chars().take(500).collect::<String>();
    let reference = body.transaction;
    let requested = body.amount.map(Kobo::new);
    let created = sandbox
        .db
        .write(move |tx| {
            let paid: Option<(Kobo, String, String)> = tx
                .query_row("SELECT amount_kobo, status, currency FROM sandbox_transactions WHERE reference = ?1", [&reference], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .optional()?;
            let Some((paid, status, paid_in)) = paid else { return Ok(Err((StatusCode::NOT_FOUND, "Transaction not found"))) };
            // A refund goes back in the currency paid; another one is refused, as Paystack does.
            if currency.as_deref().is_some_and(|c| c != paid_in) {
                return Ok(Err((StatusCode::BAD_REQUEST, "Currency not supported by merchant")));
            }
            if status != "success" {
                return Ok(Err((StatusCode::BAD_REQUEST, "Transaction has not been paid")));
            }
            let refunded: Kobo = tx.query_row(
                "SELECT COALESCE(SUM(amount_kobo), 0) FROM sandbox_refunds WHERE reference = ?1 AND status != 'failed'",
                [&reference],
                |r| r.get(0),
            )?;
            let left = paid - refunded;
            if left <= Kobo::ZERO {
                return Ok(Err((StatusCode::BAD_REQUEST, "Transaction has been fully reversed")));
            }
            let amount = requested.unwrap_or(left);
            if amount <= Kobo::ZERO {
                return Ok(Err((StatusCode::BAD_REQUEST, "Invalid amount")));
            }
            if amount > left {
                return Ok(Err((StatusCode::BAD_REQUEST, "Refund amount cannot be more than the unrefunded balance")));
            }
            tx.execute(
                "INSERT INTO sandbox_refunds (reference, amount_kobo, status, merchant_note, created_at) VALUES (?1, ?2, 'pending', ?3, ?4)",
                params![reference, amount, note, crate::db::now_ms()],
            )?;
            let id = tx.last_insert_rowid();
            let sql = format!("SELECT {REFUND_COLUMNS} FROM sandbox_refunds WHERE id = ?1");
            Ok(Ok(tx.query_row(&sql, [id], refund_from_row)?))
        })
        .await?;
    match created {
        Err((status, message)) => Ok(refuse(status, message)),
        Ok(refund) => {
            let sandbox = sandbox.into_inner();
            let id = refund.id;
            actix_web::rt::spawn(async move {
                // Paystack processes a refund later and says so by webhook; the sandbox takes a moment.
                actix_web::rt::time::sleep(WEBHOOK_DELAY).await;
                process_refund(&sandbox, id).await
            });
            Ok(answer("Refund has been queued for processing", refund))
        }
    }
}

/// Marks a sandbox refund processed and sends the signed `refund.processed` webhook.
async fn process_refund(sandbox: &Sandbox, id: i64) {
    let refund = sandbox
        .db
        .write(move |tx| {
            tx.execute("UPDATE sandbox_refunds SET status = 'processed' WHERE id = ?1 AND status = 'pending'", [id])?;
            let sql = format!("SELECT {REFUND_COLUMNS} FROM sandbox_refunds WHERE id = ?1");
            Ok(tx.query_row(&sql, [id], refund_from_row)?)
        })
        .await;
    let Ok(refund) = refund else { return };
    let Ok(body) = serde_json::to_vec(&serde_json::json!({ "event": "refund.processed", "data": refund })) else { return };
    let Some(base) = sandbox.paystack.base_url().map(|b| b.trim_end_matches("/sandbox").to_string()) else { return };
    if let Err(e) = sandbox.paystack.send_webhook(&format!("{base}/payments/webhook"), body).await {
        tracing::warn!(refund_id = %id, error = %e.0, "sandbox refund webhook not delivered");
    }
}

/// Paystack's `GET /refund/{id}`.
#[utoipa::path(
    tag = "sandbox",
    responses(
        (status = OK, body = Envelope<SandboxRefund>),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "No such refund, or the sandbox is off")
    )
)]
#[get("/sandbox/refund/{id}")]
async fn sandbox_fetch_refund(sandbox: web::Data<Sandbox>, req: HttpRequest, id: web::Path<String>) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let Ok(id) = id.parse::<i64>() else { return Ok(refuse(StatusCode::NOT_FOUND, "Refund not found")) };
    let sql = format!("SELECT {REFUND_COLUMNS} FROM sandbox_refunds WHERE id = ?1");
    match sandbox.db.read(move |c| Ok(c.query_row(&sql, [id], refund_from_row).optional()?)).await? {
        Some(refund) => Ok(answer("Refund retrieved", refund)),
        None => Ok(refuse(StatusCode::NOT_FOUND, "Refund not found")),
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct RefundListQuery {
    /// The transaction's reference.
    transaction: Option<String>,
}

/// Paystack's `GET /refund?transaction=…`: the refunds of one transaction, newest first.
#[utoipa::path(
    tag = "sandbox",
    params(RefundListQuery),
    responses(
        (status = OK, body = Envelope<Vec<SandboxRefund>>),
        (status = UNAUTHORIZED, body = PaystackRefusal),
        (status = NOT_FOUND, body = PaystackRefusal, description = "The sandbox is off")
    )
)]
#[get("/sandbox/refund")]
async fn sandbox_list_refunds(
    sandbox: web::Data<Sandbox>,
    req: HttpRequest,
    query: web::Query<RefundListQuery>,
) -> AppResult<HttpResponse> {
    if !sandbox.paystack.sandbox {
        return Ok(refuse(StatusCode::NOT_FOUND, "There is no such API endpoint."));
    }
    if !authorised(&sandbox, &req) {
        return Ok(refuse(StatusCode::UNAUTHORIZED, "Invalid key"));
    }
    let reference = query.into_inner().transaction.unwrap_or_default();
    let sql = format!("SELECT {REFUND_COLUMNS} FROM sandbox_refunds WHERE reference = ?1 ORDER BY id DESC LIMIT 100");
    let refunds =
        sandbox.db.read(move |c| Ok(c.prepare(&sql)?.query_map([reference], refund_from_row)?.collect::<Result<Vec<_>, _>>()?)).await?;
    Ok(answer("Refunds retrieved", refunds))
}
