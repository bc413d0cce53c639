//! Orders as each member of staff may see them. Owners and managers see the whole order: its money
//! (prices, totals, payments, refunds, pay links) and its customer (e-mail, account). A role that
//! may not see those — packers — gets what packing and shipping need: the lines with sizes,
//! colours and quantities, who it goes to (name, phone, address), the notes and where the order
//! stands. Which role sees what is the access table's word (`access::sight`, in the HTTP layer);
//! this module only builds the two views, so an answer never carries what its reader may not see.

use rusqlite::{Connection, ToSql};
use serde::Serialize;

use super::*;

/// What a member of staff may see of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaffSight {
    /// Prices, totals, payments, refunds and pay links; and cancelling, which decides about money
    /// (a cancelled order is refunded or not).
    pub money: bool,
    /// The customer's e-mail and account.
    pub customers: bool,
}

impl StaffSight {
    /// The whole order: only for whoever may see both its money and its customer. Anyone else
    /// gets the packing view, which carries neither.
    pub fn whole(self) -> bool {
        self.money && self.customers
    }
}

crate::text_enum! {
    /// Marks an answer as the whole order (owners and managers).
    #[derive(Default)]
    pub enum WholeView {
        #[default]
        Full => "full",
    }
}

crate::text_enum! {
    /// Marks an answer as the packing view: no money, no e-mail or account.
    #[derive(Default)]
    pub enum PackingView {
        #[default]
        Packing => "packing",
    }
}

/// A line as packing sees it: what to take off the shelf, without its price.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackedItem {
    #[schema(value_type = Option<String>)]
    pub product_id: Option<ProductId>,
    #[schema(value_type = Option<String>)]
    pub variant_id: Option<VariantId>,
    pub name: String,
    pub quantity: i64,
    pub size: Option<String>,
    pub color: Option<String>,
}

/// An order as packing and shipping need it: its lines, who it goes to and where, the customer's
/// note and where it stands. No price, payment, refund, e-mail or account.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackingOrder {
    view: PackingView,
    #[schema(value_type = String)]
    id: OrderId,
    number: String,
    created_at: i64,
    updated_at: i64,
    status: OrderStatus,
    /// Who receives it (on the label), and the phone the rider calls.
    customer_name: String,
    customer_phone: String,
    items: Vec<PackedItem>,
    tracking_number: Option<String>,
    shipped_by: Option<ShippedBy>,
    delivery_address: Address,
    delivery_method: crate::delivery::Method,
    delivery_estimate: Option<String>,
    /// Paid for after its units had sold out: some lines may not be on the shelf.
    oversold: bool,
    source: Source,
    customer_note: Option<String>,
}

impl PackingOrder {
    fn of(order: &Order) -> PackingOrder {
        let items = order
            .items
            .iter()
            .map(|i| PackedItem {
                product_id: i.product_id.clone(),
                variant_id: i.variant_id.clone(),
                name: i.name.clone(),
                quantity: i.quantity,
                size: i.size.clone(),
                color: i.color.clone(),
            })
            .collect();
        PackingOrder {
            view: PackingView::Packing,
            id: order.id.clone(),
            number: order.number.clone(),
            created_at: order.created_at,
            updated_at: order.updated_at,
            status: order.status,
            customer_name: order.customer_name.clone(),
            customer_phone: order.customer_phone.clone(),
            items,
            tracking_number: order.tracking_number.clone(),
            shipped_by: order.shipped_by,
            delivery_address: order.delivery_address.clone(),
            delivery_method: order.price.delivery_method,
            delivery_estimate: order.price.delivery_estimate.clone(),
            oversold: order.oversold,
            source: order.source,
            customer_note: order.customer_note.clone(),
        }
    }
}

/// One order's screen in the packing view: with where it may go next (for the role), the shop's
/// own note and each line's SKU.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackingOrderDetail {
    #[serde(flatten)]
    order: PackingOrder,
    next_statuses: Vec<OrderStatus>,
    internal_note: Option<String>,
    /// Each line's SKU, in line order.
    skus: Vec<Option<String>>,
}

/// An order in the orders list, as the member of staff may see it.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(untagged)]
pub enum ListedOrder {
    Full(Box<FullOrder>),
    Packing(Box<PackingOrder>),
}

/// The whole order in a list.
#[derive(Serialize, Debug, utoipa::ToSchema)]
pub struct FullOrder {
    view: WholeView,
    #[serde(flatten)]
    order: Order,
}

/// One order's screen, as the member of staff may see it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum StaffOrder {
    Full(Box<AdminOrder>),
    Packing(Box<PackingOrderDetail>),
}

impl ListedOrder {
    pub fn of(order: Order, sight: StaffSight) -> ListedOrder {
        if sight.whole() {
            ListedOrder::Full(Box::new(FullOrder { view: WholeView::Full, order }))
        } else {
            ListedOrder::Packing(Box::new(PackingOrder::of(&order)))
        }
    }
}

/// Where an order may go next for someone with `sight`: cancelling only with money.
fn next_for(status: OrderStatus, sight: StaffSight) -> Vec<OrderStatus> {
    status.next().iter().copied().filter(|s| sight.money || *s != OrderStatus::Cancelled).collect()
}

/// One order's screen as someone with `sight` may see it.
pub fn staff_order(conn: &Connection, id: &OrderId, sight: StaffSight) -> AppResult<StaffOrder> {
    let whole = admin_order(conn, id)?;
    if sight.whole() {
        return Ok(StaffOrder::Full(Box::new(whole)));
    }
    let AdminOrder { order, internal_note, skus, .. } = whole;
    Ok(StaffOrder::Packing(Box::new(PackingOrderDetail {
        next_statuses: next_for(order.status, sight),
        order: PackingOrder::of(&order),
        internal_note,
        skus,
    })))
}

/// Which orders the list shows: a status, or one of the lists the dashboard points at, and a
/// search.
#[derive(Debug, Default)]
pub struct ListFilter {
    pub status: Option<OrderStatus>,
    /// One of the `…` conditions above (oversold to refund, latest refund failed, code over limit).
    pub special: Option<&'static str>,
    /// An order number, or part of a name, an e-mail (for those who see customers) or a phone
    /// number however it is written.
    pub q: String,
    pub page: i64,
}

/// Orders on one page of the list.
pub const PAGE_SIZE: i64 = 20;

/// One page of orders for fulfilment, with the count of orders in every status.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderPage {
    orders: Vec<ListedOrder>,
    /// Orders matching the filter and search, on every page.
    total: i64,
    page: i64,
    page_size: i64,
    /// Every status, with 0 for none (in the whole shop).
    counts: std::collections::BTreeMap<&'static str, i64>,
    /// Orders not cancelled that were paid for after their units sold out.
    oversold: i64,
}

/// The search's condition on orders, its values bound from `?{before + 1}`: the number (whole or
/// its start), the customer's name, the e-mail for those who see customers, and the phone by its
/// digits (stored numbers are E.164, so "0803 123 4567", "08031234567" and "+2348031234567" find
/// the same orders).
fn search_condition(q: &str, sight: StaffSight, before: usize) -> Option<(String, Vec<String>)> {
    let q = q.trim();
    if q.is_empty() {
        return None;
    }
    let mut values: Vec<String> = Vec::new();
    let mut bind = |value: String| {
        values.push(value);
        format!("?{}", before + values.len())
    };
    let like = bind(crate::util::like_pattern(q));
    let mut parts = vec![format!("customer_name LIKE {like} ESCAPE '\\'")];
    if sight.customers {
        parts.push(format!("customer_email LIKE {like} ESCAPE '\\'"));
    }
    let number = q.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_uppercase();
    if (2..=8).contains(&number.len()) {
        parts.push(format!("number LIKE {}", bind(format!("{number}%"))));
    }
    if let Some(digits) = crate::phone::search_digits(q) {
        parts.push(format!("customer_phone LIKE {}", bind(format!("%{digits}%"))));
    }
    Some((parts.join(" OR "), values))
}

/// One page of the orders list for someone with `sight`, newest first.
pub fn list_page(conn: &Connection, filter: &ListFilter, sight: StaffSight) -> AppResult<AdminOrderPage> {
    let mut conditions: Vec<String> = Vec::new();
    let mut values: Vec<Box<dyn ToSql>> = Vec::new();
    match (filter.special, filter.status) {
        (Some(special), _) => conditions.push(format!("({special})")),
        (None, Some(status)) => {
            values.push(Box::new(status));
            conditions.push("status = ?1".into());
        }
        (None, None) => {}
    }
    if let Some((condition, texts)) = search_condition(&filter.q, sight, values.len()) {
        conditions.push(format!("({condition})"));
        values.extend(texts.into_iter().map(|t| Box::new(t) as Box<dyn ToSql>));
    }
    let filter_sql = if conditions.is_empty() { String::new() } else { format!("WHERE {}", conditions.join(" AND ")) };
    let page = filter.page.clamp(1, 100_000);
    let (limit, offset) = (PAGE_SIZE, (page - 1) * PAGE_SIZE);
    let mut args: Vec<&dyn ToSql> = values.iter().map(|v| v.as_ref()).collect();
    let total: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM orders {filter_sql}"), args.as_slice(), |r| r.get(0))?;
    let sql = format!("{filter_sql} ORDER BY created_at DESC, id DESC LIMIT ?{} OFFSET ?{}", args.len() + 1, args.len() + 2);
    args.extend([&limit as &dyn ToSql, &offset]);
    let orders = query_orders(conn, &sql, &args)?.into_iter().map(|o| ListedOrder::of(o, sight)).collect();
    let mut counts: std::collections::BTreeMap<&'static str, i64> = OrderStatus::ALL.iter().map(|s| (s.as_str(), 0)).collect();
    let mut stmt = conn.prepare_cached("SELECT status, COUNT(*) FROM orders GROUP BY status")?;
    for row in stmt.query_map([], |r| Ok((r.get::<_, OrderStatus>(0)?, r.get::<_, i64>(1)?)))? {
        let (s, n) = row?;
        counts.insert(s.as_str(), n);
    }
    let oversold =
        conn.query_row("SELECT COUNT(*) FROM orders WHERE oversold = 1 AND status != ?1", [OrderStatus::Cancelled], |r| r.get(0))?;
    Ok(AdminOrderPage { orders, total, page, page_size: PAGE_SIZE, counts, oversold })
}

/// A customer's orders, newest first.
pub fn of_customer(conn: &Connection, user_id: &UserId) -> rusqlite::Result<Vec<Order>> {
    query_orders(conn, "WHERE user_id = ?1 ORDER BY created_at DESC, id DESC", &[user_id])
}

/// The order with this number placed with this e-mail (lower case), for tracking without a login.
pub fn tracked(conn: &Connection, number: &str, placed_with: &PlacedWith) -> rusqlite::Result<Option<Order>> {
    Ok(match placed_with {
        PlacedWith::Email(email) => query_orders(conn, "WHERE number = ?1 AND lower(customer_email) = ?2", &[&number, email])?,
        PlacedWith::Phone(phone) => query_orders(conn, "WHERE number = ?1 AND customer_phone = ?2", &[&number, phone])?,
    }
    .pop())
}

/// What a customer tracking an order proves it with besides its number: the e-mail it was placed
/// with (lower case), or its phone (E.164, as every phone is stored).
pub enum PlacedWith {
    Email(String),
    Phone(String),
}

/// One step of an order, as the tracking page lists it: the status it reached and when.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEvent {
    pub status: OrderStatus,
    pub at: i64,
}

/// An order's steps, oldest first (written by the database's triggers as it moves).
pub fn events(conn: &Connection, id: &OrderId) -> rusqlite::Result<Vec<OrderEvent>> {
    conn.prepare_cached("SELECT status, at FROM order_events WHERE order_id = ?1 ORDER BY id")?
        .query_map([id], |r| Ok(OrderEvent { status: r.get(0)?, at: r.get(1)? }))?
        .collect()
}

/// Marks the customer's orders seen (the "new" badge goes).
pub fn mark_seen(tx: &Connection, user_id: &UserId) -> rusqlite::Result<()> {
    tx.execute("UPDATE orders SET is_new = 0 WHERE user_id = ?1 AND is_new = 1", [user_id])?;
    Ok(())
}
