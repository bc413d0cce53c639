//! Starting a payment: the checkout form's starting values, its checks, the bag snapshot at
//! current prices and the Paystack transaction it initialises.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use super::*;
use crate::catalog::write::Changes;
use crate::delivery::Method;
use crate::error::{AppError, AppResult};
use crate::identity::Identity;
use crate::ids::{PaymentReference, UserId};
use crate::money::Kobo;
use crate::orders::{Address, OrderItem, PaymentMethod};
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

/// The checkout form's starting values.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutDetails {
    customer: Customer,
    /// The last delivery address this customer used, if any.
    address: Option<Address>,
    /// Whether the address needs a postal code (the merchant's setting).
    postal_code: crate::settings::PostalCode,
    mode: PaymentMode,
    public_key: String,
}

/// What the payment pop-up needs.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStart {
    #[schema(value_type = String)]
    pub(super) reference: PaymentReference,
    pub(super) access_code: String,
    pub(super) authorization_url: String,
    #[schema(value_type = i64)]
    pub(super) amount: Kobo,
    /// Always "NGN".
    pub(super) currency: &'static str,
    pub(super) email: String,
    pub(super) public_key: String,
    pub(super) mode: PaymentMode,
    pub(super) metadata: PaymentMetadata,
    /// The bag as snapshotted at current prices.
    pub(super) items: Vec<OrderItem>,
    /// The parts of `amount`.
    pub(super) breakdown: Breakdown,
    /// e.g. "1–2 working days"; none for pickup.
    pub(super) delivery_estimate: Option<String>,
    /// Unix ms: the payment can be made until then (its stock and code are held for it).
    pub(super) expires_at: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentMetadata {
    pub(super) name: String,
    pub(super) phone: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct StartBody {
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
    /// The total the shopper was shown. When the server's total differs, nothing starts and
    /// the answer is 409 `price_changed` with the new total.
    #[serde(default, rename = "expectedTotal")]
    #[schema(value_type = Option<i64>)]
    expected_total: Option<Kobo>,
    /// Pay now through Paystack (the default), or when the order arrives where the delivery allows it.
    #[serde(default, rename = "paymentMethod")]
    payment_method: crate::orders::PaymentMethod,
    /// The shopper's note for the shop ("Call before delivery"), on the packing slip.
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
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
    // Kept as E.164 (+2348031234567) on the payment and the order, however it was typed.
    c.phone = crate::phone::normalise(&c.phone).map_err(|why| AppError::Validation(why.to_string()))?;
    if c.name.chars().count() > 100 {
        return Err(AppError::Validation("Please keep the name under 100 characters.".into()));
    }
    let a = &mut body.address;
    let fields = [&mut a.street, &mut a.city, &mut a.state, &mut a.country];
    let mut missing = false;
    let mut too_long = false;
    for field in fields {
        tidy(field);
        missing |= field.is_empty();
        too_long |= field.chars().count() > FIELD_MAX;
    }
    // Whether the postal code may be empty is the merchant's setting, read in the transaction.
    for field in [&mut a.postal_code, &mut a.landmark] {
        tidy(field);
        too_long |= field.chars().count() > FIELD_MAX;
    }
    if missing {
        return Err(AppError::Validation(ADDRESS_MISSING.into()));
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
    body.note = body.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    if body.note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(AppError::Validation("Please keep your note under 500 characters.".into()));
    }
    Ok(())
}

/// SPEC section 5's words when a delivery address field is missing.
const ADDRESS_MISSING: &str = "Please fill in all delivery address fields";

/// A fresh, Paystack-safe reference (letters, digits and `-` only).
pub(super) fn new_reference() -> PaymentReference {
    PaymentReference::from(format!("ANK-{}", crate::util::random_id(24)))
}

/// Payments one customer may start within ten minutes without paying one (cancelled ones count
/// too): each costs a Paystack call, and nobody shopping needs more.
const MAX_OPEN_PAYMENTS: i64 = 10;
const OPEN_PAYMENTS_WINDOW_MS: i64 = 600_000;

/// The bag at current prices, refused when it cannot be paid for: its lines as ordered, and as
/// priced (with their collections, which codes may be limited to).
fn snapshot_bag(conn: &Connection, user_id: &UserId) -> AppResult<(Vec<OrderItem>, Vec<pricing::Line>)> {
    let now = crate::db::now_ms();
    let (open, oldest): (i64, Option<i64>) = conn
        .prepare_cached("SELECT COUNT(*), MIN(created_at) FROM payments WHERE user_id = ?1 AND status != ?3 AND created_at > ?2")?
        .query_row(params![user_id, now - OPEN_PAYMENTS_WINDOW_MS, PaymentStatus::Completed], |r| Ok((r.get(0)?, r.get(1)?)))?;
    if open >= MAX_OPEN_PAYMENTS {
        let wait = oldest.map_or(0, |t| t + OPEN_PAYMENTS_WINDOW_MS - now).max(0) as u64;
        return Err(AppError::TooManyRequests(
            "You have started several payments in the last few minutes. Please finish one or try again shortly.".into(),
            std::time::Duration::from_millis(wait),
        ));
    }
    let bag = crate::bag::load_to_price(conn, user_id)?;
    let rows: i64 = conn.prepare_cached("SELECT COUNT(*) FROM bag_items WHERE user_id = ?1")?.query_row([user_id], |r| r.get(0))?;
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
            compare_at_price: item.product.compare_at_price,
            quantity: item.quantity,
            size: item.size.clone(),
            color: item.color.clone(),
        })
        .collect();
    Ok((lines, priced))
}

/// What a checkout will cost: the bag priced with delivery by `method` to `state` and the code,
/// if any, checked for this customer (by account, e-mail and phone). Shared by the quote and the
/// payment's start.
fn quote_in(conn: &Connection, who: &Identity, state: &str, method: Method, code: Option<&str>) -> AppResult<Quote> {
    let (lines, priced) = snapshot_bag(conn, &who.user)?;
    let settings = crate::settings::load(conn)?;
    check_limits(&settings, &lines)?;
    let crate::delivery::ForCheckout { delivery, estimate: delivery_estimate, pay_on_delivery } =
        crate::delivery::for_checkout(conn, state, method)?;
    let subtotal: Kobo = priced.iter().map(|l| l.price * l.quantity).sum();
    let code = code.map(|typed| crate::discounts::usable(conn, typed, who, subtotal, crate::db::now_ms())).transpose()?;
    let breakdown = pricing::price(&priced, &delivery, code.as_ref().map(|c| c.discount()).as_ref());
    if breakdown.total < MINIMUM_KOBO {
        return Err(AppError::Validation("The minimum order is ₦50.00.".into()));
    }
    if breakdown.total > settings.max_order_total {
        return Err(AppError::Validation(format!(
            "An order can be at most {}. Please remove some items from your bag.",
            crate::money::format_naira(settings.max_order_total)
        )));
    }
    Ok(Quote { breakdown, delivery_estimate, code, lines, pay_on_delivery, settings })
}

/// Whether this order may be paid on delivery, and why not when the delivery allows it but this
/// order cannot. Open pay-on-delivery orders (delivered ones too, until their money is collected)
/// are counted by the customer's account, e-mail and phone, so a new address or a fresh guest
/// does not get around the merchant's limit; and a customer the shop does not know yet may not
/// have more than the merchant's number waiting for confirmation from her client address.
fn pay_on_delivery_offer(conn: &Connection, who: &Identity, client_key: Option<&str>, quote: &Quote) -> AppResult<PayOnDeliveryOffer> {
    let rule = quote.pay_on_delivery;
    if !rule.enabled {
        return Ok(PayOnDeliveryOffer { offered: false, reason: None });
    }
    let refused = |reason: String| Ok(PayOnDeliveryOffer { offered: false, reason: Some(reason) });
    if quote.breakdown.total > rule.max_total {
        return refused(format!("Pay on delivery is for orders up to {}.", crate::money::format_naira(rule.max_total)));
    }
    let open: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM orders
             WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL AND status IN ('placed', 'processing', 'shipped', 'delivered')
               AND (user_id = :user OR email_key IN (SELECT value FROM json_each(:emails))
                    OR phone_key IN (SELECT value FROM json_each(:phones)))",
        )?
        .query_row(rusqlite::named_params! { ":user": who.user, ":emails": who.emails_json(), ":phones": who.phones_json() }, |r| {
            r.get(0)
        })?;
    if open >= quote.settings.pay_on_delivery_open_limit {
        return refused("You already have an order to pay on delivery. Pay for it first, or choose Pay now.".into());
    }
    if let Some(client_key) = client_key
        && !crate::orders::confirmation::is_known_customer(conn, &who.user)?
        && crate::orders::confirmation::waiting_from(conn, client_key)?.0 >= quote.settings.pod_unconfirmed_per_address
    {
        return refused(
            "Many orders to pay on delivery from your network are waiting to be confirmed. Please choose Pay now, or try again later."
                .into(),
        );
    }
    Ok(PayOnDeliveryOffer { offered: true, reason: None })
}

/// The merchant's bounds on what one order holds: so much of one size and colour, so much in all.
pub fn check_limits(settings: &crate::settings::Settings, lines: &[OrderItem]) -> AppResult<()> {
    let mut per_variant: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
    for line in lines {
        let units = per_variant.entry(line.variant_id.as_deref().unwrap_or(&line.name)).or_default();
        *units += line.quantity;
        if *units > settings.max_per_line {
            return Err(AppError::Validation(format!(
                "You can buy at most {} of {} in one order.",
                settings.max_per_line,
                crate::stock::describe_line(&line.name, line.size.as_deref(), line.color.as_deref())
            )));
        }
    }
    let units: i64 = lines.iter().map(|l| l.quantity).sum();
    if units > settings.max_per_checkout {
        return Err(AppError::Validation(format!("You can buy at most {} items in one order.", settings.max_per_checkout)));
    }
    Ok(())
}

/// A priced checkout.
struct Quote {
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    code: Option<crate::discounts::Code>,
    lines: Vec<OrderItem>,
    /// What the delivery chosen allows of pay on delivery.
    pay_on_delivery: crate::delivery::PayOnDelivery,
    /// The merchant's settings in force for this checkout.
    settings: crate::settings::Settings,
}

/// Pay on delivery for this order: offered, or why not (`reason` is none when the delivery chosen
/// does not take it at all).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PayOnDeliveryOffer {
    offered: bool,
    reason: Option<String>,
}

/// What starting a payment decided, in one transaction: the bag snapshot at current prices, the
/// units reserved for it, and the payment row (without an access code until Paystack gives one,
/// so nobody can pay it yet and a crash leaves only a hold the reconciler gives back).
struct Started {
    quote: Quote,
    ran_low: Vec<crate::stock::RanLow>,
    expires_at: i64,
}

/// What starting a checkout answers: the payment the pop-up opens, or the order placed to be paid
/// on delivery.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CheckoutStarted {
    Payment(Box<PaymentStart>),
    Placed(Box<PlacedOrder>),
}

/// An order placed to be paid on delivery (its confirmation mail is on its way).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PlacedOrder {
    order: crate::orders::Order,
}

/// A new payment, or the shopper's open one for this very bag and price, whose pop-up opens again,
/// or an order placed to be paid on delivery.
enum Begun {
    New(Box<Started>),
    Resumed(Box<Recorded>),
    Placed(Box<Placed>),
}

/// An open payment as recorded, with what its pop-up needs.
struct Recorded {
    reference: PaymentReference,
    access_code: Option<String>,
    authorization_url: Option<String>,
    amount: Kobo,
    customer: Customer,
    address: String,
    items: String,
    method: Method,
    code: Option<String>,
    breakdown: Breakdown,
    delivery_estimate: Option<String>,
    expires_at: Option<i64>,
}

/// What one shopper's new payment asks for, and where from.
struct Request<'a> {
    owner: &'a UserId,
    body: &'a StartBody,
    reference: &'a PaymentReference,
    client_key: &'a str,
    lifetime_ms: i64,
    per_address: i64,
}

/// The shortest time a new payment must still be payable to be worth starting.
pub(super) fn shortest_window(lifetime_ms: i64) -> i64 {
    (lifetime_ms / 6).min(5 * 60 * 1000)
}

fn open_payments(tx: &Connection, owner: &UserId, now: i64) -> rusqlite::Result<Vec<Recorded>> {
    tx.prepare_cached(
        "SELECT reference, access_code, authorization_url, amount_kobo, customer_name, customer_email, customer_phone,
                delivery_address, items, delivery_method, discount_code, COALESCE(subtotal_kobo, amount_kobo), delivery_kobo,
                discount_kobo, delivery_estimate, expires_at
         FROM payments
         WHERE user_id = ?1 AND status IN ('pending', 'failed')
           AND (expires_at > ?2 OR (access_code IS NULL AND created_at > ?2 - ?3))
         ORDER BY created_at",
    )?
    .query_map(params![owner, now, super::STARTING_MS], |r| {
        Ok(Recorded {
            reference: r.get(0)?,
            access_code: r.get(1)?,
            authorization_url: r.get(2)?,
            amount: r.get(3)?,
            customer: Customer { name: r.get(4)?, email: r.get(5)?, phone: r.get(6)? },
            address: r.get(7)?,
            items: r.get(8)?,
            method: r.get(9)?,
            code: r.get(10)?,
            breakdown: Breakdown { subtotal: r.get(11)?, delivery: r.get(12)?, discount: r.get(13)?, total: r.get(3)? },
            delivery_estimate: r.get(14)?,
            expires_at: r.get(15)?,
        })
    })?
    .collect()
}

/// A payment row about to be written: its reference, status and payable time.
struct NewPayment<'a> {
    reference: &'a PaymentReference,
    status: PaymentStatus,
    expires_at: Option<i64>,
}

impl NewPayment<'_> {
    fn new(reference: &PaymentReference, status: PaymentStatus, expires_at: Option<i64>) -> NewPayment<'_> {
        NewPayment { reference, status, expires_at }
    }
}

/// Records a payment (a Paystack one, or a pay-on-delivery order's): who, where, what, and the
/// price's parts as quoted. `snapshot` is the lines and the address as JSON.
#[allow(clippy::too_many_arguments)]
fn record_payment(
    tx: &Transaction,
    owner: &UserId,
    body: &StartBody,
    quote: &Quote,
    payment: &NewPayment,
    snapshot: (&str, &str),
    client_key: &str,
    now: i64,
) -> AppResult<()> {
    let b = quote.breakdown;
    let (items, address) = snapshot;
    tx.prepare_cached(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               discount_code, delivery_method, delivery_estimate, expires_at, client_key, customer_note)
         VALUES (:reference, :owner, :total, 'NGN', :status, :name, :email, :phone, :address, :items, :now, :now, :subtotal,
                 :delivery, :discount, :code, :method, :estimate, :expires_at, :client_key, :note)",
    )?
    .execute(rusqlite::named_params! {
            ":reference": payment.reference,
            ":owner": owner,
            ":total": b.total,
            ":status": payment.status,
            ":name": body.customer.name,
            ":email": body.customer.email,
            ":phone": body.customer.phone,
            ":address": address,
            ":items": items,
            ":now": now,
            ":subtotal": b.subtotal,
            ":delivery": b.delivery,
            ":discount": b.discount,
            ":code": quote.code.as_ref().map(|c| c.code.clone()),
            ":method": body.method,
            ":estimate": quote.delivery_estimate,
            ":expires_at": payment.expires_at,
            ":client_key": client_key,
            ":note": body.note,
    })?;
    Ok(())
}

/// An order placed to be paid on delivery, what ran low, and the code to send the customer when
/// her order waits for her to confirm it with one.
struct Placed {
    order: crate::orders::Order,
    ran_low: Vec<crate::stock::RanLow>,
    code: Option<String>,
}

/// Places an order to be paid on delivery, in the transaction that decides it: the delivery must
/// allow it for this total and customer, its stock is taken and its code's use counted at once, and
/// the order exists (status placed) before anyone is asked for money. From a customer the shop
/// does not know yet, the order waits for confirmation (the merchant's channel and time).
fn place_on_delivery(
    tx: &Transaction,
    who: &Identity,
    body: &StartBody,
    quote: &Quote,
    snapshot: (&str, &str),
    client_key: &str,
    now: i64,
) -> AppResult<Placed> {
    let owner = &who.user;
    let offer = pay_on_delivery_offer(tx, who, Some(client_key), quote)?;
    if !offer.offered {
        let reason = offer.reason.unwrap_or_else(|| "Pay on delivery is not offered for this delivery.".into());
        return Err(AppError::Validation(reason));
    }
    let reference = PaymentReference::from(format!("POD-{}", crate::util::random_id(24)));
    record_payment(tx, owner, body, quote, &NewPayment::new(&reference, PaymentStatus::Completed, None), snapshot, client_key, now)?;
    let mut ran_low = crate::stock::reserve(tx, &reference, &quote.lines, now)?;
    let taken = crate::stock::sell(tx, &reference, &quote.lines)?;
    ran_low.extend(taken.ran_low);
    if let Some(code) = &quote.code
        && !crate::discounts::count_use(tx, &reference, &code.code, who, quote.breakdown.discount, now)?
    {
        return Err(AppError::Validation(crate::discounts::USED_UP.into()));
    }
    let b = quote.breakdown;
    let order = crate::orders::create(
        tx,
        crate::orders::NewOrder {
            reference: &reference,
            user_id: owner,
            customer: (&body.customer.name, &body.customer.email, &body.customer.phone),
            address: body.address.clone(),
            lines: quote.lines.clone(),
            from_stock: &taken.from_stock,
            total: b.total,
            price: crate::orders::Price {
                subtotal: b.subtotal,
                delivery_fee: b.delivery,
                discount: b.discount,
                discount_code: quote.code.as_ref().map(|c| c.code.clone()),
                delivery_method: body.method,
                delivery_estimate: quote.delivery_estimate.clone(),
            },
            oversold: taken.oversold,
            code_over_limit: false,
            payment_method: PaymentMethod::PayOnDelivery,
            payment_channel: None,
            details: crate::orders::Details { customer_note: body.note.clone(), ..Default::default() },
        },
    )?;
    crate::bag::remove_bought(tx, owner, &order.items)?;
    let mut code = None;
    let order = if crate::orders::confirmation::is_known_customer(tx, owner)? {
        order
    } else {
        let settings = &quote.settings;
        let channel = settings.pod_confirmation;
        code = channel.sends_code().then(crate::orders::confirmation::new_code);
        let expires_at = now + settings.pod_confirm_hours * 3_600_000;
        crate::orders::confirmation::start(tx, &order.id, channel, client_key, code.as_deref(), now, expires_at)?;
        crate::orders::by_id(tx, &order.id)?.ok_or_else(crate::orders::order_not_found)?
    };
    Ok(Placed { order, ran_low, code })
}

/// Records a new payment with its holds, after the rules on what one shopper may hold:
/// - one payment at a time: the open one resumes when the bag and price are the same, and is
///   otherwise finished or cancelled first (its transaction could still be paid, and a hold lasts
///   as long as its transaction can be paid);
/// - holds never renewed past one lifetime without paying: payments started since the last paid
///   one share the first one's lifetime, and after it the shopper waits a lifetime;
/// - a bounded number of holds per client address.
fn begin(tx: &Transaction, request: &Request) -> AppResult<Begun> {
    let Request { owner, body, reference, client_key, lifetime_ms, per_address } = *request;
    let now = crate::db::now_ms();
    super::release_expired_holds(tx, now)?;
    // This shopper's payments that can no longer be paid give back what they hold at once. They
    // are found among the shop's open payments past their time (the expiry round ends those within
    // seconds), not by reading every payment the shopper ever made.
    let lapsed: Vec<PaymentReference> = tx
        .prepare_cached(
            "SELECT p.reference FROM payments p INDEXED BY payments_open_expiry
             WHERE p.user_id = ?1 AND p.status IN ('pending', 'failed') AND p.expires_at <= ?2
               AND (EXISTS (SELECT 1 FROM reservations r WHERE r.payment_reference = p.reference)
                    OR EXISTS (SELECT 1 FROM discount_uses u WHERE u.payment_reference = p.reference AND u.status = 'held'))",
        )?
        .query_map(params![owner, now], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for old in lapsed {
        super::release_holds(tx, &old)?;
    }
    let who = super::identity_of(tx, owner, &body.customer.email, &body.customer.phone)?;
    let quote = quote_in(tx, &who, &body.address.state, body.method, body.code.as_deref())?;
    if quote.settings.postal_code.required_in(&body.address.country) && body.address.postal_code.is_empty() {
        return Err(AppError::Validation(ADDRESS_MISSING.into()));
    }
    let items = serde_json::to_string(&quote.lines).map_err(AppError::internal)?;
    let address = serde_json::to_string(&body.address).map_err(AppError::internal)?;
    if let Some(open) = open_payments(tx, owner, now)?.into_iter().next() {
        let same = open.items == items
            && open.amount == quote.breakdown.total
            && open.address == address
            && open.method == body.method
            && open.code == quote.code.as_ref().map(|c| c.code.clone())
            && (open.customer.name == body.customer.name && open.customer.email == body.customer.email)
            && open.customer.phone == body.customer.phone;
        let payable_for = open.expires_at.unwrap_or(0) - now;
        if same && open.access_code.is_some() && payable_for >= shortest_window(lifetime_ms) {
            return Ok(Begun::Resumed(Box::new(open)));
        }
        return Err(AppError::ConflictAs(
            "payment_in_progress",
            "You have a payment in progress for a different bag. Finish it, or cancel it to start again.".into(),
        ));
    }
    if body.payment_method == PaymentMethod::PayOnDelivery {
        let placed = place_on_delivery(tx, &who, body, &quote, (&items, &address), client_key, now)?;
        return Ok(Begun::Placed(Box::new(placed)));
    }
    // Holds are not renewed by starting over: every payment since the last paid one ends when the
    // first of them ends, and after that the shopper waits until a lifetime has passed.
    let (first, last): (Option<i64>, Option<i64>) = tx
        .prepare_cached(
            // One lower bound, so the index range starts after the last paid payment instead of
            // reading every payment of the last two lifetimes; that payment is the first completed
            // one reading back from the newest (MAX with a condition read them all).
            "SELECT MIN(created_at), MAX(created_at) FROM payments
             WHERE user_id = ?1 AND status != 'completed'
               AND created_at > MAX(?2, COALESCE((SELECT created_at FROM payments WHERE user_id = ?1 AND status = 'completed'
                                                  ORDER BY created_at DESC LIMIT 1), 0))",
        )?
        .query_row(params![owner, now - 2 * lifetime_ms], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let expires_at = first.map_or(now + lifetime_ms, |first| (first + lifetime_ms).min(now + lifetime_ms));
    if expires_at - now < shortest_window(lifetime_ms) {
        let wait = last.map_or(0, |last| last + 2 * lifetime_ms - now).max(1000) as u64;
        return Err(AppError::TooManyRequests(
            "Your items were held for you for a while without payment. Please try again later.".into(),
            std::time::Duration::from_millis(wait),
        ));
    }
    // Counted among the shop's payments still payable (the partial index), not among every payment
    // this address ever made: one address is often many shoppers (a mobile network's), and reading
    // its whole history made each checkout slower than the last (185 µs after 2,300 checkouts).
    let holding: i64 = tx
        .prepare_cached(
            "SELECT COUNT(*) FROM payments INDEXED BY payments_open_expiry
             WHERE client_key = ?1 AND status IN ('pending', 'failed') AND expires_at > ?2",
        )?
        .query_row(params![client_key, now], |r| r.get(0))?;
    if holding >= per_address {
        return Err(AppError::TooManyRequests(
            "Many checkouts are in progress from your network right now. Please try again in a few minutes.".into(),
            std::time::Duration::from_secs(60),
        ));
    }
    let recorded = NewPayment::new(reference, PaymentStatus::Pending, Some(expires_at));
    record_payment(tx, owner, body, &quote, &recorded, (&items, &address), client_key, now)?;
    let b = quote.breakdown;
    // Held until the expiry round has asked Paystack about it, or FORCED_RELEASE_MS past the end
    // if Paystack cannot be asked.
    let held_until = expires_at + super::FORCED_RELEASE_MS;
    let ran_low = crate::stock::reserve(tx, reference, &quote.lines, held_until)?;
    if let Some(code) = &quote.code {
        crate::discounts::hold(tx, code, reference, &who, b.discount, held_until)?;
    }
    Ok(Begun::New(Box::new(Started { quote, ran_low, expires_at })))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct QuoteBody {
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
    pay_on_delivery: PayOnDeliveryOffer,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CancelBody {
    /// The payment to cancel; without it, every payment of this shopper still in progress.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reference: PaymentReference,
}

impl Payments {
    /// Who takes the card: the built-in sandbox (no keys configured) or Paystack itself.
    pub fn mode(&self) -> PaymentMode {
        if self.paystack.sandbox { PaymentMode::Sandbox } else { PaymentMode::Paystack }
    }

    /// The checkout form's starting values: an account's profile, and what it lacks from the
    /// details given at the shopper's last checkout (all of them for a returning guest: they are
    /// her own, kept under her guest cookie); the last delivery address used; and whether a
    /// postal code is needed.
    pub async fn details(&self, owner: &UserId, guest: bool) -> AppResult<CheckoutDetails> {
        let owner = owner.clone();
        let (customer, address, postal_code) = self
            .db
            .read(move |c| {
                let last: Option<(Customer, String)> = c
                    .query_row(
                        "SELECT customer_name, customer_email, customer_phone, delivery_address FROM payments
                         WHERE user_id = ?1 AND pay_link IS NULL ORDER BY created_at DESC LIMIT 1",
                        [&owner],
                        |r| Ok((Customer { name: r.get(0)?, email: r.get(1)?, phone: r.get(2)? }, r.get(3)?)),
                    )
                    .optional()?;
                let profile = if guest {
                    Customer::default()
                } else {
                    c.query_row("SELECT display_name, email, COALESCE(phone, '') FROM users WHERE id = ?1", [&owner], |r| {
                        Ok(Customer { name: r.get(0)?, email: r.get(1)?, phone: r.get(2)? })
                    })?
                };
                let (used, address) = last.map_or((Customer::default(), None), |(customer, address)| (customer, Some(address)));
                // An account's profile comes first (a guest has none); what it lacks (the phone, which
                // sign-up does not ask for) comes from the last checkout.
                let pick = |first: String, then: String| if first.is_empty() { then } else { first };
                let customer = Customer {
                    name: pick(profile.name, used.name),
                    email: pick(profile.email, used.email),
                    phone: pick(profile.phone, used.phone),
                };
                let postal_code = crate::settings::load(c)?.postal_code;
                Ok((customer, address.and_then(|a| serde_json::from_str::<Address>(&a).ok()), postal_code))
            })
            .await?;
        Ok(CheckoutDetails { customer, address, postal_code, mode: self.mode(), public_key: self.paystack.public_key.clone() })
    }

    /// Prices the bag for a state, a delivery method and a code, without starting anything. The
    /// customer is known by her account here (a guest's details come with the payment's start).
    pub async fn quote(&self, owner: &UserId, client_key: String, body: QuoteBody) -> AppResult<CheckoutQuote> {
        let QuoteBody { state: delivery_state, method, code } = body;
        let code = code.filter(|c| !c.trim().is_empty());
        let owner = owner.clone();
        let (quote, offer) = self
            .db
            .read(move |c| {
                let who = super::identity_of(c, &owner, "", "")?;
                let quote = quote_in(c, &who, &delivery_state, method, code.as_deref())?;
                let offer = pay_on_delivery_offer(c, &who, Some(&client_key), &quote)?;
                Ok((quote, offer))
            })
            .await?;
        Ok(CheckoutQuote {
            breakdown: quote.breakdown,
            delivery_estimate: quote.delivery_estimate,
            code: quote.code.map(|c| c.code),
            pay_on_delivery: offer,
        })
    }

    /// Starts a payment for `owner`'s bag from `client_key`: checks the form, holds stock and the
    /// code's use, initialises the transaction with Paystack. Or resumes the shopper's open payment
    /// for the same bag and price (the bool is false then).
    pub async fn start(&self, owner: &UserId, client_key: String, mut body: StartBody) -> AppResult<(CheckoutStarted, bool)> {
        validate(&mut body)?;
        let reference = new_reference();
        let (lifetime_ms, per_address) = (self.lifetime_ms, self.per_address);
        let expected_total = body.expected_total;
        let customer = body.customer.clone();
        let (owner, r) = (owner.clone(), reference.clone());
        let mailer = self.mailer.clone();
        let begun = self
            .catalogue
            .write(move |tx| {
                let request = Request { owner: &owner, body: &body, reference: &r, client_key: &client_key, lifetime_ms, per_address };
                let begun = begin(tx, &request)?;
                // The shopper agreed to a total: a different one (a fee or a price changed since the
                // summary was shown) is said before Paystack is asked, and nothing is held.
                let total = match &begun {
                    Begun::New(started) => started.quote.breakdown.total,
                    Begun::Resumed(open) => open.amount,
                    Begun::Placed(placed) => placed.order.total_amount,
                };
                if let Some(expected) = expected_total
                    && expected != total
                {
                    return Err(AppError::ConflictAs(
                        "price_changed",
                        format!(
                            "The total has changed to {} since you saw it. Please check your order and pay again.",
                            crate::money::format_naira(total)
                        ),
                    ));
                }
                // The mails go with the change that causes them (see `mail`).
                match &begun {
                    Begun::New(started) => crate::stock::tell_shop(&mailer, tx, &started.ran_low)?,
                    Begun::Placed(placed) => {
                        crate::stock::tell_shop(&mailer, tx, &placed.ran_low)?;
                        super::completion::queue_order_mails(&mailer, tx, &placed.order)?;
                        if let Some(code) = &placed.code {
                            super::confirm::send_code(&mailer, tx, &placed.order, code)?;
                        }
                    }
                    Begun::Resumed(_) => {}
                }
                // Stock was taken: the catalogue's answers must show it.
                let changes = Changes::shown_if(!matches!(begun, Begun::Resumed(_)));
                Ok((begun, changes))
            })
            .await?;
        let Started { quote, expires_at, .. } = match begun {
            Begun::New(started) => *started,
            Begun::Resumed(open) => return Ok((CheckoutStarted::Payment(Box::new(self.resumed(*open))), false)),
            Begun::Placed(placed) => {
                crate::metrics::Metrics::add(&self.metrics.checkouts_completed, 1);
                return Ok((CheckoutStarted::Placed(Box::new(PlacedOrder { order: placed.order })), true));
            }
        };
        let amount = quote.breakdown.total;
        let channels: Vec<&str> = quote.settings.channels.iter().map(|c| c.as_str()).collect();
        let payer = crate::paystack::Payer { email: &customer.email, name: &customer.name, phone: &customer.phone };
        let started = self.open_at_paystack(&reference, &payer, amount, &channels).await?;
        let start = PaymentStart {
            reference,
            access_code: started.access_code,
            authorization_url: started.authorization_url,
            amount,
            currency: "NGN",
            email: customer.email,
            public_key: self.paystack.public_key.clone(),
            mode: self.mode(),
            metadata: PaymentMetadata { name: customer.name, phone: customer.phone },
            items: quote.lines,
            breakdown: quote.breakdown,
            delivery_estimate: quote.delivery_estimate,
            expires_at,
        };
        Ok((CheckoutStarted::Payment(Box::new(start)), true))
    }

    /// Asks Paystack to open the recorded payment `reference` and keeps its access code. When
    /// Paystack cannot, the payment and whatever it holds are removed and the shopper is told.
    pub(super) async fn open_at_paystack(
        &self,
        reference: &PaymentReference,
        payer: &crate::paystack::Payer<'_>,
        amount: Kobo,
        channels: &[&str],
    ) -> AppResult<crate::paystack::Started> {
        let started = match self.paystack.initialize(payer, amount, reference, channels).await {
            Ok(started) => started,
            Err(why) => {
                log::warn!("payment {reference} not started: {}", why.0);
                let r = reference.clone();
                self.catalogue
                    .write(move |tx| {
                        let released = release_holds(tx, &r)?;
                        tx.execute("DELETE FROM payments WHERE reference = ?1", [&r])?;
                        Ok(((), Changes::shown_if(released > 0)))
                    })
                    .await?;
                return Err(AppError::Upstream("We couldn't start the payment. Please try again in a moment.".into()));
            }
        };
        crate::metrics::Metrics::add(&self.metrics.checkouts_started, 1);
        let (r, code, url) = (reference.clone(), started.access_code.clone(), started.authorization_url.clone());
        self.db
            .write(move |tx| {
                tx.execute("UPDATE payments SET access_code = ?2, authorization_url = ?3 WHERE reference = ?1", params![r, code, url])?;
                Ok(())
            })
            .await?;
        Ok(started)
    }

    /// The pop-up of the shopper's open payment, opened again.
    fn resumed(&self, open: Recorded) -> PaymentStart {
        PaymentStart {
            reference: open.reference,
            access_code: open.access_code.unwrap_or_default(),
            authorization_url: open.authorization_url.unwrap_or_default(),
            amount: open.amount,
            currency: "NGN",
            email: open.customer.email,
            public_key: self.paystack.public_key.clone(),
            mode: self.mode(),
            metadata: PaymentMetadata { name: open.customer.name, phone: open.customer.phone },
            items: serde_json::from_str(&open.items).unwrap_or_default(),
            breakdown: open.breakdown,
            delivery_estimate: open.delivery_estimate,
            expires_at: open.expires_at.unwrap_or_default(),
        }
    }

    /// The shopper closed the payment pop-up without paying, or gave up a payment in progress
    /// (`reference` empty: every one of theirs): see [`Payments::end_unpaid`].
    pub async fn cancel(&self, owner: &UserId, reference: PaymentReference) -> AppResult<()> {
        let now = crate::db::now_ms();
        let owner = owner.clone();
        let references: Vec<PaymentReference> = self
            .db
            .read(move |c| {
                if reference.is_empty() {
                    return Ok(open_payments(c, &owner, now)?.into_iter().map(|p| p.reference).collect());
                }
                let mine: bool = c.query_row(
                    "SELECT EXISTS(SELECT 1 FROM payments WHERE reference = ?1 AND user_id = ?2)",
                    params![reference, owner],
                    |r| r.get(0),
                )?;
                if !mine {
                    return Err(AppError::NotFound("Payment not found.".into()));
                }
                Ok(vec![reference])
            })
            .await?;
        for reference in references {
            self.end_unpaid(&reference, Ending::Cancelled).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paystack::plausible_reference;

    fn body(customer: Customer, address: Address) -> StartBody {
        StartBody {
            customer,
            address,
            method: Method::Delivery,
            code: None,
            expected_total: None,
            payment_method: Default::default(),
            note: None,
        }
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
                landmark: String::new(),
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
        assert_eq!(validate(&mut bad_phone).unwrap_err().message(), "A phone number has only digits, spaces and +, e.g. 0803 123 4567.");
        let mut short_phone = good();
        short_phone.customer.phone = "0803 123 456".into();
        assert_eq!(validate(&mut short_phone).unwrap_err().message(), "A Nigerian mobile number has 11 digits, e.g. 0803 123 4567.");
        let mut typed = good();
        typed.customer.phone = "0803 000 0000".into();
        validate(&mut typed).unwrap();
        assert_eq!(typed.customer.phone, "+2348030000000", "kept as E.164");
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
