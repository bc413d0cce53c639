//! Refunds through Paystack's Refund API (or the sandbox's copy of it). A refund is recorded
//! `pending` in the transaction that checks what is left to refund, before Paystack is asked, so
//! racing refunds can never add up to more than was paid; Paystack's answer, its `refund.*`
//! webhooks (re-fetched before they are believed) and the reconciler then move it to `processed`
//! or `failed`, each once.

use std::collections::HashMap;

use actix_web::{HttpResponse, post, web};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::AdminUser;
use crate::error::answers::{BadGateway, BadRequest, Conflict, Forbidden, NotFound, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::money::format_naira;
use crate::payments::paystack::{PaystackRefund, RefundAnswer};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(create_refund);
}

crate::text_enum! {
    /// Where a refund is: asked for (Paystack's pending and processing), processed (the money is
    /// on its way back to the card), or failed. Processed and failed are final.
    pub enum RefundStatus {
        Pending => "pending",
        Processed => "processed",
        Failed => "failed",
    }
}

/// The longest reason an admin may give.
const REASON_MAX: usize = 300;
/// A refund Paystack never acknowledged is looked for at Paystack after this long...
const UNCONFIRMED_AFTER_MS: i64 = 30 * 1000;
/// ...and given up as failed when Paystack still has no record of it after this long.
const GIVE_UP_AFTER_MS: i64 = 15 * 60 * 1000;
const NO_ANSWER: &str = "Paystack did not answer; the shop will check with Paystack again.";

/// One refund of an order. Kobo.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    pub id: String,
    pub amount: i64,
    pub reason: String,
    pub status: RefundStatus,
    /// Paystack's reason for a failed refund (or why it is still unconfirmed).
    pub failure_reason: Option<String>,
    /// Units put back on sale with this refund.
    pub restocked: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// An order's refunds and their sums. Kobo.
#[derive(Serialize, Debug, Clone, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRefunds {
    /// Processed by Paystack.
    pub refunded: i64,
    /// Asked for, not processed yet.
    pub refund_pending: i64,
    /// Oldest first.
    pub refunds: Vec<Refund>,
}

impl OrderRefunds {
    pub fn new(refunds: Vec<Refund>) -> OrderRefunds {
        let sum = |status| refunds.iter().filter(|r| r.status == status).map(|r| r.amount).sum();
        OrderRefunds { refunded: sum(RefundStatus::Processed), refund_pending: sum(RefundStatus::Pending), refunds }
    }

    /// What is left to refund of an order of `total` kobo.
    pub fn left(&self, total: i64) -> i64 {
        total - self.refunded - self.refund_pending
    }
}

fn refund_from_row(r: &rusqlite::Row) -> rusqlite::Result<Refund> {
    Ok(Refund {
        id: r.get("id")?,
        amount: r.get("amount_kobo")?,
        reason: r.get("reason")?,
        status: r.get("status")?,
        failure_reason: r.get("failure_reason")?,
        restocked: r.get("restocked")?,
        created_at: r.get("created_at")?,
        updated_at: r.get("updated_at")?,
    })
}

/// The refunds of the orders whose ids are in the JSON array `ids`, by order id, oldest first.
pub fn for_orders(conn: &Connection, ids: &str) -> rusqlite::Result<HashMap<String, Vec<Refund>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT order_id, id, amount_kobo, reason, status, failure_reason, restocked, created_at, updated_at FROM refunds
         WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY created_at, id",
    )?;
    let mut by_order: HashMap<String, Vec<Refund>> = HashMap::new();
    for row in stmt.query_map([ids], |r| Ok((r.get::<_, String>("order_id")?, refund_from_row(r)?)))? {
        let (order_id, refund) = row?;
        by_order.entry(order_id).or_default().push(refund);
    }
    Ok(by_order)
}

/// What an admin asks to refund.
pub struct RefundAsk {
    /// Kobo; `None` refunds everything that is left.
    pub amount: Option<i64>,
    pub reason: String,
    /// Order line positions whose units go back on sale once Paystack takes the refund.
    pub restock: Vec<usize>,
}

/// The admin's refund form.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequest {
    /// Naira as typed, e.g. "12500.50": positive, at most two decimals, at most what is left.
    #[schema(value_type = String)]
    amount: Option<serde_json::Value>,
    /// Why, for the order's history and the customer's e-mail.
    #[serde(default)]
    reason: String,
    /// Positions (from 0) of the order's lines whose units go back on sale.
    #[serde(default)]
    restock: Vec<usize>,
}

/// Refunds part or all of a paid order through Paystack. The answer is the order with the new
/// refund; when Paystack refuses or does not answer the refund is still listed (failed, or pending
/// until the shop hears from Paystack) and the answer is a 502 that says so.
#[utoipa::path(
    tag = "admin",
    request_body = RefundRequest,
    responses((status = CREATED, body = crate::orders::AdminOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict, BadGateway)
)]
#[post("/admin/orders/{id}/refunds")]
async fn create_refund(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<RefundRequest>,
) -> AppResult<HttpResponse> {
    let RefundRequest { amount, reason, restock } = body.into_inner();
    let amount = crate::money::optional_naira(amount.as_ref(), "refund amount")
        .map_err(AppError::Validation)?
        .ok_or_else(|| AppError::Validation("Enter the amount to refund.".into()))?;
    if amount == 0 {
        return Err(AppError::Validation("The refund amount must be more than ₦0.00.".into()));
    }
    let order = refund_order(&state, &id, RefundAsk { amount: Some(amount), reason, restock }).await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(crate::orders::admin_view(order)))
}

fn check_reason(reason: &str) -> AppResult<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(AppError::Validation("Please give a reason for the refund.".into()));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(AppError::Validation(format!("Please keep the reason under {REASON_MAX} characters.")));
    }
    Ok(reason.to_string())
}

/// Records a pending refund (within what is left), asks Paystack for it, and records the answer.
/// Returns the order as it is afterwards, or the error to show (the refund stays listed).
pub async fn refund_order(state: &AppState, order_id: &str, ask: RefundAsk) -> AppResult<crate::orders::Order> {
    let reason = check_reason(&ask.reason)?;
    let note = reason.clone();
    let (id, o) = (crate::util::new_id(), order_id.to_string());
    let (refund_id, reference, amount) = state
        .db
        .write(move |tx| {
            let order = crate::orders::by_id(tx, &o)?.ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
            let left = order.refunds.left(order.total_amount);
            if left <= 0 {
                return Err(AppError::Conflict("This order has nothing left to refund.".into()));
            }
            let amount = ask.amount.unwrap_or(left);
            if amount > left {
                return Err(AppError::Validation(format!("Enter an amount of at most {}.", format_naira(left))));
            }
            let mut lines = ask.restock.clone();
            lines.sort_unstable();
            lines.dedup();
            if lines.iter().any(|&p| p >= order.items.len()) {
                return Err(AppError::Validation("Choose lines of this order to put back on sale.".into()));
            }
            let now = crate::db::now_ms();
            tx.execute(
                "INSERT INTO refunds (id, order_id, amount_kobo, reason, status, restock_lines, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
                params![id, o, amount, reason, RefundStatus::Pending, serde_json::to_string(&lines).unwrap_or_default(), now],
            )?;
            Ok((id, order.payment_reference, amount))
        })
        .await?;
    let outcome = match state.paystack.refund(&reference, amount, &note).await {
        Ok(RefundAnswer::Created(paystack)) => {
            settle(state, &refund_id, paystack).await?;
            Ok(())
        }
        Ok(RefundAnswer::Refused(message)) => {
            let why = format!("Paystack: {message}");
            let r = refund_id.clone();
            let changed = state.db.write(move |tx| fail(tx, &r, &why)).await?;
            tell_about(state, changed);
            Err(AppError::Upstream(format!("Paystack refused the refund: {message}")))
        }
        Err(why) => {
            log::warn!("refund {refund_id} of {reference}: {}", why.0);
            let r = refund_id.clone();
            state
                .db
                .write(move |tx| {
                    tx.execute(
                        "UPDATE refunds SET failure_reason = ?2, updated_at = ?3 WHERE id = ?1",
                        params![r, NO_ANSWER, crate::db::now_ms()],
                    )?;
                    Ok(())
                })
                .await?;
            Err(AppError::Upstream(
                "Paystack did not answer. The refund is recorded as pending; the shop will check with Paystack shortly.".into(),
            ))
        }
    };
    outcome?;
    let o = order_id.to_string();
    state.db.read(move |c| Ok(crate::orders::by_id(c, &o)?)).await?.ok_or_else(|| AppError::NotFound("Order not found.".into()))
}

/// A refund whose status changed, for the e-mails that follow.
struct Changed {
    status: RefundStatus,
    amount: i64,
    reason: String,
    failure: Option<String>,
    order: crate::orders::Order,
}

/// Links our refund to Paystack's (when known) and moves it as Paystack says, in one transaction;
/// restocks its lines once Paystack has accepted it. Sends the e-mails for a change.
async fn settle(state: &AppState, refund_id: &str, paystack: PaystackRefund) -> AppResult<()> {
    let r = refund_id.to_string();
    let (changed, restocked) = state.db.write(move |tx| apply(tx, &r, &paystack)).await?;
    if restocked > 0 {
        state.cache.invalidate();
    }
    tell_about(state, changed);
    Ok(())
}

fn apply(tx: &Connection, refund_id: &str, paystack: &PaystackRefund) -> AppResult<(Option<Changed>, usize)> {
    let Some((status, lines, restocked, order_id)) = tx
        .query_row("SELECT status, restock_lines, restocked, order_id FROM refunds WHERE id = ?1", [refund_id], |r| {
            Ok((r.get::<_, RefundStatus>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
        })
        .optional()?
    else {
        return Ok((None, 0));
    };
    if status != RefundStatus::Pending {
        return Ok((None, 0));
    }
    let now = crate::db::now_ms();
    // Another of our refunds may already carry this Paystack id (the webhook found it first).
    let linked = tx.execute(
        "UPDATE refunds SET paystack_id = ?2, failure_reason = NULL, updated_at = ?3
         WHERE id = ?1 AND (paystack_id IS NULL OR paystack_id = ?2)
           AND NOT EXISTS (SELECT 1 FROM refunds WHERE paystack_id = ?2 AND id != ?1)",
        params![refund_id, paystack.id, now],
    )?;
    if linked == 0 {
        log::warn!("refund {refund_id}: Paystack refund {} belongs to another refund; ignored", paystack.id);
        return Ok((None, 0));
    }
    match paystack.status.as_str() {
        "failed" => {
            let why = format!("Paystack: {}", paystack.failure.as_deref().unwrap_or("the refund failed"));
            return Ok((fail(tx, refund_id, &why)?, 0));
        }
        "pending" | "processing" | "processed" => {}
        other => {
            log::warn!("refund {refund_id}: Paystack reports an unknown status {other:?}; left pending");
            return Ok((None, 0));
        }
    }
    // Accepted by Paystack: the merchant's chosen lines go back on sale, once.
    let mut units = 0;
    if restocked == 0 {
        let positions: Vec<i64> = serde_json::from_str(&lines).unwrap_or_default();
        units = crate::stock::restock_lines(tx, &order_id, &positions)?;
        tx.execute("UPDATE refunds SET restocked = ?2 WHERE id = ?1", params![refund_id, units as i64])?;
    }
    if paystack.status != "processed" {
        return Ok((None, units));
    }
    tx.execute(
        "UPDATE refunds SET status = ?2, processed_at = ?3, updated_at = ?3 WHERE id = ?1 AND status = ?4",
        params![refund_id, RefundStatus::Processed, now, RefundStatus::Pending],
    )?;
    Ok((changed(tx, refund_id)?, units))
}

/// Marks a pending refund failed with the reason an admin sees.
fn fail(tx: &Connection, refund_id: &str, why: &str) -> AppResult<Option<Changed>> {
    let moved = tx.execute(
        "UPDATE refunds SET status = ?2, failure_reason = ?3, updated_at = ?4 WHERE id = ?1 AND status = ?5",
        params![refund_id, RefundStatus::Failed, why, crate::db::now_ms(), RefundStatus::Pending],
    )?;
    if moved == 0 {
        return Ok(None);
    }
    changed(tx, refund_id)
}

fn changed(tx: &Connection, refund_id: &str) -> AppResult<Option<Changed>> {
    let (status, amount, reason, failure, order_id): (RefundStatus, i64, String, Option<String>, String) =
        tx.query_row("SELECT status, amount_kobo, reason, failure_reason, order_id FROM refunds WHERE id = ?1", [refund_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
    let order = crate::orders::by_id(tx, &order_id)?.ok_or_else(|| AppError::internal("a refund without its order"))?;
    Ok(Some(Changed { status, amount, reason, failure, order }))
}

/// The customer hears when money is on its way back; the shop hears when a refund failed.
fn tell_about(state: &AppState, changed: Option<Changed>) {
    let Some(Changed { status, amount, reason, failure, order }) = changed else { return };
    let shop = &state.config.shop_name;
    let number = &order.number;
    match status {
        RefundStatus::Processed => {
            let subject = format!("{shop}: refund of {} for order #{number}", format_naira(amount));
            let body = format!(
                "Hello {},\n\nWe have refunded {} for order #{number} ({reason}). Paystack has sent it back to the card you paid with; \
                 banks can take up to 10 working days to show it.\n\nRefunded so far: {} of {}.\nFollow your order: {}/track?number={number}\n\n{shop}",
                order.customer_name,
                format_naira(amount),
                format_naira(order.refunds.refunded),
                format_naira(order.total_amount),
                state.config.public_url(),
            );
            state.mailer.send_in_background(vec![(order.customer_email.clone(), subject, body)]);
        }
        RefundStatus::Failed => {
            let subject = format!("Refund failed for order #{number}");
            let body = format!(
                "A refund of {} for order #{number} failed.\nReason: {}\n\nSee the order: {}/admin/orders/{}\n",
                format_naira(amount),
                failure.unwrap_or_default(),
                state.config.public_url(),
                order.id
            );
            state.mailer.send_in_background(vec![(state.mailer.shop_address(), subject, body)]);
        }
        RefundStatus::Pending => {}
    }
}

/// A signed `refund.*` webhook: the refund it names is fetched from Paystack again before
/// anything is believed, so a replayed or stale event moves nothing.
pub async fn on_webhook(state: &AppState, data: &serde_json::Value) -> AppResult<()> {
    let Some(told) = crate::payments::paystack::refund_from(data) else { return Ok(()) };
    let Ok(Some(paystack)) = state.paystack.fetch_refund(&told.id).await.map_err(|e| log::warn!("refund webhook: {}", e.0)) else {
        return Ok(());
    };
    let Some(refund_id) = find(state, &paystack).await? else {
        log::warn!("Paystack told us about refund {}, which this shop does not know; ignored", paystack.id);
        return Ok(());
    };
    settle(state, &refund_id, paystack).await
}

/// Our refund for Paystack's: by its id, or else the oldest unlinked pending refund of the same
/// transaction and amount (its answer to us was lost).
async fn find(state: &AppState, paystack: &PaystackRefund) -> AppResult<Option<String>> {
    let (id, reference, amount) = (paystack.id.clone(), paystack.transaction_reference.clone(), paystack.amount);
    state
        .db
        .read(move |c| {
            if let Some(found) = c.query_row("SELECT id FROM refunds WHERE paystack_id = ?1", [&id], |r| r.get(0)).optional()? {
                return Ok(Some(found));
            }
            Ok(c.query_row(
                "SELECT r.id FROM refunds r JOIN orders o ON o.id = r.order_id
                 WHERE o.payment_reference = ?1 AND r.amount_kobo = ?2 AND r.status = 'pending' AND r.paystack_id IS NULL
                 ORDER BY r.created_at LIMIT 1",
                params![reference, amount],
                |r| r.get(0),
            )
            .optional()?)
        })
        .await
}

/// The reconciler's part: pending refunds are fetched from Paystack (late webhooks), and those
/// Paystack never acknowledged are looked for in the transaction's refunds, then given up.
pub async fn reconcile(state: &AppState) -> AppResult<()> {
    let now = crate::db::now_ms();
    let pending: Vec<(String, Option<String>, String, i64, i64)> = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare_cached(
                "SELECT r.id, r.paystack_id, o.payment_reference, r.amount_kobo, r.created_at FROM refunds r
                 JOIN orders o ON o.id = r.order_id WHERE r.status = 'pending' ORDER BY r.updated_at LIMIT 100",
            )?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await?;
    for (refund_id, paystack_id, reference, amount, created_at) in pending {
        match paystack_id {
            Some(paystack_id) => match state.paystack.fetch_refund(&paystack_id).await {
                Ok(Some(paystack)) => settle(state, &refund_id, paystack).await?,
                Ok(None) => log::warn!("refund {refund_id}: Paystack does not know refund {paystack_id}"),
                Err(e) => {
                    log::warn!("refund {refund_id}: {}", e.0);
                    return Ok(()); // Paystack is unwell: try the rest next round.
                }
            },
            None if now - created_at < UNCONFIRMED_AFTER_MS => {}
            None => {
                let known = match state.paystack.list_refunds(&reference).await {
                    Ok(list) => list,
                    Err(e) => {
                        log::warn!("refund {refund_id}: {}", e.0);
                        return Ok(());
                    }
                };
                let taken: Vec<String> = {
                    let r = reference.clone();
                    state
                        .db
                        .read(move |c| {
                            let mut stmt = c.prepare_cached(
                                "SELECT r.paystack_id FROM refunds r JOIN orders o ON o.id = r.order_id
                                 WHERE o.payment_reference = ?1 AND r.paystack_id IS NOT NULL",
                            )?;
                            Ok(stmt.query_map([r], |row| row.get(0))?.collect::<Result<_, _>>()?)
                        })
                        .await?
                };
                match known.into_iter().find(|p| p.amount == Some(amount) && !taken.contains(&p.id)) {
                    Some(paystack) => settle(state, &refund_id, paystack).await?,
                    None if now - created_at > GIVE_UP_AFTER_MS => {
                        let r = refund_id.clone();
                        let changed = state.db.write(move |tx| fail(tx, &r, "Paystack has no record of this refund")).await?;
                        tell_about(state, changed);
                    }
                    None => {}
                }
            }
        }
    }
    Ok(())
}
