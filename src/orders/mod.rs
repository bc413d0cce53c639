//! Orders: a customer's own list (with the "new" badge), and fulfilment for admins — the list
//! with a status filter, one order, status changes with a tracking number, and the payments that
//! need a human (failed or mismatched).

pub mod mails;

use actix_web::{HttpResponse, get, patch, post, web};
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::{AdminUser, CurrentUser};
use crate::error::answers::{BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::payments::PaymentStatus;

const PAGE_SIZE: i64 = 20;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(my_orders)
        .service(mark_seen)
        .service(track)
        .service(admin_list)
        .service(admin_one)
        .service(admin_update)
        .service(admin_payments);
}

/// Where an order goes, as the shopper typed it at checkout.
#[derive(Serialize, Deserialize, Clone, Debug, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(default)]
    #[schema(required = true)]
    pub street: String,
    #[serde(default)]
    #[schema(required = true)]
    pub city: String,
    #[serde(default)]
    #[schema(required = true)]
    pub state: String,
    #[serde(default)]
    #[schema(required = true)]
    pub country: String,
    #[serde(default)]
    #[schema(required = true)]
    pub postal_code: String,
}

crate::text_enum! {
    /// Where an order is: paid, then processing, shipped (with a tracking number) and delivered,
    /// or cancelled before it ships.
    pub enum OrderStatus {
        Paid => "paid",
        Processing => "processing",
        Shipped => "shipped",
        Delivered => "delivered",
        Cancelled => "cancelled",
    }
}

impl OrderStatus {
    /// Where an order may go next. Delivered and cancelled are final.
    pub fn next(self) -> &'static [OrderStatus] {
        use OrderStatus::*;
        match self {
            Paid => &[Processing, Cancelled],
            Processing => &[Shipped, Cancelled],
            Shipped => &[Delivered],
            Delivered | Cancelled => &[],
        }
    }
}

/// One order line as paid for; also the bag snapshot a payment keeps until it completes.
#[derive(Serialize, Deserialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub product_id: Option<String>,
    /// The variant bought (null on orders from before stock was counted).
    #[serde(default)]
    pub variant_id: Option<String>,
    pub name: String,
    /// Kobo, each, as paid.
    pub price: i64,
    pub quantity: i64,
    pub size: Option<String>,
    pub color: Option<String>,
}

#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: String,
    /// What the shopper reads out: 8 upper-case characters without look-alikes.
    pub number: String,
    #[serde(skip)]
    pub user_id: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub status: OrderStatus,
    pub is_new: bool,
    pub customer_name: String,
    pub customer_email: String,
    pub customer_phone: String,
    pub payment_reference: String,
    pub items: Vec<OrderItem>,
    /// Kobo.
    pub total_amount: i64,
    pub tracking_number: Option<String>,
    pub delivery_address: Address,
    /// Paid for after its units had sold out: the merchant must restock or refund.
    pub oversold: bool,
    /// Paid with a code whose limits were already used up (the money arrived for a payment the
    /// shop had ended): the merchant decides whether to honour the discount or settle it.
    pub code_over_limit: bool,
    /// How `total_amount` was made up.
    #[serde(flatten)]
    pub price: Price,
    #[serde(flatten)]
    pub refunds: crate::refunds::OrderRefunds,
}

/// The parts of an order's total, as priced when its payment started. Kobo.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub subtotal: i64,
    pub delivery_fee: i64,
    pub discount: i64,
    pub discount_code: Option<String>,
    pub delivery_method: crate::delivery::Method,
    /// e.g. "1–2 working days"; none for pickup and older orders.
    pub delivery_estimate: Option<String>,
}

const COLUMNS: &str = "id, user_id, created_at, updated_at, status, is_new, customer_name, customer_email, customer_phone,
    payment_reference, total_kobo, tracking_number, street, city, state, country, postal_code, number, oversold,
    COALESCE(subtotal_kobo, total_kobo), delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
    code_over_limit";

fn order_from_row(r: &rusqlite::Row) -> rusqlite::Result<Order> {
    Ok(Order {
        id: r.get(0)?,
        user_id: r.get(1)?,
        created_at: r.get(2)?,
        updated_at: r.get(3)?,
        status: r.get(4)?,
        is_new: r.get(5)?,
        customer_name: r.get(6)?,
        customer_email: r.get(7)?,
        customer_phone: r.get(8)?,
        payment_reference: r.get(9)?,
        total_amount: r.get(10)?,
        tracking_number: r.get(11)?,
        delivery_address: Address { street: r.get(12)?, city: r.get(13)?, state: r.get(14)?, country: r.get(15)?, postal_code: r.get(16)? },
        number: r.get(17)?,
        oversold: r.get(18)?,
        price: Price {
            subtotal: r.get(19)?,
            delivery_fee: r.get(20)?,
            discount: r.get(21)?,
            discount_code: r.get(22)?,
            delivery_method: r.get(23)?,
            delivery_estimate: r.get(24)?,
        },
        code_over_limit: r.get(25)?,
        items: Vec::new(),
        refunds: Default::default(),
    })
}

/// The characters of order numbers: no I, L, O, 0 or 1, which people mistake for each other.
const NUMBER_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const NUMBER_LEN: usize = 8;

pub fn is_order_number(text: &str) -> bool {
    text.len() == NUMBER_LEN && text.bytes().all(|b| NUMBER_ALPHABET.contains(&b))
}

/// A number no order has yet (31^8 of them: a clash is rare, and retried).
pub fn new_order_number(tx: &Connection) -> rusqlite::Result<String> {
    loop {
        let number: String = crate::util::random_bytes::<NUMBER_LEN>()
            .iter()
            .map(|b| NUMBER_ALPHABET[*b as usize % NUMBER_ALPHABET.len()] as char)
            .collect();
        let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM orders WHERE number = ?1)", [&number], |r| r.get(0))?;
        if !taken {
            return Ok(number);
        }
    }
}

/// Fills in the orders' lines and refunds with two queries, however many orders there are.
fn with_items(conn: &Connection, mut orders: Vec<Order>) -> rusqlite::Result<Vec<Order>> {
    if orders.is_empty() {
        return Ok(orders);
    }
    let ids = serde_json::to_string(&orders.iter().map(|o| o.id.as_str()).collect::<Vec<_>>()).unwrap_or_default();
    let mut stmt = conn.prepare_cached(
        "SELECT order_id, product_id, name, price_kobo, quantity, size, color, variant_id FROM order_items
         WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY order_id, position",
    )?;
    let mut lines: std::collections::HashMap<String, Vec<OrderItem>> = std::collections::HashMap::new();
    for row in stmt.query_map([&ids], |r| {
        let item = OrderItem {
            product_id: r.get(1)?,
            name: r.get(2)?,
            price: r.get(3)?,
            quantity: r.get(4)?,
            size: r.get(5)?,
            color: r.get(6)?,
            variant_id: r.get(7)?,
        };
        Ok((r.get::<_, String>(0)?, item))
    })? {
        let (order_id, item) = row?;
        lines.entry(order_id).or_default().push(item);
    }
    let mut refunds = crate::refunds::for_orders(conn, &ids)?;
    for order in &mut orders {
        order.items = lines.remove(&order.id).unwrap_or_default();
        order.refunds = crate::refunds::OrderRefunds::new(refunds.remove(&order.id).unwrap_or_default());
    }
    Ok(orders)
}

fn query_orders(conn: &Connection, filter: &str, args: &[&dyn rusqlite::ToSql]) -> rusqlite::Result<Vec<Order>> {
    let sql = format!("SELECT {COLUMNS} FROM orders {filter}");
    let orders = conn.prepare_cached(&sql)?.query_map(args, order_from_row)?.collect::<Result<Vec<_>, _>>()?;
    with_items(conn, orders)
}

pub fn by_reference(conn: &Connection, reference: &str) -> rusqlite::Result<Option<Order>> {
    Ok(query_orders(conn, "WHERE payment_reference = ?1", &[&reference])?.pop())
}

pub fn by_id(conn: &Connection, id: &str) -> rusqlite::Result<Option<Order>> {
    Ok(query_orders(conn, "WHERE id = ?1", &[&id])?.pop())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TrackQuery {
    /// The order number from the confirmation e-mail (any case).
    number: Option<String>,
    /// The e-mail address the order was placed with.
    email: Option<String>,
}

/// What anyone holding an order's number and e-mail may see: where it is, not who or where to.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackedOrder {
    number: String,
    status: OrderStatus,
    tracking_number: Option<String>,
    created_at: i64,
    updated_at: i64,
    items: Vec<OrderItem>,
    /// Kobo.
    total_amount: i64,
    #[serde(flatten)]
    price: Price,
    #[serde(flatten)]
    refunds: crate::refunds::OrderRefunds,
}

/// Order tracking without signing in: the number and the e-mail must both match.
#[utoipa::path(tag = "orders", params(TrackQuery), responses((status = OK, body = TrackedOrderAnswer), BadRequest, NotFound, TooManyRequests))]
#[get("/orders/track")]
async fn track(req: actix_web::HttpRequest, state: web::Data<AppState>, query: web::Query<TrackQuery>) -> AppResult<HttpResponse> {
    let TrackQuery { number, email } = query.into_inner();
    let number = number.unwrap_or_default().trim().to_uppercase();
    let email = email.unwrap_or_default().trim().to_lowercase();
    if number.is_empty() || email.is_empty() {
        return Err(AppError::Validation("Please enter your order number and e-mail address.".into()));
    }
    // Guessing numbers costs the guesser: a few lookups per address.
    let address = state.config.client_key(&req);
    state
        .order_lookups
        .try_acquire(&address)
        .map_err(|wait| AppError::TooManyRequests("Too many order lookups. Please try again in a few minutes.".into(), wait))?;
    let not_found = || AppError::NotFound("We couldn't find an order with that number and e-mail address.".into());
    if !is_order_number(&number) {
        return Err(not_found());
    }
    let order = state
        .db
        .read(move |c| Ok(query_orders(c, "WHERE number = ?1 AND lower(customer_email) = ?2", &[&number, &email])?.pop()))
        .await?
        .ok_or_else(not_found)?;
    let order = TrackedOrder {
        number: order.number,
        status: order.status,
        tracking_number: order.tracking_number,
        created_at: order.created_at,
        updated_at: order.updated_at,
        items: order.items,
        total_amount: order.total_amount,
        price: order.price,
        refunds: order.refunds,
    };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(TrackedOrderAnswer { order }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct TrackedOrderAnswer {
    order: TrackedOrder,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MyOrders {
    /// Newest first.
    orders: Vec<Order>,
}

/// A customer's orders, newest first.
#[utoipa::path(tag = "orders", responses((status = OK, body = MyOrders), Unauthorized))]
#[get("/orders")]
async fn my_orders(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let orders = state.db.read(move |c| Ok(query_orders(c, "WHERE user_id = ?1 ORDER BY created_at DESC, id DESC", &[&user.id])?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(MyOrders { orders }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SeenAnswer {
    counts: crate::auth::Counts,
}

/// Opening My Orders marks the customer's orders seen; the answer carries the new badge counts.
#[utoipa::path(tag = "orders", responses((status = OK, body = SeenAnswer), Unauthorized))]
#[post("/orders/seen")]
async fn mark_seen(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let counts = state
        .db
        .write(move |tx| {
            tx.execute("UPDATE orders SET is_new = 0 WHERE user_id = ?1 AND is_new = 1", [&user.id])?;
            Ok(crate::auth::counts(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(SeenAnswer { counts }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only orders with this status.
    #[param(inline)]
    status: Option<OrderStatus>,
    /// From 1.
    page: Option<i64>,
    /// Only oversold orders that still have something to refund.
    oversold: Option<bool>,
    /// Only orders whose latest refund failed.
    #[param(inline)]
    refund: Option<RefundFilter>,
    /// Only orders paid with a code past its limits (not cancelled), from the last 30 days.
    #[serde(rename = "codeOverLimit")]
    #[param(rename = "codeOverLimit")]
    code_over_limit: Option<bool>,
}

crate::text_enum! {
    /// The refund lists of the orders screen.
    pub enum RefundFilter {
        /// Orders whose latest refund failed.
        Failed => "failed",
    }
}

/// One page of orders for fulfilment, with the count of orders in every status.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderPage {
    orders: Vec<Order>,
    total: i64,
    page: i64,
    page_size: i64,
    /// Every status, with 0 for none.
    counts: std::collections::BTreeMap<&'static str, i64>,
    /// Orders not cancelled that were paid for after their units sold out.
    oversold: i64,
}

/// An order as fulfilment sees it: whose it is and where it may go next.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    #[serde(flatten)]
    order: Order,
    user_id: String,
    next_statuses: &'static [OrderStatus],
    /// Kobo: the total less what is refunded or being refunded.
    refundable: i64,
}

#[utoipa::path(tag = "admin", params(ListQuery), responses((status = OK, body = AdminOrderPage), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/orders")]
async fn admin_list(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<ListQuery>) -> AppResult<HttpResponse> {
    let ListQuery { status, page, oversold, refund, code_over_limit } = query.into_inner();
    // The lists the dashboard points at, beside the status filter.
    let special = match (oversold, refund) {
        _ if code_over_limit == Some(true) => Some(CODE_OVER_LIMIT),
        (Some(true), _) => Some(OVERSOLD_TO_REFUND),
        (_, Some(RefundFilter::Failed)) => Some(LATEST_REFUND_FAILED),
        (_, None) => None,
    };
    let page = page.unwrap_or(1).clamp(1, 100_000);
    let reply = state
        .db
        .read(move |c| {
            let offset = (page - 1) * PAGE_SIZE;
            let (orders, total) = match &status {
                _ if special.is_some() => {
                    let filter = special.unwrap_or_default();
                    (
                        query_orders(c, &format!("{filter} ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2"), &[&PAGE_SIZE, &offset])?,
                        c.query_row(&format!("SELECT COUNT(*) FROM orders {filter}"), [], |r| r.get::<_, i64>(0))?,
                    )
                }
                Some(s) => (
                    query_orders(c, "WHERE status = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3", &[s, &PAGE_SIZE, &offset])?,
                    c.query_row("SELECT COUNT(*) FROM orders WHERE status = ?1", [s], |r| r.get::<_, i64>(0))?,
                ),
                None => (
                    query_orders(c, "ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2", &[&PAGE_SIZE, &offset])?,
                    c.query_row("SELECT COUNT(*) FROM orders", [], |r| r.get::<_, i64>(0))?,
                ),
            };
            let mut counts: std::collections::BTreeMap<&'static str, i64> = OrderStatus::ALL.iter().map(|s| (s.as_str(), 0)).collect();
            let mut stmt = c.prepare_cached("SELECT status, COUNT(*) FROM orders GROUP BY status")?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, OrderStatus>(0)?, r.get::<_, i64>(1)?)))? {
                let (s, n) = row?;
                counts.insert(s.as_str(), n);
            }
            let oversold =
                c.query_row("SELECT COUNT(*) FROM orders WHERE oversold = 1 AND status != ?1", [OrderStatus::Cancelled], |r| r.get(0))?;
            Ok(AdminOrderPage { orders, total, page, page_size: PAGE_SIZE, counts, oversold })
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(reply))
}

/// Oversold orders that still have something to refund.
pub(crate) const OVERSOLD_TO_REFUND: &str = "WHERE oversold = 1 AND total_kobo > (SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds r
    WHERE r.order_id = orders.id AND r.status != 'failed')";
/// Orders paid with a code past its limits in the last 30 days, not cancelled.
pub(crate) const CODE_OVER_LIMIT: &str =
    "WHERE code_over_limit = 1 AND status != 'cancelled' AND created_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 2592000000";
/// Orders whose latest refund failed.
pub(crate) const LATEST_REFUND_FAILED: &str = "WHERE id IN (SELECT r.order_id FROM refunds r WHERE r.status = 'failed'
    AND NOT EXISTS (SELECT 1 FROM refunds later WHERE later.order_id = r.order_id AND later.created_at > r.created_at))";

pub fn admin_view(order: Order) -> AdminOrder {
    AdminOrder {
        next_statuses: order.status.next(),
        user_id: order.user_id.clone(),
        refundable: order.refunds.left(order.total_amount),
        order,
    }
}

fn order_not_found() -> AppError {
    AppError::NotFound("Order not found.".into())
}

#[utoipa::path(tag = "admin", responses((status = OK, body = AdminOrder), Unauthorized, Forbidden, NotFound))]
#[get("/admin/orders/{id}")]
async fn admin_one(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let order = state.db.read(move |c| Ok(by_id(c, &id)?)).await?.ok_or_else(order_not_found)?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(admin_view(order)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    /// One of the order's next statuses; shipped needs a tracking number.
    #[schema(inline)]
    status: OrderStatus,
    tracking_number: Option<String>,
    /// With "cancelled": refund whatever is left of the order in the same step.
    #[serde(default)]
    refund: bool,
}

#[utoipa::path(tag = "admin", responses((status = OK, body = AdminOrder), BadRequest, Unauthorized, Forbidden, NotFound, Conflict))]
#[patch("/admin/orders/{id}")]
async fn admin_update(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<UpdateBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let UpdateBody { status, tracking_number, refund } = body.into_inner();
    let tracking = tracking_number.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if status == OrderStatus::Shipped && tracking.is_none() {
        return Err(AppError::Validation("Please enter a tracking number.".into()));
    }
    if tracking.as_ref().is_some_and(|t| t.chars().count() > 100) {
        return Err(AppError::Validation("Please keep the tracking number under 100 characters.".into()));
    }
    let order_id = id.clone();
    let (order, changed) = state
        .db
        .write(move |tx| {
            let order = by_id(tx, &id)?.ok_or_else(order_not_found)?;
            if order.status == status {
                return Ok((order, false)); // A repeated click changes nothing.
            }
            if !order.status.next().contains(&status) {
                return Err(AppError::Conflict(format!("An order that is {} cannot become {status}.", order.status)));
            }
            tx.execute(
                "UPDATE orders SET status = ?1, tracking_number = COALESCE(?2, tracking_number), updated_at = ?3 WHERE id = ?4",
                params![status, tracking, crate::db::now_ms(), id],
            )?;
            // Cancelled before it shipped: what it took from stock goes back on sale.
            if status == OrderStatus::Cancelled {
                crate::stock::restock_order(tx, &id)?;
            }
            Ok((by_id(tx, &id)?.ok_or_else(order_not_found)?, true))
        })
        .await?;
    if changed && order.status == OrderStatus::Cancelled {
        state.cache.invalidate();
    }
    if changed && let Some((subject, body)) = mails::status_changed(&state.config.shop_name, state.config.public_url(), &order) {
        state.mailer.send_in_background(vec![(order.customer_email.clone(), subject, body)]);
    }
    // Cancelled with a refund: whatever is left goes back to the card in the same step.
    let order = if refund && order.status == OrderStatus::Cancelled && order.refunds.left(order.total_amount) > 0 {
        let ask = crate::refunds::RefundAsk { amount: None, reason: "Order cancelled".into(), restock: Vec::new() };
        crate::refunds::refund_order(&state, &order_id, ask).await?
    } else {
        order
    };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(admin_view(order)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PaymentsQuery {
    /// One payment status; without it, the ones to review (failed and mismatched).
    #[param(inline)]
    status: Option<PaymentStatus>,
}

/// A payment an admin should look at.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentReview {
    reference: String,
    user_id: String,
    customer_name: String,
    customer_email: String,
    /// Kobo.
    amount: i64,
    currency: String,
    status: PaymentStatus,
    failure_reason: Option<String>,
    created_at: i64,
    updated_at: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentReviews {
    /// Most recently changed first, at most 200.
    payments: Vec<PaymentReview>,
}

/// Payments for an admin to look at: by default those that failed verification or mismatched.
#[utoipa::path(tag = "admin", params(PaymentsQuery), responses((status = OK, body = PaymentReviews), BadRequest, Unauthorized, Forbidden))]
#[get("/admin/payments")]
async fn admin_payments(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<PaymentsQuery>) -> AppResult<HttpResponse> {
    // Without a status: the payments an admin should look at.
    let statuses = match query.into_inner().status {
        None => vec![PaymentStatus::Failed, PaymentStatus::Mismatch],
        Some(one) => vec![one],
    };
    let statuses = serde_json::to_string(&statuses).map_err(AppError::internal)?;
    let payments = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare_cached(
                "SELECT reference, user_id, customer_name, customer_email, amount_kobo, currency, status, failure_reason, created_at, updated_at
                 FROM payments WHERE status IN (SELECT value FROM json_each(?1)) ORDER BY updated_at DESC LIMIT 200",
            )?;
            let rows = stmt.query_map([statuses], |r| {
                Ok(PaymentReview {
                    reference: r.get("reference")?,
                    user_id: r.get("user_id")?,
                    customer_name: r.get("customer_name")?,
                    customer_email: r.get("customer_email")?,
                    amount: r.get("amount_kobo")?,
                    currency: r.get("currency")?,
                    status: r.get("status")?,
                    failure_reason: r.get("failure_reason")?,
                    created_at: r.get("created_at")?,
                    updated_at: r.get("updated_at")?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(PaymentReviews { payments }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn fulfilment_moves_forward_only() {
        use super::OrderStatus::*;
        assert_eq!(Paid.next(), [Processing, Cancelled]);
        assert_eq!(Processing.next(), [Shipped, Cancelled]);
        assert_eq!(Shipped.next(), [Delivered]);
        assert!(Delivered.next().is_empty());
        assert!(Cancelled.next().is_empty());
    }
}
