//! Checkout and payment completion. Starting a payment snapshots the bag at current prices and
//! initialises a Paystack transaction; completing one happens only after Paystack's verify says
//! `success` with exactly the expected kobo and NGN, in one routine shared by the browser's verify
//! call, the signed webhook and the reconciler, idempotent per reference.

pub mod paystack;
pub mod sandbox;

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::orders::{self, Order, OrderItem, OrderStatus};
use paystack::{Transaction as PaidTransaction, Verified};

/// Paystack's smallest NGN charge.
pub const MINIMUM_KOBO: i64 = 5_000;

crate::text_enum! {
    /// Where a checkout's payment is. A declined card leaves it `failed` but still payable with
    /// another card, as at Paystack; an unpaid one becomes `abandoned` after a day. `completed`
    /// (an order exists) and `mismatch` (kept for an admin) are settled: nothing changes them.
    pub enum PaymentStatus {
        Pending => "pending",
        Failed => "failed",
        Abandoned => "abandoned",
        Mismatch => "mismatch",
        Completed => "completed",
    }
}

impl PaymentStatus {
    /// Settled payments are answered from the database, never sent to Paystack again.
    pub fn is_settled(self) -> bool {
        matches!(self, PaymentStatus::Completed | PaymentStatus::Mismatch)
    }

    /// Whether a payment in this status may move to `next`: an open payment (pending, declined
    /// or abandoned) may still be declined again, mismatch or complete; settled ones never move.
    pub fn can_become(self, next: PaymentStatus) -> bool {
        use PaymentStatus::*;
        match self {
            Pending | Failed | Abandoned => matches!(next, Failed | Mismatch | Completed) || (self, next) == (Pending, Abandoned),
            Mismatch | Completed => false,
        }
    }
}
const FIELD_MAX: usize = 200;
const NOT_CONFIRMED: &str = "We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkout", web::get().to(checkout_details))
        .route("/checkout", web::post().to(start_payment))
        .route("/payments/verify", web::post().to(verify_payment))
        .route("/payments/webhook", web::post().to(webhook));
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub postal_code: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub struct Customer {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
}

fn mode(state: &AppState) -> &'static str {
    if state.paystack.sandbox { "sandbox" } else { "paystack" }
}

/// The checkout form's starting values: the profile, and the last delivery address used.
async fn checkout_details(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let (customer, address) = state
        .db
        .read(move |c| {
            let customer = c.query_row("SELECT display_name, email, COALESCE(phone, '') FROM users WHERE id = ?1", [&user.id], |r| {
                Ok(Customer { name: r.get(0)?, email: r.get(1)?, phone: r.get(2)? })
            })?;
            let address: Option<String> = c
                .query_row("SELECT delivery_address FROM payments WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 1", [&user.id], |r| {
                    r.get(0)
                })
                .optional()?;
            Ok((customer, address.and_then(|a| serde_json::from_str::<Address>(&a).ok())))
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({
        "customer": customer,
        "address": address,
        "mode": mode(&state),
        "publicKey": state.paystack.public_key,
    })))
}

#[derive(Deserialize)]
struct StartBody {
    #[serde(default)]
    customer: Customer,
    #[serde(default)]
    address: Address,
}

fn tidy(text: &mut String) {
    *text = text.trim().to_string();
}

fn validate(body: &mut StartBody) -> AppResult<()> {
    let c = &mut body.customer;
    for field in [&mut c.name, &mut c.email, &mut c.phone] {
        tidy(field);
    }
    if c.name.is_empty() || c.email.is_empty() || c.phone.is_empty() {
        return Err(AppError::Validation("Please fill in your name, email and phone number.".into()));
    }
    if !crate::content::looks_like_email(&c.email) {
        return Err(AppError::Validation("Please enter a valid email address.".into()));
    }
    let digits = c.phone.chars().filter(char::is_ascii_digit).count();
    let phone_chars_ok = c.phone.chars().all(|ch| ch.is_ascii_digit() || " +-().".contains(ch));
    if !(7..=15).contains(&digits) || !phone_chars_ok || c.phone.len() > 25 {
        return Err(AppError::Validation("Please enter a valid phone number.".into()));
    }
    if c.name.chars().count() > 100 {
        return Err(AppError::Validation("Please keep the name under 100 characters.".into()));
    }
    let a = &mut body.address;
    let fields = [&mut a.street, &mut a.city, &mut a.state, &mut a.country, &mut a.postal_code];
    let mut missing = false;
    let mut too_long = false;
    for field in fields {
        tidy(field);
        missing |= field.is_empty();
        too_long |= field.chars().count() > FIELD_MAX;
    }
    if missing {
        return Err(AppError::Validation("Please fill in all delivery address fields".into()));
    }
    if too_long {
        return Err(AppError::Validation(format!("Please keep each delivery address field under {FIELD_MAX} characters.")));
    }
    Ok(())
}

/// A fresh, Paystack-safe reference (letters, digits and `-` only).
fn new_reference() -> String {
    format!("ANK-{}", crate::util::random_id(24))
}

/// Unpaid payments one customer may start within ten minutes: each costs a Paystack call, and
/// nobody shopping needs more.
const MAX_OPEN_PAYMENTS: i64 = 10;
const OPEN_PAYMENTS_WINDOW_MS: i64 = 600_000;

/// The bag at current prices, refused when it cannot be paid for.
fn snapshot_bag(conn: &Connection, user_id: &str) -> AppResult<(i64, Vec<OrderItem>)> {
    let now = crate::db::now_ms();
    let (open, oldest): (i64, Option<i64>) = conn.query_row(
        "SELECT COUNT(*), MIN(created_at) FROM payments WHERE user_id = ?1 AND status = ?3 AND created_at > ?2",
        params![user_id, now - OPEN_PAYMENTS_WINDOW_MS, PaymentStatus::Pending],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if open >= MAX_OPEN_PAYMENTS {
        let wait = oldest.map_or(0, |t| t + OPEN_PAYMENTS_WINDOW_MS - now).max(0) as u64;
        return Err(AppError::TooManyRequests(
            "You have started several payments in the last few minutes. Please finish one or try again shortly.".into(),
            std::time::Duration::from_millis(wait),
        ));
    }
    let bag = crate::bag::load(conn, user_id)?;
    let rows: i64 = conn.query_row("SELECT COUNT(*) FROM bag_items WHERE user_id = ?1", [user_id], |r| r.get(0))?;
    if rows == 0 {
        return Err(AppError::Conflict("Your bag is empty.".into()));
    }
    if rows as usize != bag.items.len() {
        return Err(AppError::Conflict("Some items in your bag are no longer available. Please review your bag.".into()));
    }
    if bag.total < MINIMUM_KOBO {
        return Err(AppError::Validation("The minimum order is ₦50.00.".into()));
    }
    let lines = bag
        .items
        .iter()
        .map(|item| OrderItem {
            product_id: Some(item.product.id.clone()),
            name: item.product.name.clone(),
            price: item.product.price,
            quantity: item.quantity,
            size: item.size.clone(),
            color: item.color.clone(),
        })
        .collect();
    Ok((bag.total, lines))
}

/// Records a payment Paystack has initialised. Only now can the shopper pay it, so a crash
/// before this point leaves nothing payable behind.
fn record_pending_payment(
    tx: &Transaction,
    user_id: &str,
    body: &StartBody,
    reference: &str,
    amount: i64,
    lines: &[OrderItem],
    access_code: &str,
) -> AppResult<()> {
    let now = crate::db::now_ms();
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, access_code, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'NGN', ?11, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![
            reference,
            user_id,
            amount,
            body.customer.name,
            body.customer.email,
            body.customer.phone,
            serde_json::to_string(&body.address).map_err(AppError::internal)?,
            serde_json::to_string(lines).map_err(AppError::internal)?,
            access_code,
            now,
            PaymentStatus::Pending
        ],
    )?;
    Ok(())
}

async fn start_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<StartBody>,
) -> AppResult<HttpResponse> {
    state.submissions.check(&req, &user.id)?;
    let mut body = body.into_inner();
    validate(&mut body)?;
    let user_id = user.id.clone();
    let (amount, lines) = state.db.read(move |c| snapshot_bag(c, &user_id)).await?;
    let reference = new_reference();
    let customer = body.customer.clone();
    let started = match state.paystack.initialize(&customer.email, amount, &reference, &customer.name, &customer.phone).await {
        Ok(started) => started,
        Err(why) => {
            log::warn!("payment {reference} not started: {}", why.0);
            return Err(AppError::Upstream("We couldn't start the payment. Please try again in a moment.".into()));
        }
    };
    let (r, code) = (reference.clone(), started.access_code.clone());
    let lines = state
        .db
        .write(move |tx| {
            record_pending_payment(tx, &user.id, &body, &r, amount, &lines, &code)?;
            Ok(lines)
        })
        .await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(json!({
        "reference": reference,
        "accessCode": started.access_code,
        "authorizationUrl": started.authorization_url,
        "amount": amount,
        "currency": "NGN",
        "email": customer.email,
        "publicKey": state.paystack.public_key,
        "mode": mode(&state),
        "metadata": { "name": customer.name, "phone": customer.phone },
        "items": lines,
    })))
}

#[derive(Deserialize)]
struct VerifyBody {
    #[serde(default)]
    reference: String,
}

fn plausible_reference(reference: &str) -> bool {
    (1..=100).contains(&reference.len()) && reference.chars().all(|c| c.is_ascii_alphanumeric() || "-.=".contains(c))
}

/// SPEC's verifyTransaction: the browser reports a reference its pop-up called successful; the
/// server asks Paystack and completes the payment only on a matching `success`.
async fn verify_payment(state: web::Data<AppState>, user: CurrentUser, body: web::Json<VerifyBody>) -> AppResult<HttpResponse> {
    let reference = body.into_inner().reference;
    let not_found = || AppError::NotFound("Payment not found.".into());
    if !plausible_reference(&reference) {
        return Err(not_found());
    }
    let status = {
        let (r, u) = (reference.clone(), user.id.clone());
        state
            .db
            .read(move |c| {
                Ok(c.query_row("SELECT status FROM payments WHERE reference = ?1 AND user_id = ?2", [&r, &u], |row| {
                    row.get::<_, PaymentStatus>(0)
                })
                .optional()?)
            })
            .await?
    };
    let outcome = match status {
        None => return Err(not_found()),
        // A replay of a finished payment answers from the database, without asking Paystack again.
        Some(status) if status.is_settled() => {
            let r = reference.clone();
            state.db.read(move |c| settled_outcome(c, &r)).await?
        }
        // Browsers get a few calls to Paystack per reference (the webhook and reconciler are not limited).
        Some(_) if state.browser_verifies.try_acquire(&reference).is_err() => {
            Outcome::NotPaid { status: "pending".into(), message: NOT_CONFIRMED.into() }
        }
        Some(_) => ask_paystack_and_complete(&state, &reference).await?,
    };
    let data = match outcome {
        Outcome::Completed { order, .. } => json!({ "success": true, "reference": reference, "order": order }),
        Outcome::NotPaid { status, message } => json!({ "success": false, "reference": reference, "status": status, "message": message }),
        Outcome::Mismatch => json!({
            "success": false, "reference": reference, "status": "mismatch",
            "message": "Your payment could not be confirmed: the amount paid does not match your order. Our team will contact you.",
        }),
        Outcome::Unknown => return Err(not_found()),
    };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({ "data": data })))
}

/// What completing a reference led to.
#[derive(Debug)]
pub enum Outcome {
    /// The order exists; `created` is true only for the call that created it.
    Completed { order: Box<Order>, created: bool },
    /// Paystack does not (yet) report a successful payment.
    NotPaid { status: String, message: String },
    /// Paystack reported success, but not for the amount or currency we asked for.
    Mismatch,
    /// We never issued this reference.
    Unknown,
}

fn settled_outcome(conn: &Connection, reference: &str) -> AppResult<Outcome> {
    match orders::by_reference(conn, reference)? {
        Some(order) => Ok(Outcome::Completed { order: Box::new(order), created: false }),
        None => Ok(Outcome::Mismatch),
    }
}

fn not_paid_message(status: &str, gateway_response: &str) -> String {
    match status {
        "failed" | "reversed" if !gateway_response.is_empty() => {
            format!("Your payment could not be confirmed: {gateway_response}.")
        }
        "failed" | "reversed" => "Your payment could not be confirmed: the card was declined.".into(),
        _ => NOT_CONFIRMED.into(),
    }
}

/// The one completion routine: with Paystack's word on a reference, create the order (once) and
/// take what was bought out of the bag, or record why not. One IMMEDIATE transaction; the unique
/// payment reference on orders makes a second creation impossible even if this were raced.
pub async fn complete(state: &AppState, reference: &str, transaction: PaidTransaction) -> AppResult<Outcome> {
    let r = reference.to_string();
    let outcome = state.db.write(move |tx| complete_in(tx, &r, &transaction)).await?;
    if let Outcome::Completed { order, created: true } = &outcome {
        send_order_mails(state, order);
    }
    Ok(outcome)
}

/// Moves a payment from `current` to `next`, as the status allows, with the reason an admin sees.
fn set_status(tx: &Transaction, reference: &str, current: PaymentStatus, next: PaymentStatus, reason: Option<&str>) -> AppResult<()> {
    if !current.can_become(next) {
        return Err(AppError::internal(format!("payment {reference} cannot go from {current} to {next}")));
    }
    tx.execute(
        "UPDATE payments SET status = ?1, failure_reason = ?2, updated_at = ?3 WHERE reference = ?4",
        params![next, reason, crate::db::now_ms(), reference],
    )?;
    Ok(())
}

fn complete_in(tx: &Transaction, reference: &str, paid: &PaidTransaction) -> AppResult<Outcome> {
    let payment = tx
        .query_row(
            "SELECT user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone, delivery_address, items
             FROM payments WHERE reference = ?1",
            [reference],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, PaymentStatus>(3)?,
                    (r.get::<_, String>(4)?, r.get::<_, String>(5)?, r.get::<_, String>(6)?),
                    r.get::<_, String>(7)?,
                    r.get::<_, String>(8)?,
                ))
            },
        )
        .optional()?;
    let Some((user_id, expected, currency, status, (name, email, phone), address, lines)) = payment else {
        return Ok(Outcome::Unknown);
    };
    if status.is_settled() {
        return settled_outcome(tx, reference);
    }
    let now = crate::db::now_ms();
    if paid.status != "success" {
        if paid.status == "failed" || paid.status == "reversed" {
            // Not final: a shopper may try another card on the same transaction.
            let reason = format!("Paystack: {} ({})", paid.status, paid.gateway_response);
            set_status(tx, reference, status, PaymentStatus::Failed, Some(&reason))?;
        }
        return Ok(Outcome::NotPaid { status: paid.status.clone(), message: not_paid_message(&paid.status, &paid.gateway_response) });
    }
    if paid.reference != reference || paid.amount != Some(expected) || paid.currency != currency {
        let reported = paid.amount.map_or("a non-integer amount".to_string(), |a| format!("{a} kobo"));
        let reason = format!(
            "Paystack reported success for {reported} {} on {}; expected {expected} kobo {currency}",
            paid.currency, paid.reference
        );
        set_status(tx, reference, status, PaymentStatus::Mismatch, Some(&reason))?;
        log::warn!("payment {reference}: success with a mismatched amount or currency; no order created");
        return Ok(Outcome::Mismatch);
    }
    let address: Address = serde_json::from_str(&address).map_err(AppError::internal)?;
    let lines: Vec<OrderItem> = serde_json::from_str(&lines).map_err(AppError::internal)?;
    let order_id = crate::util::new_id();
    tx.execute(
        "INSERT INTO orders (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
                             street, city, state, country, postal_code, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?14, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)",
        params![
            order_id,
            user_id,
            reference,
            name,
            email,
            phone,
            expected,
            address.street,
            address.city,
            address.state,
            address.country,
            address.postal_code,
            now,
            OrderStatus::Paid
        ],
    )?;
    let mut insert_item = tx.prepare_cached(
        "INSERT INTO order_items (order_id, position, product_id, name, price_kobo, quantity, size, color) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    // Take out of the bag what was paid for, and only that: lines added while the pop-up was open stay.
    let mut drop_line =
        tx.prepare_cached("DELETE FROM bag_items WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4 AND quantity <= ?5")?;
    let mut lower_line = tx.prepare_cached(
        "UPDATE bag_items SET quantity = quantity - ?5 WHERE user_id = ?1 AND product_id = ?2 AND size = ?3 AND color = ?4",
    )?;
    for (position, line) in lines.iter().enumerate() {
        insert_item.execute(params![
            order_id,
            position as i64,
            line.product_id,
            line.name,
            line.price,
            line.quantity,
            line.size,
            line.color
        ])?;
        let key = params![
            user_id,
            line.product_id.as_deref().unwrap_or(""),
            line.size.as_deref().unwrap_or(""),
            line.color.as_deref().unwrap_or(""),
            line.quantity
        ];
        drop_line.execute(key)?;
        lower_line.execute(key)?;
    }
    set_status(tx, reference, status, PaymentStatus::Completed, None)?;
    let order = Order {
        id: order_id,
        user_id,
        created_at: now,
        updated_at: now,
        status: OrderStatus::Paid,
        is_new: true,
        customer_name: name,
        customer_email: email,
        customer_phone: phone,
        payment_reference: reference.to_string(),
        items: lines,
        total_amount: expected,
        tracking_number: None,
        delivery_address: address,
    };
    Ok(Outcome::Completed { order: Box::new(order), created: true })
}

/// The confirmation to the customer and the notice to the shop, sent off the request path.
fn send_order_mails(state: &AppState, order: &Order) {
    let (customer_mail, shop_mail) = orders::mails::new_order(&state.config.shop_name, state.config.public_url(), order);
    state.mailer.send_in_background(vec![
        (order.customer_email.clone(), customer_mail.0, customer_mail.1),
        (state.mailer.shop_address(), shop_mail.0, shop_mail.1),
    ]);
}

/// Paystack's webhook. The signature is checked over the exact bytes; the event is then
/// re-verified through the API before anything is given. The answer is a quick 200 so Paystack
/// does not retry; the work continues in the background (and the reconciler backs it up).
async fn webhook(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let signature = req.headers().get("x-paystack-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.paystack.signature_is_valid(&body, signature) {
        log::warn!("webhook refused: bad or missing signature");
        return HttpResponse::Unauthorized().json(json!({ "error": "bad_signature", "message": "Invalid signature." }));
    }
    let event: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(event) => event,
        Err(_) => return HttpResponse::BadRequest().json(json!({ "error": "validation", "message": "The body is not JSON." })),
    };
    let reference = event["data"]["reference"].as_str().unwrap_or("").to_string();
    if event["event"] == "charge.success" && plausible_reference(&reference) {
        let state = state.into_inner();
        actix_web::rt::spawn(async move {
            if let Err(e) = settle_from_paystack(&state, &reference).await {
                log::warn!("webhook for {reference}: {e}");
            }
        });
    }
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// Asks Paystack about a reference and completes it, unless it is already settled. Used by the
/// webhook and the reconciler.
pub async fn settle_from_paystack(state: &AppState, reference: &str) -> AppResult<Option<Outcome>> {
    let r = reference.to_string();
    let status: Option<PaymentStatus> = state
        .db
        .read(move |c| Ok(c.query_row("SELECT status FROM payments WHERE reference = ?1", [&r], |row| row.get(0)).optional()?))
        .await?;
    match status {
        None => {
            log::warn!("Paystack told us about {reference}, which this shop never issued; ignored");
            return Ok(None);
        }
        Some(status) if status.is_settled() => return Ok(None),
        Some(_) => {}
    }
    ask_paystack_and_complete(state, reference).await.map(Some)
}

/// Paystack's verify for a reference, then the completion routine on its answer. Paystack not
/// knowing the reference, or not answering, creates nothing.
async fn ask_paystack_and_complete(state: &AppState, reference: &str) -> AppResult<Outcome> {
    match state.paystack.verify(reference).await {
        Ok(Verified::Found(transaction)) => complete(state, reference, transaction).await,
        Ok(Verified::NotFound) => Ok(Outcome::NotPaid { status: "unknown".into(), message: NOT_CONFIRMED.into() }),
        Err(why) => {
            log::warn!("verify of {reference} failed: {}", why.0);
            Err(AppError::Upstream(NOT_CONFIRMED.into()))
        }
    }
}

/// The safety net behind the webhook: pending payments are re-checked with Paystack, all of them
/// right after start (a crash may have cut a completion short), then as they fall due.
pub async fn reconcile_forever(state: Arc<AppState>) {
    let every = Duration::from_secs(state.config.reconcile_secs.max(1));
    let mut first = true;
    loop {
        actix_web::rt::time::sleep(if first { Duration::from_millis(500) } else { every }).await;
        if let Err(e) = reconcile_once(&state, first).await {
            log::warn!("payment reconciliation: {e}");
        }
        first = false;
    }
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// Re-checks the open payments that are due (or all of them with `everything`). A payment is due
/// again after the reconcile interval or a sixth of its age, whichever is longer, so old
/// abandoned checkouts do not eat Paystack's rate limit; unpaid ones are marked abandoned after a
/// day and left alone after two. Returns how many orders it created.
pub async fn reconcile_once(state: &AppState, everything: bool) -> AppResult<usize> {
    let now = crate::db::now_ms();
    let interval_ms = if everything { 0 } else { state.config.reconcile_secs.max(1) as i64 * 1000 };
    let due: Vec<(String, i64)> = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare_cached(
                "SELECT reference, created_at FROM payments
                 WHERE status IN (?4, ?5) AND access_code IS NOT NULL AND created_at >= ?2
                   AND (?3 = 0 OR updated_at <= ?1 - MAX(?3, (?1 - created_at) / 6))
                 ORDER BY updated_at LIMIT 200",
            )?;
            let rows = stmt.query_map(params![now, now - 2 * DAY_MS, interval_ms, PaymentStatus::Pending, PaymentStatus::Failed], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await?;
    let (mut settled, mut failures_in_a_row) = (0, 0);
    for (reference, created_at) in due {
        match settle_from_paystack(state, &reference).await {
            Ok(outcome) => {
                failures_in_a_row = 0;
                settled += usize::from(matches!(outcome, Some(Outcome::Completed { .. })));
            }
            Err(e) => {
                log::warn!("reconcile {reference}: {e}");
                failures_in_a_row += 1;
                // One odd payment must not block the others; several failures mean Paystack is unwell.
                if failures_in_a_row >= 3 {
                    break;
                }
            }
        }
        let abandoned = now - created_at > DAY_MS;
        let r = reference.clone();
        state
            .db
            .write(move |tx| {
                // Touch the row so the next round starts with others.
                tx.execute(
                    "UPDATE payments SET updated_at = ?1, status = CASE WHEN ?2 AND status = ?4 THEN ?6 ELSE status END
                     WHERE reference = ?3 AND status IN (?4, ?5)",
                    params![crate::db::now_ms(), abandoned, r, PaymentStatus::Pending, PaymentStatus::Failed, PaymentStatus::Abandoned],
                )?;
                Ok(())
            })
            .await?;
    }
    if settled > 0 {
        log::info!("reconciliation completed {settled} payment(s) that had no order yet");
    }
    Ok(settled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(customer: Customer, address: Address) -> StartBody {
        StartBody { customer, address }
    }

    fn good() -> StartBody {
        body(
            Customer { name: " Ada ".into(), email: "ada@example.com".into(), phone: "+234 803 000 0000".into() },
            Address {
                street: "1 Marina".into(),
                city: "Lagos".into(),
                state: "Lagos".into(),
                country: "Nigeria".into(),
                postal_code: "101001".into(),
            },
        )
    }

    #[test]
    fn checkout_forms_are_checked_with_the_spec_messages() {
        let mut ok = good();
        validate(&mut ok).unwrap();
        assert_eq!(ok.customer.name, "Ada", "trimmed");
        let mut no_city = good();
        no_city.address.city = "  ".into();
        assert_eq!(validate(&mut no_city).unwrap_err().message(), "Please fill in all delivery address fields");
        let mut no_phone = good();
        no_phone.customer.phone = String::new();
        assert_eq!(validate(&mut no_phone).unwrap_err().message(), "Please fill in your name, email and phone number.");
        let mut bad_phone = good();
        bad_phone.customer.phone = "call me".into();
        assert_eq!(validate(&mut bad_phone).unwrap_err().message(), "Please enter a valid phone number.");
        let mut bad_email = good();
        bad_email.customer.email = "ada".into();
        assert_eq!(validate(&mut bad_email).unwrap_err().message(), "Please enter a valid email address.");
    }

    #[test]
    fn references_are_paystack_safe() {
        let r = new_reference();
        assert!(plausible_reference(&r) && r.len() < 64);
        assert!(!plausible_reference("a b"));
        assert!(!plausible_reference("x_y"));
        assert!(!plausible_reference(""));
    }
}
