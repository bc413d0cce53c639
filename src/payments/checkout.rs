//! Starting a payment: the checkout form's starting values, its checks, the bag snapshot at
//! current prices and the Paystack transaction it initialises.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::delivery::Method;
use crate::error::answers::{BadGateway, BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::orders::{Address, OrderItem};
use crate::pricing::{self, Breakdown};

#[derive(Serialize, Deserialize, Clone, Debug, Default, utoipa::ToSchema)]
pub struct Customer {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
}

/// Who takes the card: the built-in sandbox (no keys configured) or Paystack itself.
#[derive(Serialize, Clone, Copy, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMode {
    Sandbox,
    Paystack,
}

fn mode(state: &AppState) -> PaymentMode {
    if state.paystack.sandbox { PaymentMode::Sandbox } else { PaymentMode::Paystack }
}

/// The checkout form's starting values.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutDetails {
    customer: Customer,
    /// The last delivery address this customer used, if any.
    address: Option<Address>,
    mode: PaymentMode,
    public_key: String,
}

/// What the payment pop-up needs.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStart {
    reference: String,
    access_code: String,
    authorization_url: String,
    /// Kobo.
    amount: i64,
    /// Always "NGN".
    currency: &'static str,
    email: String,
    public_key: String,
    mode: PaymentMode,
    metadata: PaymentMetadata,
    /// The bag as snapshotted at current prices.
    items: Vec<OrderItem>,
    /// Kobo: the parts of `amount`.
    breakdown: Breakdown,
    /// e.g. "1–2 working days"; none for pickup.
    delivery_estimate: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentMetadata {
    name: String,
    phone: String,
}

/// The checkout form's starting values: the profile, and the last delivery address used.
#[utoipa::path(tag = "checkout", responses((status = OK, body = CheckoutDetails), Unauthorized))]
#[get("/checkout")]
pub(super) async fn checkout_details(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
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
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(CheckoutDetails {
        customer,
        address,
        mode: mode(&state),
        public_key: state.paystack.public_key.clone(),
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub(super) struct StartBody {
    #[serde(default)]
    customer: Customer,
    #[serde(default)]
    address: Address,
    /// Delivered to the address (the default) or picked up in store.
    #[serde(default)]
    method: Method,
    /// A discount code as typed (any case).
    #[serde(default)]
    code: Option<String>,
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
    if !crate::email::looks_like_email(&c.email) {
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
    match crate::delivery::known_state(&a.state) {
        Some(state) => a.state = state.to_string(),
        None => return Err(AppError::Validation("Please choose your state.".into())),
    }
    if body.code.as_deref().is_some_and(|c| c.trim().is_empty()) {
        body.code = None;
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

/// The bag at current prices, refused when it cannot be paid for: its lines as ordered, and as
/// priced (with their collections, which codes may be limited to).
fn snapshot_bag(conn: &Connection, user_id: &str) -> AppResult<(Vec<OrderItem>, Vec<pricing::Line>)> {
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
    if rows as usize != bag.items.len() || bag.items.iter().any(|i| i.variant_id.is_none()) {
        return Err(AppError::Conflict("Some items in your bag are no longer available. Please review your bag.".into()));
    }
    let priced = bag
        .items
        .iter()
        .map(|item| pricing::Line { price: item.product.price, quantity: item.quantity, collection_id: item.product.collection_id.clone() })
        .collect();
    let lines = bag
        .items
        .iter()
        .map(|item| OrderItem {
            product_id: Some(item.product.id.clone()),
            variant_id: item.variant_id.clone(),
            name: item.product.name.clone(),
            price: item.product.price,
            quantity: item.quantity,
            size: item.size.clone(),
            color: item.color.clone(),
        })
        .collect();
    Ok((lines, priced))
}

/// Gives back what this shopper's earlier unpaid checkouts hold: a new checkout replaces them.
fn release_own_holds(tx: &Connection, user_id: &str) -> rusqlite::Result<()> {
    let held: Vec<String> = tx
        .prepare_cached(
            "SELECT r.payment_reference FROM reservations r JOIN payments p ON p.reference = r.payment_reference WHERE p.user_id = ?1
             UNION SELECT payment_reference FROM discount_uses WHERE user_id = ?1 AND status = 'held'",
        )?
        .query_map([user_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for reference in held {
        super::release_holds(tx, &reference)?;
    }
    Ok(())
}

/// What a checkout will cost: the bag priced with delivery by `method` to `state` and the code,
/// if any, checked for this customer. Shared by the quote and the payment's start.
fn quote_in(conn: &Connection, user_id: &str, state: &str, method: Method, code: Option<&str>) -> AppResult<Quote> {
    let (lines, priced) = snapshot_bag(conn, user_id)?;
    let (delivery, delivery_estimate) = crate::delivery::for_checkout(conn, state, method)?;
    let subtotal: i64 = priced.iter().map(|l| l.price * l.quantity).sum();
    let code = code.map(|typed| crate::discounts::usable(conn, typed, user_id, subtotal, crate::db::now_ms())).transpose()?;
    let breakdown = pricing::price(&priced, &delivery, code.as_ref().map(|c| c.discount()).as_ref());
    if breakdown.total < MINIMUM_KOBO {
        return Err(AppError::Validation("The minimum order is ₦50.00.".into()));
    }
    Ok(Quote { breakdown, delivery_estimate, code, lines })
}

/// A priced checkout.
struct Quote {
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    code: Option<crate::discounts::Code>,
    lines: Vec<OrderItem>,
}

/// What starting a payment decided, in one transaction: the bag snapshot at current prices, the
/// units reserved for it, and the payment row (without an access code until Paystack gives one,
/// so nobody can pay it yet and a crash leaves only a hold the reconciler gives back).
struct Started {
    quote: Quote,
    ran_low: Vec<crate::stock::RanLow>,
}

fn reserve_and_record(tx: &Transaction, user_id: &str, body: &StartBody, reference: &str) -> AppResult<Started> {
    let now = crate::db::now_ms();
    super::release_expired_holds(tx, now)?;
    release_own_holds(tx, user_id)?;
    let quote = quote_in(tx, user_id, &body.address.state, body.method, body.code.as_deref())?;
    let b = quote.breakdown;
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               discount_code, delivery_method, delivery_estimate)
         VALUES (?1, ?2, ?3, 'NGN', ?10, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?11, ?12, ?13, ?14, ?15, ?16)",
        params![
            reference,
            user_id,
            b.total,
            body.customer.name,
            body.customer.email,
            body.customer.phone,
            serde_json::to_string(&body.address).map_err(AppError::internal)?,
            serde_json::to_string(&quote.lines).map_err(AppError::internal)?,
            now,
            PaymentStatus::Pending,
            b.subtotal,
            b.delivery,
            b.discount,
            quote.code.as_ref().map(|c| c.code.clone()),
            body.method,
            quote.delivery_estimate
        ],
    )?;
    let expires_at = now + crate::stock::RESERVATION_MS;
    let ran_low = crate::stock::reserve(tx, reference, &quote.lines, expires_at)?;
    if let Some(code) = &quote.code {
        crate::discounts::hold(tx, code, reference, user_id, b.discount, expires_at)?;
    }
    Ok(Started { quote, ran_low })
}

#[derive(Deserialize, utoipa::ToSchema)]
pub(super) struct QuoteBody {
    /// The delivery state (any case; "FCT" and "Abuja" are the Federal Capital Territory).
    #[serde(default)]
    state: String,
    #[serde(default)]
    method: Method,
    /// A discount code to try, as typed.
    #[serde(default)]
    code: Option<String>,
}

/// What the checkout summary shows before paying.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutQuote {
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    /// The code applied, as stored.
    code: Option<String>,
}

/// Prices the bag for a state, a delivery method and a code, without starting anything. A code
/// that cannot be used answers 400 with the reason ("This code has expired").
#[utoipa::path(tag = "checkout", responses((status = OK, body = CheckoutQuote), BadRequest, Unauthorized, Conflict, TooManyRequests))]
#[post("/checkout/quote")]
pub(super) async fn price_checkout(state: web::Data<AppState>, user: CurrentUser, body: web::Json<QuoteBody>) -> AppResult<HttpResponse> {
    let QuoteBody { state: delivery_state, method, code } = body.into_inner();
    let code = code.filter(|c| !c.trim().is_empty());
    let quote = state.db.read(move |c| quote_in(c, &user.id, &delivery_state, method, code.as_deref())).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(CheckoutQuote {
        breakdown: quote.breakdown,
        delivery_estimate: quote.delivery_estimate,
        code: quote.code.map(|c| c.code),
    }))
}

#[utoipa::path(
    tag = "checkout",
    params(("Idempotency-Key" = Option<String>, Header, description = "Seen again within ten minutes, the request is refused with 409: a double click starts one payment")),
    responses((status = CREATED, body = PaymentStart), BadRequest, Unauthorized, Conflict, TooManyRequests, BadGateway)
)]
#[post("/checkout")]
pub(super) async fn start_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<StartBody>,
) -> AppResult<HttpResponse> {
    state.submissions.check(&req, &user.id)?;
    let mut body = body.into_inner();
    validate(&mut body)?;
    let reference = new_reference();
    let customer = body.customer.clone();
    let (user_id, r) = (user.id.clone(), reference.clone());
    let Started { quote, ran_low } = state.db.write(move |tx| reserve_and_record(tx, &user_id, &body, &r)).await?;
    let amount = quote.breakdown.total;
    // Stock changed: the catalogue answers must show it.
    state.cache.invalidate();
    crate::stock::admin::tell_shop_about_low_stock(&state, &ran_low);
    let started = match state.paystack.initialize(&customer.email, amount, &reference, &customer.name, &customer.phone).await {
        Ok(started) => started,
        Err(why) => {
            log::warn!("payment {reference} not started: {}", why.0);
            let r = reference.clone();
            state
                .db
                .write(move |tx| {
                    super::release_holds(tx, &r)?;
                    tx.execute("DELETE FROM payments WHERE reference = ?1", [&r])?;
                    Ok(())
                })
                .await?;
            state.cache.invalidate();
            return Err(AppError::Upstream("We couldn't start the payment. Please try again in a moment.".into()));
        }
    };
    crate::metrics::Metrics::add(&state.metrics.checkouts_started, 1);
    let (r, code) = (reference.clone(), started.access_code.clone());
    state
        .db
        .write(move |tx| {
            tx.execute("UPDATE payments SET access_code = ?2 WHERE reference = ?1", params![r, code])?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(PaymentStart {
        reference,
        access_code: started.access_code,
        authorization_url: started.authorization_url,
        amount,
        currency: "NGN",
        email: customer.email,
        public_key: state.paystack.public_key.clone(),
        mode: mode(&state),
        metadata: PaymentMetadata { name: customer.name, phone: customer.phone },
        items: quote.lines,
        breakdown: quote.breakdown,
        delivery_estimate: quote.delivery_estimate,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub(super) struct CancelBody {
    #[serde(default)]
    reference: String,
}

/// The shopper closed the payment pop-up: the units it held go back on sale. The payment itself
/// stays open (Paystack may still complete it), and is then checked against stock.
#[utoipa::path(tag = "checkout", responses((status = OK, body = crate::api::StatusOk), BadRequest, Unauthorized, NotFound))]
#[post("/payments/cancel")]
pub(super) async fn cancel_payment(state: web::Data<AppState>, user: CurrentUser, body: web::Json<CancelBody>) -> AppResult<HttpResponse> {
    let reference = body.into_inner().reference;
    let released = state
        .db
        .write(move |tx| {
            let mine: bool = tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM payments WHERE reference = ?1 AND user_id = ?2)",
                params![reference, user.id],
                |r| r.get(0),
            )?;
            if !mine {
                return Err(AppError::NotFound("Payment not found.".into()));
            }
            Ok(super::release_holds(tx, &reference)?)
        })
        .await?;
    if released > 0 {
        state.cache.invalidate();
    }
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(crate::api::StatusOk::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::completion::plausible_reference;

    fn body(customer: Customer, address: Address) -> StartBody {
        StartBody { customer, address, method: Method::Delivery, code: None }
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
