//! Refunds through Paystack's Refund API (or the sandbox's copy of it). A refund is recorded
//! `pending` in the transaction that checks what is left to refund, before Paystack is asked, so
//! racing refunds can never add up to more than was paid; Paystack's answer, its `refund.*`
//! webhooks (re-fetched before they are believed) and the reconciler then move it to `processed`
//! or `failed`, each once.

pub mod routes;

use std::sync::Arc;

use rusqlite::{Connection, OptionalExtension, params};

use crate::catalog::write::{Catalogue, Changes};
use crate::db::Db;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference};
use crate::mail::{Mail, Mailer};
use crate::money::format_naira;
use crate::money::{Kobo, Money};
use crate::orders::RefundStatus;
use crate::paystack::{Paystack, PaystackRefund, RefundAnswer};

/// What refunding needs: the database (through the catalogue's door, since a refund can put units
/// back on sale), Paystack, and the mail outbox.
#[derive(Clone)]
pub struct Refunds {
    db: Db,
    catalogue: Catalogue,
    paystack: Arc<Paystack>,
    mailer: Mailer,
    clock: crate::clock::Clock,
}

/// The longest reason an admin may give.
const REASON_MAX: usize = 300;
/// A refund Paystack never acknowledged is looked for at Paystack after this long...
const UNCONFIRMED_AFTER_MS: i64 = 30 * 1000;
/// ...and given up as failed when Paystack still has no record of it after this long.
const GIVE_UP_AFTER_MS: i64 = 15 * 60 * 1000;
const NO_ANSWER: &str = "Paystack did not answer; the shop will check with Paystack again.";

impl Refunds {
    pub fn new(catalogue: Catalogue, paystack: Arc<Paystack>, mailer: Mailer, clock: crate::clock::Clock) -> Refunds {
        Refunds { db: catalogue.db().clone(), catalogue, paystack, mailer, clock }
    }
}

/// How much to refund: an amount the shop worked out in naira (a return's value), or what the
/// admin typed, read in the order's own currency (naira, or the currency it was paid in abroad).
pub enum Asked {
    Naira(Kobo),
    Typed(crate::money::Naira),
}

/// What an admin asks to refund.
pub struct RefundAsk {
    /// `None` refunds everything that is left.
    pub amount: Option<Asked>,
    pub reason: String,
    /// Units of order lines (position, units) that go back on sale once Paystack takes the refund.
    pub restock: Vec<(usize, i64)>,
    /// Who asks (for the activity log).
    pub by: crate::ids::UserId,
    /// Runs in the transaction that records the refund, and can refuse it: a return marks its
    /// money sent there, so the refund is recorded once however often it is asked for.
    pub with: Option<InRefund>,
}

/// Work done inside a refund's own transaction (see [`RefundAsk::with`]).
pub type InRefund = Box<dyn FnOnce(&Connection) -> AppResult<()> + Send>;

/// The Paystack payments an order's money came through, newest first, with what is left to refund
/// of each: the checkout's own payment, or the pay links' (a deposit and its balance).
fn refundable_payments(tx: &Connection, order: &crate::orders::Order) -> rusqlite::Result<Vec<(PaymentReference, Kobo)>> {
    let left_sql = "(SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE payment_reference = p.reference AND status != 'failed')";
    let sql = match order.payment.payment_method {
        crate::orders::PaymentMethod::Paystack => {
            // An order paid in full by store credit or a gift card (`CRD-`) took nothing through Paystack.
            format!(
                "SELECT p.reference, p.amount_kobo - {left_sql} FROM payments p
                 WHERE p.reference = ?1 AND p.status = 'completed' AND p.reference NOT LIKE 'CRD-%'"
            )
        }
        _ => format!(
            "SELECT p.reference, p.amount_kobo - {left_sql} FROM pay_links l JOIN payments p ON p.reference = l.payment_reference
             WHERE l.order_id = (SELECT id FROM orders WHERE payment_reference = ?1) ORDER BY l.paid_at DESC"
        ),
    };
    let rows = tx
        .prepare(&sql)?
        .query_map([&order.payment_reference], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(PaymentReference, Kobo)>>>()?;
    Ok(rows.into_iter().filter(|(_, left)| *left > Kobo::ZERO).collect())
}

/// Units of one order line to put back on sale, as a refund keeps them (`restock_lines`).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq)]
struct Restock {
    line: i64,
    units: i64,
}

/// Reads a refund's `restock_lines`: `[{"line": 0, "units": 1}]`, or, for refunds recorded before
/// units were chosen, `[0, 2]` (whole lines).
fn restocks(text: &str) -> Vec<Restock> {
    if let Ok(list) = serde_json::from_str::<Vec<Restock>>(text) {
        return list;
    }
    let lines: Vec<i64> = serde_json::from_str(text).unwrap_or_default();
    lines.into_iter().map(|line| Restock { line, units: i64::MAX }).collect()
}

/// Checks what an admin asks to put back on sale against the order's lines.
fn check_restock(ask: &[(usize, i64)], items: &[crate::orders::OrderItem]) -> AppResult<Vec<Restock>> {
    let mut out: Vec<Restock> = Vec::with_capacity(ask.len());
    for &(line, units) in ask {
        let Some(item) = items.get(line) else {
            return Err(AppError::Validation("Choose lines of this order to put back on sale.".into()));
        };
        if units < 1 || units > item.quantity {
            return Err(AppError::Validation(format!(
                "Put back from 1 to {} of {} on sale.",
                item.quantity,
                crate::stock::describe_line(&item.name, item.size.as_deref(), item.color.as_deref())
            )));
        }
        if out.iter().any(|r| r.line == line as i64) {
            return Err(AppError::Validation("List each line once.".into()));
        }
        out.push(Restock { line: line as i64, units });
    }
    out.sort_by_key(|r| r.line);
    Ok(out)
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

/// A naira amount as the admin typed it, checked.
fn typed_naira(typed: &crate::money::Naira) -> AppResult<Kobo> {
    let amount = typed.kobo("refund amount").map_err(AppError::Validation)?.ok_or_else(|| AppError::Validation(ENTER_AMOUNT.into()))?;
    if amount == Kobo::ZERO {
        return Err(AppError::Validation("The refund amount must be more than ₦0.00.".into()));
    }
    Ok(amount)
}

const ENTER_AMOUNT: &str = "Enter the amount to refund.";

/// Records the refund of an order paid in a currency abroad: in that currency, from its one
/// Paystack payment, never more than what is left of the charge (its naira worth, rounded down,
/// is what the shop's books count). A naira amount the shop worked out (a return's value) is
/// turned into the currency at the order's rate.
fn refund_abroad(
    tx: &Connection,
    order: &crate::orders::Order,
    charge: crate::abroad::Charge,
    ask: RefundAsk,
    reason: &str,
    now: i64,
) -> AppResult<Vec<(String, PaymentReference, Money)>> {
    let rate = charge.rate();
    let refunded: i64 = tx.query_row(
        "SELECT COALESCE(SUM(amount_minor), 0) FROM refunds WHERE payment_reference = ?1 AND status != 'failed'",
        [&order.payment_reference],
        |r| r.get(0),
    )?;
    let left = charge.total() - Money::new(charge.currency, refunded);
    if left.minor() <= 0 {
        return Err(AppError::Conflict("This order has nothing left to refund.".into()));
    }
    let amount = match ask.amount {
        None => left,
        Some(Asked::Naira(kobo)) => Money::new(charge.currency, rate.amount_of(kobo).minor().min(left.minor())),
        Some(Asked::Typed(crate::money::Naira::Typed(text))) if text.trim().is_empty() => {
            return Err(AppError::Validation(ENTER_AMOUNT.into()));
        }
        Some(Asked::Typed(crate::money::Naira::Typed(text))) => {
            crate::money::parse_amount(charge.currency, &text).map_err(|e| AppError::Validation(format!("The refund amount: {e}")))?
        }
        Some(Asked::Typed(crate::money::Naira::NotText)) => {
            return Err(AppError::Validation(format!("The refund amount must be an amount in {}.", charge.currency)));
        }
    };
    if amount.minor() <= 0 {
        return Err(AppError::Validation(format!("The refund amount must be more than {}.", Money::zero(charge.currency))));
    }
    if amount.minor() > left.minor() {
        return Err(AppError::Validation(format!("Enter an amount of at most {left}.")));
    }
    let lines = check_restock(&ask.restock, &order.items)?;
    let id = crate::util::new_id();
    tx.execute(
        "INSERT INTO refunds (id, order_id, amount_kobo, amount_minor, reason, status, restock_lines, created_at, updated_at, payment_reference)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)",
        params![
            id,
            order.id,
            rate.naira_of(amount).max(Kobo::new(1)),
            amount.minor(),
            reason,
            RefundStatus::Pending,
            serde_json::to_string(&lines).unwrap_or_default(),
            now,
            order.payment_reference
        ],
    )?;
    if let Some(with) = ask.with {
        with(tx)?;
    }
    let summary = format!("Order #{}: refund of {amount} asked ({reason})", order.number);
    crate::staff::record(tx, &ask.by, "refund", &order.id, &summary)?;
    Ok(vec![(id, order.payment_reference.clone(), amount)])
}

impl Refunds {
    /// Records a pending refund (within what is left), asks Paystack for it, and records the answer.
    /// Returns the order as it is afterwards, or the error to show (the refund stays listed).
    #[tracing::instrument(name = "refund", skip_all, fields(order_id = %order_id))]
    pub async fn refund_order(&self, order_id: &OrderId, ask: RefundAsk) -> AppResult<crate::orders::Order> {
        let reason = check_reason(&ask.reason)?;
        let note = reason.clone();
        let o = order_id.clone();
        let now = self.clock.now_ms();
        let parts: Vec<(String, PaymentReference, Money)> = self
            .db
            .write(move |tx| {
                let order = crate::orders::by_id(tx, &o)?.ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
                if order.payment.payment_method == crate::orders::PaymentMethod::PayOnDelivery {
                    return Err(AppError::Conflict("This order was paid on delivery: give the money back by hand.".into()));
                }
                if let Some(charge) = order.charged {
                    return refund_abroad(tx, &order, charge, ask, &reason, now);
                }
                let left = order.refunds.left(order.payment.paid_online);
                if left <= Kobo::ZERO {
                    return Err(AppError::Conflict("This order has nothing left to refund.".into()));
                }
                let amount = match ask.amount {
                    None => left,
                    Some(Asked::Naira(kobo)) => kobo,
                    Some(Asked::Typed(typed)) => typed_naira(&typed)?,
                };
                if amount > left {
                    return Err(AppError::Validation(format!("Enter an amount of at most {}.", format_naira(left))));
                }
                let lines = check_restock(&ask.restock, &order.items)?;
                // The money goes back the way it came, newest payment first: a refund larger than
                // the balance's payment takes the rest from the deposit's.
                let mut parts: Vec<(String, PaymentReference, Money)> = Vec::new();
                let mut rest = amount;
                for (reference, on_it) in refundable_payments(tx, &order)? {
                    if rest == Kobo::ZERO {
                        break;
                    }
                    let part = rest.min(on_it);
                    parts.push((crate::util::new_id(), reference, part.into()));
                    rest -= part;
                }
                if rest > Kobo::ZERO {
                    return Err(AppError::Conflict("This order has nothing left to refund through Paystack.".into()));
                }
                for (i, (id, reference, part)) in parts.iter().enumerate() {
                    // The lines go back on sale with the first part.
                    let restock = if i == 0 { serde_json::to_string(&lines).unwrap_or_default() } else { "[]".into() };
                    tx.execute(
                        "INSERT INTO refunds (id, order_id, amount_kobo, reason, status, restock_lines, created_at, updated_at, payment_reference)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)",
                        params![id, o, part.minor(), reason, RefundStatus::Pending, restock, now, reference],
                    )?;
                }
                if let Some(with) = ask.with {
                    with(tx)?;
                }
                let summary = format!("Order #{}: refund of {} asked ({reason})", order.number, format_naira(amount));
                crate::staff::record(tx, &ask.by, "refund", &o, &summary)?;
                Ok(parts)
            })
            .await?;
        let mut outcome = Ok(());
        for (refund_id, reference, amount) in parts {
            let asked = self.ask_paystack(&refund_id, &reference, amount, &note).await;
            if outcome.is_ok() {
                outcome = asked;
            }
        }
        outcome?;
        let o = order_id.clone();
        self.db.read(move |c| Ok(crate::orders::by_id(c, &o)?)).await?.ok_or_else(|| AppError::NotFound("Order not found.".into()))
    }

    /// Asks Paystack for one recorded refund and records its answer.
    async fn ask_paystack(&self, refund_id: &str, reference: &PaymentReference, amount: Money, note: &str) -> AppResult<()> {
        match self.paystack.refund(reference, amount, note).await {
            Ok(RefundAnswer::Created(paystack)) => self.settle(refund_id, paystack).await,
            Ok(RefundAnswer::Refused(message)) => {
                let why = format!("Paystack: {message}");
                let (r, mailer, now) = (refund_id.to_string(), self.mailer.clone(), self.clock.now_ms());
                self.db.write(move |tx| tell_about(&mailer, tx, fail(tx, &r, &why, now)?)).await?;
                Err(AppError::Upstream(format!("Paystack refused the refund: {message}")))
            }
            Err(why) => {
                tracing::warn!(%refund_id, payment_ref = %reference, error = %why.0, "refund not made");
                let r = refund_id.to_string();
                let now = self.clock.now_ms();
                self.db
                    .write(move |tx| {
                        tx.execute("UPDATE refunds SET failure_reason = ?2, updated_at = ?3 WHERE id = ?1", params![r, NO_ANSWER, now])?;
                        Ok(())
                    })
                    .await?;
                Err(AppError::Upstream(
                    "Paystack did not answer. The refund is recorded as pending; the shop will check with Paystack shortly.".into(),
                ))
            }
        }
    }
}

/// A refund whose status changed, for the e-mails that follow.
struct Changed {
    status: RefundStatus,
    /// As the customer paid: naira, or the currency abroad.
    amount: String,
    reason: String,
    failure: Option<String>,
    order: crate::orders::Order,
}

impl Refunds {
    /// Links our refund to Paystack's (when known) and moves it as Paystack says, in one transaction;
    /// restocks its lines once Paystack has accepted it. Sends the e-mails for a change.
    async fn settle(&self, refund_id: &str, paystack: PaystackRefund) -> AppResult<()> {
        let (r, mailer, now) = (refund_id.to_string(), self.mailer.clone(), self.clock.now_ms());
        self.catalogue
            .write(move |tx| {
                let (changed, restocked) = apply(tx, &r, &paystack, now)?;
                tell_about(&mailer, tx, changed)?;
                Ok(((), Changes::shown_if(restocked > 0)))
            })
            .await
    }
}

fn apply(tx: &Connection, refund_id: &str, paystack: &PaystackRefund, now: i64) -> AppResult<(Option<Changed>, usize)> {
    let Some((status, lines, restocked, order_id)) = tx
        .query_row("SELECT status, restock_lines, restocked, order_id FROM refunds WHERE id = ?1", [refund_id], |r| {
            Ok((r.get::<_, RefundStatus>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, OrderId>(3)?))
        })
        .optional()?
    else {
        return Ok((None, 0));
    };
    if status != RefundStatus::Pending {
        return Ok((None, 0));
    }
    // Another of our refunds may already carry this Paystack id (the webhook found it first).
    let linked = tx.execute(
        "UPDATE refunds SET paystack_id = ?2, failure_reason = NULL, updated_at = ?3
         WHERE id = ?1 AND (paystack_id IS NULL OR paystack_id = ?2)
           AND NOT EXISTS (SELECT 1 FROM refunds WHERE paystack_id = ?2 AND id != ?1)",
        params![refund_id, paystack.id, now],
    )?;
    if linked == 0 {
        tracing::warn!(%refund_id, paystack_refund = %paystack.id, "Paystack's refund belongs to another refund; ignored");
        return Ok((None, 0));
    }
    match paystack.status.as_str() {
        "failed" => {
            let why = format!("Paystack: {}", paystack.failure.as_deref().unwrap_or("the refund failed"));
            return Ok((fail(tx, refund_id, &why, now)?, 0));
        }
        "pending" | "processing" | "processed" => {}
        other => {
            tracing::warn!(%refund_id, status = ?other, "Paystack reports an unknown refund status; left pending");
            return Ok((None, 0));
        }
    }
    // Accepted by Paystack: the merchant's chosen units go back on sale, once.
    let mut units = 0;
    if restocked == 0 {
        let chosen: Vec<(i64, i64)> = restocks(&lines).into_iter().map(|r| (r.line, r.units)).collect();
        units = crate::stock::restock_units(tx, &order_id, &chosen)?;
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
fn fail(tx: &Connection, refund_id: &str, why: &str, now: i64) -> AppResult<Option<Changed>> {
    let moved = tx.execute(
        "UPDATE refunds SET status = ?2, failure_reason = ?3, updated_at = ?4 WHERE id = ?1 AND status = ?5",
        params![refund_id, RefundStatus::Failed, why, now, RefundStatus::Pending],
    )?;
    if moved == 0 {
        return Ok(None);
    }
    changed(tx, refund_id)
}

fn changed(tx: &Connection, refund_id: &str) -> AppResult<Option<Changed>> {
    type Row = (RefundStatus, Kobo, Option<i64>, String, Option<String>, OrderId);
    let (status, kobo, minor, reason, failure, order_id): Row = tx.query_row(
        "SELECT status, amount_kobo, amount_minor, reason, failure_reason, order_id FROM refunds WHERE id = ?1",
        [refund_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
    )?;
    let order = crate::orders::by_id(tx, &order_id)?.ok_or_else(|| AppError::internal("a refund without its order"))?;
    let amount = match (order.charged, minor) {
        (Some(charge), Some(minor)) => Money::new(charge.currency, minor).to_string(),
        _ => format_naira(kobo),
    };
    Ok(Some(Changed { status, amount, reason, failure, order }))
}

/// The customer hears when money is on its way back; the shop hears when a refund failed. The
/// mail is written in the transaction that moved the refund.
fn tell_about(mailer: &Mailer, tx: &Connection, changed: Option<Changed>) -> AppResult<()> {
    let Some(Changed { status, amount, reason, failure, order }) = changed else { return Ok(()) };
    let shop = &mailer.shop_name();
    let number = &order.number;
    match status {
        RefundStatus::Processed => {
            let subject = format!("{shop}: refund of {amount} for order #{number}");
            // Abroad, the sums are in the currency the customer paid in.
            let (so_far, of) = match order.charged {
                Some(charge) => {
                    let processed = order.refunds.refunds.iter().filter(|r| r.status == RefundStatus::Processed);
                    let minor: i64 = processed.filter_map(|r| r.amount_abroad).sum();
                    (Money::new(charge.currency, minor).to_string(), charge.total().to_string())
                }
                None => (format_naira(order.refunds.refunded), format_naira(order.total_amount)),
            };
            let body = format!(
                "Hello {},\n\nWe have refunded {amount} for order #{number} ({reason}). Paystack has sent it back to the card you paid with; \
                 banks can take up to 10 working days to show it.\n\nRefunded so far: {so_far} of {of}.\nFollow your order: {}/track?number={number}\n\n{shop}",
                order.customer_name,
                mailer.public_url(),
            );
            mailer.queue(tx, Mail { kind: "refund", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None })?;
        }
        RefundStatus::Failed => {
            let subject = format!("Refund failed for order #{number}");
            let body = format!(
                "A refund of {amount} for order #{number} failed.\nReason: {}\n\nSee the order: {}/admin/orders/{}\n",
                failure.unwrap_or_default(),
                mailer.public_url(),
                order.id
            );
            mailer.queue(tx, Mail { kind: "refund", to: &mailer.shop_address(), subject: &subject, body: &body, unsubscribe: None })?;
        }
        RefundStatus::Pending => {}
    }
    Ok(())
}

impl Refunds {
    /// A signed `refund.*` webhook: the refund it names is fetched from Paystack again before
    /// anything is believed, so a replayed or stale event moves nothing.
    #[tracing::instrument(name = "refund_webhook", skip_all)]
    pub async fn on_webhook(&self, data: &serde_json::Value) -> AppResult<()> {
        let Some(told) = crate::paystack::refund_from(data) else { return Ok(()) };
        let Ok(Some(paystack)) = self
            .paystack
            .fetch_refund(&told.id)
            .await
            .map_err(|e| tracing::warn!(error = %e.0, "refund webhook: the refund could not be fetched"))
        else {
            return Ok(());
        };
        let Some(refund_id) = self.find(&paystack).await? else {
            tracing::warn!(paystack_refund = %paystack.id, "Paystack told us about a refund this shop does not know; ignored");
            return Ok(());
        };
        self.settle(&refund_id, paystack).await
    }
}

impl Refunds {
    /// Our refund for Paystack's: by its id, or else the oldest unlinked pending refund of the same
    /// transaction and amount (its answer to us was lost).
    async fn find(&self, paystack: &PaystackRefund) -> AppResult<Option<String>> {
        let (id, reference, amount) = (paystack.id.clone(), paystack.transaction_reference.clone(), paystack.amount);
        self.db
            .read(move |c| {
                if let Some(found) = c.query_row("SELECT id FROM refunds WHERE paystack_id = ?1", [&id], |r| r.get(0)).optional()? {
                    return Ok(Some(found));
                }
                Ok(c.query_row(
                    "SELECT r.id FROM refunds r
                 WHERE r.payment_reference = ?1 AND COALESCE(r.amount_minor, r.amount_kobo) = ?2 AND r.status = 'pending' AND r.paystack_id IS NULL
                 ORDER BY r.created_at LIMIT 1",
                    params![reference, amount],
                    |r| r.get(0),
                )
                .optional()?)
            })
            .await
    }
}

impl Refunds {
    /// The reconciler's part: pending refunds are fetched from Paystack (late webhooks), and those
    /// Paystack never acknowledged are looked for in the transaction's refunds, then given up.
    pub async fn reconcile(&self) -> AppResult<()> {
        let now = self.clock.now_ms();
        let pending: Vec<(String, Option<String>, String, Kobo, i64)> = self
            .db
            .read(move |c| {
                let mut stmt = c.prepare_cached(
                    "SELECT r.id, r.paystack_id, r.payment_reference, COALESCE(r.amount_minor, r.amount_kobo), r.created_at FROM refunds r
                 WHERE r.status = 'pending' ORDER BY r.updated_at LIMIT 100",
                )?;
                let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
                Ok(rows.collect::<Result<_, _>>()?)
            })
            .await?;
        for (refund_id, paystack_id, reference, amount, created_at) in pending {
            match paystack_id {
                Some(paystack_id) => match self.paystack.fetch_refund(&paystack_id).await {
                    Ok(Some(paystack)) => self.settle(&refund_id, paystack).await?,
                    Ok(None) => tracing::warn!(%refund_id, paystack_refund = %paystack_id, "Paystack does not know the refund"),
                    Err(e) => {
                        tracing::warn!(%refund_id, error = %e.0, "refund check failed");
                        return Ok(()); // Paystack is unwell: try the rest next round.
                    }
                },
                None if now - created_at < UNCONFIRMED_AFTER_MS => {}
                None => {
                    let known = match self.paystack.list_refunds(&reference).await {
                        Ok(list) => list,
                        Err(e) => {
                            tracing::warn!(%refund_id, error = %e.0, "refund check failed");
                            return Ok(());
                        }
                    };
                    let taken: Vec<String> = {
                        let r = reference.clone();
                        self.db
                            .read(move |c| {
                                let mut stmt = c.prepare_cached(
                                    "SELECT r.paystack_id FROM refunds r WHERE r.payment_reference = ?1 AND r.paystack_id IS NOT NULL",
                                )?;
                                Ok(stmt.query_map([r], |row| row.get(0))?.collect::<Result<_, _>>()?)
                            })
                            .await?
                    };
                    match known.into_iter().find(|p| p.amount == Some(amount) && !taken.contains(&p.id)) {
                        Some(paystack) => self.settle(&refund_id, paystack).await?,
                        None if now - created_at > GIVE_UP_AFTER_MS => {
                            let (r, mailer) = (refund_id.clone(), self.mailer.clone());
                            self.db
                                .write(move |tx| tell_about(&mailer, tx, fail(tx, &r, "Paystack has no record of this refund", now)?))
                                .await?;
                        }
                        None => {}
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restocks_are_read_as_units_or_as_the_whole_lines_of_older_refunds() {
        assert_eq!(restocks(r#"[{"line":0,"units":1}]"#), [Restock { line: 0, units: 1 }]);
        assert_eq!(restocks("[0, 2]"), [Restock { line: 0, units: i64::MAX }, Restock { line: 2, units: i64::MAX }]);
        assert_eq!(restocks("[]"), []);
        assert_eq!(restocks("garbage"), []);
    }
}
