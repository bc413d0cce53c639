//! Orders: a customer's own list (with the "new" badge), and fulfilment for admins — the list
//! with a status filter, one order, status changes with a tracking number, and the payments that
//! need a human (failed or mismatched).

pub mod mails;

use actix_web::{HttpResponse, web};
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::app::AppState;
use crate::auth::{AdminUser, CurrentUser};
use crate::error::{AppError, AppResult};
use crate::payments::PaymentStatus;

const PAGE_SIZE: i64 = 20;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/orders", web::get().to(my_orders))
        .route("/orders/seen", web::post().to(mark_seen))
        .route("/admin/orders", web::get().to(admin_list))
        .route("/admin/orders/{id}", web::get().to(admin_one))
        .route("/admin/orders/{id}", web::patch().to(admin_update))
        .route("/admin/payments", web::get().to(admin_payments));
}

/// Where an order goes, as the shopper typed it at checkout.
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
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub product_id: Option<String>,
    pub name: String,
    /// Kobo, each, as paid.
    pub price: i64,
    pub quantity: i64,
    pub size: Option<String>,
    pub color: Option<String>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: String,
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
}

const COLUMNS: &str = "id, user_id, created_at, updated_at, status, is_new, customer_name, customer_email, customer_phone,
    payment_reference, total_kobo, tracking_number, street, city, state, country, postal_code";

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
        items: Vec::new(),
    })
}

/// Fills in the orders' lines with one query, however many orders there are.
fn with_items(conn: &Connection, mut orders: Vec<Order>) -> rusqlite::Result<Vec<Order>> {
    if orders.is_empty() {
        return Ok(orders);
    }
    let ids = serde_json::to_string(&orders.iter().map(|o| o.id.as_str()).collect::<Vec<_>>()).unwrap_or_default();
    let mut stmt = conn.prepare_cached(
        "SELECT order_id, product_id, name, price_kobo, quantity, size, color FROM order_items
         WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY order_id, position",
    )?;
    let mut lines: std::collections::HashMap<String, Vec<OrderItem>> = std::collections::HashMap::new();
    for row in stmt.query_map([ids], |r| {
        let item =
            OrderItem { product_id: r.get(1)?, name: r.get(2)?, price: r.get(3)?, quantity: r.get(4)?, size: r.get(5)?, color: r.get(6)? };
        Ok((r.get::<_, String>(0)?, item))
    })? {
        let (order_id, item) = row?;
        lines.entry(order_id).or_default().push(item);
    }
    for order in &mut orders {
        order.items = lines.remove(&order.id).unwrap_or_default();
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

/// A customer's orders, newest first.
async fn my_orders(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let orders = state.db.read(move |c| Ok(query_orders(c, "WHERE user_id = ?1 ORDER BY created_at DESC, id DESC", &[&user.id])?)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({ "orders": orders })))
}

/// Opening My Orders marks the customer's orders seen; the answer carries the new badge counts.
async fn mark_seen(state: web::Data<AppState>, user: CurrentUser) -> AppResult<HttpResponse> {
    let counts = state
        .db
        .write(move |tx| {
            tx.execute("UPDATE orders SET is_new = 0 WHERE user_id = ?1 AND is_new = 1", [&user.id])?;
            Ok(crate::auth::counts(tx, &user.id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({ "counts": counts })))
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
    page: Option<i64>,
}

fn parse_status(status: &str) -> AppResult<OrderStatus> {
    OrderStatus::parse(status).ok_or_else(|| {
        let known: Vec<&str> = OrderStatus::ALL.iter().map(|s| s.as_str()).collect();
        AppError::Validation(format!("Unknown order status \"{status}\". Use one of: {}.", known.join(", ")))
    })
}

async fn admin_list(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<ListQuery>) -> AppResult<HttpResponse> {
    let ListQuery { status, page } = query.into_inner();
    let status = status.filter(|s| !s.is_empty()).map(|s| parse_status(&s)).transpose()?;
    let page = page.unwrap_or(1).clamp(1, 100_000);
    let reply = state
        .db
        .read(move |c| {
            let offset = (page - 1) * PAGE_SIZE;
            let (orders, total) = match &status {
                Some(s) => (
                    query_orders(c, "WHERE status = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3", &[s, &PAGE_SIZE, &offset])?,
                    c.query_row("SELECT COUNT(*) FROM orders WHERE status = ?1", [s], |r| r.get::<_, i64>(0))?,
                ),
                None => (
                    query_orders(c, "ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2", &[&PAGE_SIZE, &offset])?,
                    c.query_row("SELECT COUNT(*) FROM orders", [], |r| r.get::<_, i64>(0))?,
                ),
            };
            let mut counts = serde_json::Map::new();
            for s in OrderStatus::ALL {
                counts.insert(s.to_string(), json!(0));
            }
            let mut stmt = c.prepare_cached("SELECT status, COUNT(*) FROM orders GROUP BY status")?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))? {
                let (s, n) = row?;
                counts.insert(s, json!(n));
            }
            Ok(json!({ "orders": orders, "total": total, "page": page, "pageSize": PAGE_SIZE, "counts": counts }))
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(reply))
}

fn admin_view(order: Order) -> serde_json::Value {
    let next = order.status.next();
    let user_id = order.user_id.clone();
    let mut value = serde_json::to_value(order).unwrap_or_default();
    value["userId"] = json!(user_id);
    value["nextStatuses"] = json!(next);
    value
}

fn order_not_found() -> AppError {
    AppError::NotFound("Order not found.".into())
}

async fn admin_one(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let order = state.db.read(move |c| Ok(by_id(c, &id)?)).await?.ok_or_else(order_not_found)?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(admin_view(order)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    #[serde(default)]
    status: String,
    tracking_number: Option<String>,
}

async fn admin_update(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<UpdateBody>,
) -> AppResult<HttpResponse> {
    let id = id.into_inner();
    let UpdateBody { status, tracking_number } = body.into_inner();
    let status = parse_status(&status)?;
    let tracking = tracking_number.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if status == OrderStatus::Shipped && tracking.is_none() {
        return Err(AppError::Validation("Please enter a tracking number.".into()));
    }
    if tracking.as_ref().is_some_and(|t| t.chars().count() > 100) {
        return Err(AppError::Validation("Please keep the tracking number under 100 characters.".into()));
    }
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
            Ok((by_id(tx, &id)?.ok_or_else(order_not_found)?, true))
        })
        .await?;
    if changed && let Some((subject, body)) = mails::status_changed(&state.config.shop_name, state.config.public_url(), &order) {
        state.mailer.send_in_background(vec![(order.customer_email.clone(), subject, body)]);
    }
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(admin_view(order)))
}

#[derive(Deserialize)]
struct PaymentsQuery {
    status: Option<String>,
}

/// Payments for an admin to look at: by default those that failed verification or mismatched.
async fn admin_payments(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<PaymentsQuery>) -> AppResult<HttpResponse> {
    let status = query.into_inner().status.unwrap_or_else(|| "review".into());
    // "review": the payments an admin should look at.
    let statuses = match (status.as_str(), PaymentStatus::parse(&status)) {
        ("review" | "", _) => vec![PaymentStatus::Failed, PaymentStatus::Mismatch],
        (_, Some(one)) => vec![one],
        (_, None) => return Err(AppError::Validation("Unknown payment status.".into())),
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
                Ok(json!({
                    "reference": r.get::<_, String>(0)?,
                    "userId": r.get::<_, String>(1)?,
                    "customerName": r.get::<_, String>(2)?,
                    "customerEmail": r.get::<_, String>(3)?,
                    "amount": r.get::<_, i64>(4)?,
                    "currency": r.get::<_, String>(5)?,
                    "status": r.get::<_, PaymentStatus>(6)?,
                    "failureReason": r.get::<_, Option<String>>(7)?,
                    "createdAt": r.get::<_, i64>(8)?,
                    "updatedAt": r.get::<_, i64>(9)?,
                }))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({ "payments": payments })))
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
