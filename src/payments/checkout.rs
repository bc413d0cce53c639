//! Starting a payment: the checkout form's starting values, its checks, the bag snapshot at
//! current prices and the Paystack transaction it initialises.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::answers::{BadGateway, BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::orders::{Address, OrderItem};

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
    if rows as usize != bag.items.len() || bag.items.iter().any(|i| i.variant_id.is_none()) {
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
            variant_id: item.variant_id.clone(),
            name: item.product.name.clone(),
            price: item.product.price,
            quantity: item.quantity,
            size: item.size.clone(),
            color: item.color.clone(),
        })
        .collect();
    Ok((bag.total, lines))
}

/// Gives back what this shopper's earlier unpaid checkouts hold: a new checkout replaces them.
fn release_own_holds(tx: &Connection, user_id: &str) -> rusqlite::Result<()> {
    let held: Vec<String> = tx
        .prepare_cached(
            "SELECT DISTINCT r.payment_reference FROM reservations r JOIN payments p ON p.reference = r.payment_reference
             WHERE p.user_id = ?1",
        )?
        .query_map([user_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for reference in held {
        crate::stock::release(tx, &reference)?;
    }
    Ok(())
}

/// What starting a payment decided, in one transaction: the bag snapshot at current prices, the
/// units reserved for it, and the payment row (without an access code until Paystack gives one,
/// so nobody can pay it yet and a crash leaves only a hold the reconciler gives back).
struct Started {
    amount: i64,
    lines: Vec<OrderItem>,
    ran_low: Vec<crate::stock::RanLow>,
}

fn reserve_and_record(tx: &Transaction, user_id: &str, body: &StartBody, reference: &str) -> AppResult<Started> {
    let now = crate::db::now_ms();
    crate::stock::release_expired(tx, now)?;
    release_own_holds(tx, user_id)?;
    let (amount, lines) = snapshot_bag(tx, user_id)?;
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'NGN', ?10, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
        params![
            reference,
            user_id,
            amount,
            body.customer.name,
            body.customer.email,
            body.customer.phone,
            serde_json::to_string(&body.address).map_err(AppError::internal)?,
            serde_json::to_string(&lines).map_err(AppError::internal)?,
            now,
            PaymentStatus::Pending
        ],
    )?;
    let ran_low = crate::stock::reserve(tx, reference, &lines, now + crate::stock::RESERVATION_MS)?;
    Ok(Started { amount, lines, ran_low })
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
    let Started { amount, lines, ran_low } = state.db.write(move |tx| reserve_and_record(tx, &user_id, &body, &r)).await?;
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
                    crate::stock::release(tx, &r)?;
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
        items: lines,
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
            Ok(crate::stock::release(tx, &reference)?)
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
