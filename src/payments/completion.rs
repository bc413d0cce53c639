//! Completing a payment: one routine, shared by the browser's verify, the signed webhook and the
//! reconciler, that creates the order once when Paystack reports exactly the expected success.

use actix_web::{HttpRequest, HttpResponse, ResponseError, post, web};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::paystack::{Transaction as PaidTransaction, Verified};
use super::*;
use crate::api::StatusOk;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::answers::{BadGateway, BadRequest, NotFound, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::orders::{self, Address, Order, OrderItem, OrderStatus, Price};

#[derive(Deserialize, utoipa::ToSchema)]
pub(super) struct VerifyBody {
    #[serde(default)]
    reference: String,
}

pub(super) fn plausible_reference(reference: &str) -> bool {
    (1..=100).contains(&reference.len()) && reference.chars().all(|c| c.is_ascii_alphanumeric() || "-.=".contains(c))
}

/// The answer to a browser's verify: `data.success` tells.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Verification {
    data: VerifiedPayment,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VerifiedPayment {
    success: bool,
    reference: String,
    /// The order, when the payment completed.
    order: Option<Order>,
    /// Why not, when it did not: Paystack's status, "pending" or "mismatch".
    status: Option<String>,
    message: Option<String>,
}

/// SPEC's verifyTransaction: the browser reports a reference its pop-up called successful; the
/// server asks Paystack and completes the payment only on a matching `success`.
#[utoipa::path(tag = "checkout", responses((status = OK, body = Verification), BadRequest, Unauthorized, NotFound, BadGateway))]
#[post("/payments/verify")]
pub(super) async fn verify_payment(state: web::Data<AppState>, user: CurrentUser, body: web::Json<VerifyBody>) -> AppResult<HttpResponse> {
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
    let not_paid = |status: String, message: String| VerifiedPayment {
        success: false,
        reference: reference.clone(),
        order: None,
        status: Some(status),
        message: Some(message),
    };
    let data = match outcome {
        Outcome::Completed { order, .. } => {
            VerifiedPayment { success: true, reference: reference.clone(), order: Some(*order), status: None, message: None }
        }
        Outcome::NotPaid { status, message } => not_paid(status, message),
        Outcome::Mismatch => not_paid(
            "mismatch".into(),
            "Your payment could not be confirmed: the amount paid does not match your order. Our team will contact you.".into(),
        ),
        Outcome::Unknown => return Err(not_found()),
    };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(Verification { data }))
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
    let mut ran_low = Vec::new();
    let (outcome, ran_low) = state
        .db
        .write(move |tx| {
            let outcome = complete_in(tx, &r, &transaction, &mut ran_low)?;
            Ok((outcome, ran_low))
        })
        .await?;
    if let Outcome::Completed { order, created: true } = &outcome {
        crate::metrics::Metrics::add(&state.metrics.checkouts_completed, 1);
        send_order_mails(state, order);
        if order.oversold {
            // Units came out of stock outside a reservation: what shoppers see changed.
            state.cache.invalidate();
        }
    }
    crate::stock::admin::tell_shop_about_low_stock(state, &ran_low);
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

fn complete_in(tx: &Transaction, reference: &str, paid: &PaidTransaction, ran_low: &mut Vec<crate::stock::RanLow>) -> AppResult<Outcome> {
    /// The payment as recorded when it started: who, how much, and the bag it pays for.
    struct Recorded {
        user_id: String,
        expected: i64,
        currency: String,
        status: PaymentStatus,
        name: String,
        email: String,
        phone: String,
        address: String,
        lines: String,
        price: Price,
    }
    let payment = tx
        .query_row(
            "SELECT user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone, delivery_address, items,
                    COALESCE(subtotal_kobo, amount_kobo) AS subtotal_kobo, delivery_kobo, discount_kobo, discount_code,
                    delivery_method, delivery_estimate
             FROM payments WHERE reference = ?1",
            [reference],
            |r| {
                Ok(Recorded {
                    user_id: r.get("user_id")?,
                    expected: r.get("amount_kobo")?,
                    currency: r.get("currency")?,
                    status: r.get("status")?,
                    name: r.get("customer_name")?,
                    email: r.get("customer_email")?,
                    phone: r.get("customer_phone")?,
                    address: r.get("delivery_address")?,
                    lines: r.get("items")?,
                    price: Price {
                        subtotal: r.get("subtotal_kobo")?,
                        delivery_fee: r.get("delivery_kobo")?,
                        discount: r.get("discount_kobo")?,
                        discount_code: r.get("discount_code")?,
                        delivery_method: r.get("delivery_method")?,
                        delivery_estimate: r.get("delivery_estimate")?,
                    },
                })
            },
        )
        .optional()?;
    let Some(Recorded { user_id, expected, currency, status, name, email, phone, address, lines, price }) = payment else {
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
    let taken = crate::stock::sell(tx, reference, &lines)?;
    ran_low.extend(taken.ran_low);
    if taken.oversold {
        log::warn!("payment {reference} completed after its units sold out; the order is flagged oversold");
    }
    let code_over_limit = match &price.discount_code {
        Some(code) => !crate::discounts::count_use(tx, reference, code, &user_id, price.discount, now)?,
        None => false,
    };
    if code_over_limit {
        log::warn!("payment {reference} completed after its code's use could no longer be counted; the order is flagged");
    }
    let order_id = crate::util::new_id();
    let number = orders::new_order_number(tx)?;
    tx.execute(
        "INSERT INTO orders (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
                             street, city, state, country, postal_code, created_at, updated_at, number, oversold,
                             subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
                             code_over_limit)
         VALUES (?1, ?2, ?3, ?14, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)",
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
            OrderStatus::Paid,
            number,
            taken.oversold,
            price.subtotal,
            price.delivery_fee,
            price.discount,
            price.discount_code,
            price.delivery_method,
            price.delivery_estimate,
            code_over_limit
        ],
    )?;
    let mut insert_item = tx.prepare_cached(
        "INSERT INTO order_items (order_id, position, product_id, name, price_kobo, quantity, size, color, variant_id, from_stock)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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
            line.color,
            line.variant_id,
            taken.from_stock[position]
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
        number,
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
        oversold: taken.oversold,
        code_over_limit,
        price,
        refunds: Default::default(),
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
#[utoipa::path(
    tag = "checkout",
    params(("x-paystack-signature" = String, Header, description = "Hex HMAC-SHA512 of the raw body with the secret key")),
    request_body(content = serde_json::Value, description = "Paystack's event; charge.success and refund.* are re-fetched through the API"),
    responses((status = OK, body = StatusOk, description = "Acknowledged"), BadRequest, Unauthorized)
)]
#[post("/payments/webhook")]
pub(super) async fn webhook(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let signature = req.headers().get("x-paystack-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !state.paystack.signature_is_valid(&body, signature) {
        log::warn!("webhook refused: bad or missing signature");
        crate::metrics::Metrics::add(&state.metrics.webhooks_refused, 1);
        return AppError::Unauthenticated("Invalid signature.".into()).error_response();
    }
    let event: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(event) => event,
        Err(_) => {
            crate::metrics::Metrics::add(&state.metrics.webhooks_refused, 1);
            return AppError::Validation("The body is not JSON.".into()).error_response();
        }
    };
    crate::metrics::Metrics::add(&state.metrics.webhooks_accepted, 1);
    let reference = event["data"]["reference"].as_str().unwrap_or("").to_string();
    if event["event"].as_str().is_some_and(|e| e.starts_with("refund.")) {
        let state = state.into_inner();
        actix_web::rt::spawn(async move {
            if let Err(e) = crate::refunds::on_webhook(&state, &event["data"]).await {
                log::warn!("refund webhook: {e}");
            }
        });
    } else if event["event"] == "charge.success" && plausible_reference(&reference) {
        let state = state.into_inner();
        actix_web::rt::spawn(async move {
            if let Err(e) = settle_from_paystack(&state, &reference).await {
                log::warn!("webhook for {reference}: {e}");
            }
        });
    }
    HttpResponse::Ok().json(StatusOk::default())
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
