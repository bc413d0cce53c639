//! Returns and size exchanges (issue 35 §1–§2). A customer asks, within the shop's return window
//! after delivery, to send back units of her order's lines for another size or colour of the same
//! product, store credit, or her money back; the shop approves (saying how to send it back) or
//! refuses; the parcel is marked received with its condition (back on sale, or written off), and
//! what she asked for follows: a new order for the exchange, an entry in her credit ledger, or a
//! refund through Paystack.
//!
//! Money and stock stay exact under races: each step moves a request only from the status it
//! expects (`UPDATE … WHERE status = ?`), inside the transaction that also moves the units and the
//! money; what a request may be worth is fixed when it is made and bounded by what the order's
//! lines were paid, less what other requests for the same lines, refunds and credit already gave.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId, VariantId};
use crate::mail::{Mail, Mailer};
use crate::money::Kobo;
use crate::orders::{Order, OrderStatus, PaymentMethod};

/// At most this many photos per request.
pub const MAX_PHOTOS: usize = 3;
/// The longest note a customer or the shop may write.
const NOTE_MAX: usize = 500;
/// Requests one customer (by e-mail) or one client address may make in a day: far above a real
/// shopper's, far below what would let a script fill the shop's screen and disk.
const REQUESTS_PER_DAY: i64 = 10;

crate::text_enum! {
    /// Why it goes back.
    pub enum Reason {
        TooSmall => "too_small",
        TooBig => "too_big",
        NotAsPictured => "not_as_pictured",
        Damaged => "damaged",
        ChangedMind => "changed_mind",
        Other => "other",
    }
}

impl Reason {
    pub fn label(self) -> &'static str {
        match self {
            Reason::TooSmall => "Too small",
            Reason::TooBig => "Too big",
            Reason::NotAsPictured => "Not as pictured",
            Reason::Damaged => "Damaged or faulty",
            Reason::ChangedMind => "Changed my mind",
            Reason::Other => "Other",
        }
    }
}

crate::text_enum! {
    /// What the customer wants instead.
    pub enum Wants {
        Exchange => "exchange",
        Credit => "credit",
        Refund => "refund",
    }
}

crate::text_enum! {
    /// Where a request stands.
    pub enum ReturnStatus {
        Requested => "requested",
        Approved => "approved",
        Refused => "refused",
        Received => "received",
        Closed => "closed",
    }
}

crate::text_enum! {
    /// How the customer sends it back, as the shop says when it approves.
    pub enum SendBack {
        DropAtShop => "drop_at_shop",
        RiderPickup => "rider_pickup",
        Courier => "courier",
    }
}

impl SendBack {
    fn instructions(self) -> &'static str {
        match self {
            SendBack::DropAtShop => "Please bring the items to the shop, with your order number.",
            SendBack::RiderPickup => "Our rider will come to pick the items up: have them packed, with your order number.",
            SendBack::Courier => "Please send the items to the shop by courier, with your order number inside the parcel.",
        }
    }
}

crate::text_enum! {
    /// What the shop found in the parcel.
    pub enum Condition {
        /// Back on sale.
        Restock => "restock",
        /// Not fit to sell again: the units leave the shop's stock for good.
        WriteOff => "write_off",
    }
}

crate::text_enum! {
    /// Money back, once the parcel is in: due, recorded as a refund, or to give back by hand.
    pub enum RefundState {
        Due => "due",
        Sent => "sent",
        ByHand => "by_hand",
    }
}

/// One line of a request as the customer asks it.
#[derive(Deserialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineAsk {
    /// The order line (from 0, in the order's order).
    pub position: i64,
    pub quantity: i64,
    /// For an exchange: the size or colour of the same product wanted instead.
    #[schema(value_type = Option<String>)]
    pub exchange_variant_id: Option<VariantId>,
}

/// A request as the customer sends it (the photos come beside it).
#[derive(Deserialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReturnAsk {
    #[schema(min_items = 1)]
    pub lines: Vec<LineAsk>,
    pub reason: Reason,
    /// Required with "other".
    #[schema(max_length = 500)]
    pub note: Option<String>,
    pub wants: Wants,
}

/// A size or colour of the product that can be had instead (in stock now).
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeChoice {
    #[schema(value_type = String)]
    pub variant_id: VariantId,
    pub size: Option<String>,
    pub color: Option<String>,
}

/// One line of a request.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLine {
    pub position: i64,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub quantity: i64,
    /// The size or colour wanted instead (exchanges).
    pub exchange: Option<ExchangeChoice>,
}

/// A request as its customer and the shop see it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Return {
    pub id: String,
    #[schema(value_type = String)]
    pub order_id: OrderId,
    pub order_number: String,
    pub customer_name: String,
    pub status: ReturnStatus,
    pub wants: Wants,
    pub reason: Reason,
    pub note: Option<String>,
    pub lines: Vec<ReturnLine>,
    /// Addresses of the photos (served only to the customer and the staff).
    pub photos: Vec<String>,
    pub send_back: Option<SendBack>,
    /// The shop's words: the instructions with an approval, the reason with a refusal.
    pub message: Option<String>,
    pub condition: Option<Condition>,
    /// What the lines were paid, and the delivery fee given back with them (none for roles that
    /// may not see money).
    #[schema(value_type = Option<i64>)]
    pub value: Option<Kobo>,
    #[schema(value_type = Option<i64>)]
    pub delivery: Option<Kobo>,
    pub refund_state: Option<RefundState>,
    /// The order that sends the new size or colour, once the return is received.
    pub exchange_order_number: Option<String>,
    #[schema(value_type = Option<String>)]
    pub exchange_order_id: Option<OrderId>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Return {
    /// The same request without money, for roles that may not see it.
    pub fn without_money(mut self) -> Return {
        self.value = None;
        self.delivery = None;
        self
    }
}

/// One line of an order as the return form offers it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineOption {
    pub position: i64,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub bought: i64,
    /// Units that may still be asked for (0 when every unit is in a request, or for a final sale).
    pub returnable: i64,
    pub final_sale: bool,
    /// A request for this line is waiting for the shop or the parcel.
    pub open_request: bool,
    /// Other sizes and colours of the product in stock now.
    pub exchange_choices: Vec<ExchangeChoice>,
}

/// What the customer may ask for an order, and what she already asked.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnOptions {
    #[schema(value_type = String)]
    pub order_id: OrderId,
    pub order_number: String,
    /// Why nothing can be asked now (not delivered yet, the window closed, no returns); none when
    /// the form is open.
    pub closed: Option<String>,
    /// When the window closes (Unix ms), once delivered.
    pub closes_at: Option<i64>,
    pub lines: Vec<LineOption>,
    /// Money back goes through Paystack; for an order paid on delivery the shop gives it back by
    /// hand.
    pub refund_by_hand: bool,
    pub requests: Vec<Return>,
}

/// When the order was delivered (the first time it reached "delivered").
fn delivered_at(conn: &Connection, order: &Order) -> rusqlite::Result<Option<i64>> {
    if order.status != OrderStatus::Delivered {
        return Ok(None);
    }
    let at: Option<i64> = conn
        .prepare_cached("SELECT MIN(at) FROM order_events WHERE order_id = ?1 AND status = 'delivered'")?
        .query_row([&order.id], |r| r.get(0))?;
    Ok(Some(at.unwrap_or(order.updated_at)))
}

/// "5 December 2026", in Lagos.
fn lagos_date(ms: i64) -> String {
    let at = crate::util::iso8601(ms + crate::util::LAGOS_OFFSET_MS);
    let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    let month: usize = at[5..7].parse().unwrap_or(1);
    let day: u32 = at[8..10].parse().unwrap_or(1);
    format!("{day} {} {}", months[month.clamp(1, 12) - 1], &at[..4])
}

/// Why the order takes no request now, or when its window closes.
fn window(conn: &Connection, order: &Order, now: i64) -> AppResult<Result<i64, String>> {
    let days = crate::settings::load(conn)?.return_window_days;
    if days == 0 {
        return Ok(Err("This shop does not take returns online. Please contact us.".into()));
    }
    let Some(delivered) = delivered_at(conn, order)? else {
        return Ok(Err("You can ask for a return once your order has been delivered.".into()));
    };
    let closes = delivered + days * crate::util::DAY_MS;
    if now > closes {
        return Ok(Err(format!("The return window for this order closed on {}.", lagos_date(closes))));
    }
    Ok(Ok(closes))
}

/// Units of each line (by position) in requests that are not refused or closed unreceived.
fn units_asked(conn: &Connection, order_id: &OrderId) -> rusqlite::Result<std::collections::HashMap<i64, (i64, bool)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT l.position, SUM(l.quantity), MAX(r.status IN ('requested', 'approved'))
         FROM return_lines l JOIN returns r ON r.id = l.return_id
         WHERE r.order_id = ?1 AND r.status IN ('requested', 'approved', 'received') GROUP BY l.position",
    )?;
    let rows = stmt.query_map([order_id], |r| Ok((r.get::<_, i64>(0)?, (r.get::<_, i64>(1)?, r.get::<_, bool>(2)?))))?;
    rows.collect()
}

/// The product's other variants in stock now.
fn choices(conn: &Connection, order: &Order, position: usize) -> rusqlite::Result<Vec<ExchangeChoice>> {
    let item = &order.items[position];
    let Some(product) = &item.product_id else { return Ok(Vec::new()) };
    let own = item.variant_id.clone();
    conn.prepare_cached(
        "SELECT id, NULLIF(size, ''), NULLIF(color, '') FROM variants WHERE product_id = ?1 AND stock > 0 ORDER BY position, id",
    )?
    .query_map([product], |r| Ok(ExchangeChoice { variant_id: r.get(0)?, size: r.get(1)?, color: r.get(2)? }))?
    .filter(|c| c.as_ref().map(|c| Some(&c.variant_id) != own.as_ref()).unwrap_or(true))
    .collect()
}

fn final_sale(conn: &Connection, order: &Order, position: usize) -> rusqlite::Result<bool> {
    let Some(product) = &order.items[position].product_id else { return Ok(false) };
    Ok(conn
        .prepare_cached("SELECT final_sale FROM products WHERE id = ?1")?
        .query_row([product], |r| r.get::<_, bool>(0))
        .optional()?
        .unwrap_or(false))
}

/// What the customer may ask for `order` now.
pub fn options(conn: &Connection, order: &Order, now: i64) -> AppResult<ReturnOptions> {
    let window = window(conn, order, now)?;
    let asked = units_asked(conn, &order.id)?;
    let mut lines = Vec::with_capacity(order.items.len());
    for (position, item) in order.items.iter().enumerate() {
        let (taken, open) = asked.get(&(position as i64)).copied().unwrap_or((0, false));
        let final_sale = final_sale(conn, order, position)?;
        let returnable = if final_sale { 0 } else { (item.quantity - taken).max(0) };
        lines.push(LineOption {
            position: position as i64,
            name: item.name.clone(),
            size: item.size.clone(),
            color: item.color.clone(),
            bought: item.quantity,
            returnable,
            final_sale,
            open_request: open,
            exchange_choices: if returnable > 0 && window.is_ok() { choices(conn, order, position)? } else { Vec::new() },
        });
    }
    Ok(ReturnOptions {
        order_id: order.id.clone(),
        order_number: order.number.clone(),
        closed: window.as_ref().err().cloned(),
        closes_at: window.ok(),
        lines,
        refund_by_hand: order.payment.paid_online == Kobo::ZERO,
        requests: of_order(conn, &order.id)?,
    })
}

/// What each unit of each line was paid: its price less its share of the order's discount
/// (rounded down, so the shares never add up to more than was paid).
fn paid_each(order: &Order, position: usize) -> Kobo {
    let item = &order.items[position];
    let subtotal = order.price.subtotal.get();
    let line = item.price.get() * item.quantity;
    let share = if subtotal > 0 { (order.price.discount.get().min(subtotal) as i128 * line as i128 / subtotal as i128) as i64 } else { 0 };
    Kobo::new((line - share) / item.quantity.max(1))
}

/// A customer's request: checked against the order (delivered, in the window, lines and units
/// not already asked for, exchange choices of the same product in stock), recorded with its
/// photos (already stored under `photo_keys`), and told to the customer and the shop.
pub fn request(
    tx: &Connection,
    mailer: &Mailer,
    order: &Order,
    ask: &ReturnAsk,
    photo_keys: &[String],
    client_key: &str,
    now: i64,
) -> AppResult<Return> {
    if let Err(why) = window(tx, order, now)? {
        return Err(AppError::Conflict(why));
    }
    let note = ask.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    if ask.reason == Reason::Other && note.is_none() {
        return Err(AppError::Validation("Please tell us in a few words why it goes back.".into()));
    }
    if note.as_ref().is_some_and(|n| n.chars().count() > NOTE_MAX) {
        return Err(AppError::Validation(format!("Please keep your note under {NOTE_MAX} characters.")));
    }
    if ask.lines.is_empty() {
        return Err(AppError::Validation("Choose the items to send back.".into()));
    }
    if photo_keys.len() > MAX_PHOTOS {
        return Err(AppError::Validation(format!("Add at most {MAX_PHOTOS} photos.")));
    }
    let email_key = crate::identity::email_key(&order.customer_email);
    let since = now - crate::util::DAY_MS;
    let (by_customer, by_client): (i64, i64) = tx.query_row(
        "SELECT (SELECT COUNT(*) FROM returns WHERE email_key = ?1 AND created_at > ?3),
                (SELECT COUNT(*) FROM returns WHERE client_key = ?2 AND client_key != '' AND created_at > ?3)",
        params![email_key, client_key, since],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if by_customer >= REQUESTS_PER_DAY || by_client >= REQUESTS_PER_DAY {
        return Err(AppError::Conflict("You have asked for many returns today. Please try again tomorrow, or contact us.".into()));
    }
    let asked = units_asked(tx, &order.id)?;
    let mut value = Kobo::ZERO;
    let mut seen = std::collections::HashSet::new();
    for line in &ask.lines {
        let Some(item) = usize::try_from(line.position).ok().and_then(|p| order.items.get(p)) else {
            return Err(AppError::Validation("Choose items of this order.".into()));
        };
        let position = line.position as usize;
        if !seen.insert(line.position) {
            return Err(AppError::Validation("List each item once.".into()));
        }
        let described = crate::stock::describe_line(&item.name, item.size.as_deref(), item.color.as_deref());
        if final_sale(tx, order, position)? {
            return Err(AppError::Conflict(format!("{described} was a final sale: it cannot be returned.")));
        }
        let (taken, open) = asked.get(&line.position).copied().unwrap_or((0, false));
        if open {
            return Err(AppError::Conflict(format!("{described} already has a return request open.")));
        }
        let left = item.quantity - taken;
        if left <= 0 {
            return Err(AppError::Conflict(format!("{described} has already been returned.")));
        }
        if line.quantity < 1 || line.quantity > left {
            return Err(AppError::Validation(format!("You can send back from 1 to {left} of {described}.")));
        }
        match (ask.wants, &line.exchange_variant_id) {
            (Wants::Exchange, None) => {
                return Err(AppError::Validation(format!("Choose the size or colour you want instead of {described}.")));
            }
            (Wants::Exchange, Some(wanted)) => {
                let fits: Option<i64> = tx
                    .prepare_cached("SELECT stock FROM variants WHERE id = ?1 AND product_id = ?2")?
                    .query_row(params![wanted, item.product_id], |r| r.get(0))
                    .optional()?;
                match fits {
                    Some(stock) if Some(wanted) != item.variant_id.as_ref() && stock >= line.quantity => {}
                    _ => return Err(AppError::Conflict(format!("Choose a size or colour of {} that is in stock.", item.name))),
                }
            }
            (_, Some(_)) => return Err(AppError::Validation("Only an exchange names a size or colour to have instead.".into())),
            (_, None) => {}
        }
        value += paid_each(order, position) * line.quantity;
    }
    // The delivery fee goes back with the request that brings back every unit still out.
    let settings = crate::settings::load(tx)?;
    let all_units = order.items.iter().enumerate().all(|(p, item)| {
        let (taken, _) = asked.get(&(p as i64)).copied().unwrap_or((0, false));
        let now_asked = ask.lines.iter().find(|l| l.position == p as i64).map(|l| l.quantity).unwrap_or(0);
        taken + now_asked >= item.quantity
    });
    let delivery =
        if settings.return_delivery_fee && all_units && ask.wants != Wants::Exchange { order.price.delivery_fee } else { Kobo::ZERO };
    let id = crate::util::new_id();
    tx.execute(
        "INSERT INTO returns (id, order_id, status, wants, reason, note, value_kobo, delivery_kobo, email_key, client_key, created_at, updated_at)
         VALUES (?1, ?2, 'requested', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![id, order.id, ask.wants, ask.reason, note, value, delivery, email_key, client_key, now],
    )?;
    for line in &ask.lines {
        tx.execute(
            "INSERT INTO return_lines (return_id, position, quantity, exchange_variant_id) VALUES (?1, ?2, ?3, ?4)",
            params![id, line.position, line.quantity, line.exchange_variant_id],
        )?;
    }
    for (i, key) in photo_keys.iter().enumerate() {
        tx.execute("INSERT INTO return_photos (return_id, position, media_key) VALUES (?1, ?2, ?3)", params![id, i as i64, key])?;
    }
    let made = one(tx, &id)?;
    tell(tx, mailer, order, &made, now)?;
    keep_fit(tx, &id)?;
    Ok(made)
}

/// The products of request `id`'s lines.
fn products_of(conn: &Connection, id: &str) -> rusqlite::Result<Vec<crate::ids::ProductId>> {
    conn.prepare_cached(
        "SELECT DISTINCT i.product_id FROM return_lines l JOIN returns r ON r.id = l.return_id
         JOIN order_items i ON i.order_id = r.order_id AND i.position = l.position
         WHERE l.return_id = ?1 AND i.product_id IS NOT NULL",
    )?
    .query_map([id], |r| r.get(0))?
    .collect()
}

/// The catalogue's change when request `id` moved: its products' pages (their "runs small" note).
pub fn product_pages(conn: &Connection, id: &str) -> rusqlite::Result<crate::catalog::write::Changes> {
    Ok(products_of(conn, id)?
        .iter()
        .fold(crate::catalog::write::Changes::none(), |all, p| all.and(crate::catalog::write::Changes::product(p))))
}

/// Returns that say "too small" make a product run small: at least this many...
const RUNS_SMALL_AT_LEAST: i64 = 3;
/// ...and at least this share (per cent) of its returns.
const RUNS_SMALL_SHARE: i64 = 30;

/// Keeps `products.runs_small` for the products of request `id` as their returns (not refused)
/// now say, in the transaction that changed them.
pub fn keep_fit(tx: &Connection, id: &str) -> rusqlite::Result<()> {
    let products = products_of(tx, id)?;
    for product in &products {
        tx.prepare_cached(
            "UPDATE products SET runs_small = (
                SELECT COALESCE(SUM(r.reason = 'too_small') >= ?2 AND SUM(r.reason = 'too_small') * 100 >= COUNT(*) * ?3, 0)
                FROM return_lines l JOIN returns r ON r.id = l.return_id
                JOIN order_items i ON i.order_id = r.order_id AND i.position = l.position
                WHERE i.product_id = ?1 AND r.status != 'refused')
             WHERE id = ?1",
        )?
        .execute(params![product, RUNS_SMALL_AT_LEAST, RUNS_SMALL_SHARE])?;
    }
    Ok(())
}

/// The order's requests, newest first.
pub fn of_order(conn: &Connection, order_id: &OrderId) -> rusqlite::Result<Vec<Return>> {
    let ids: Vec<String> = conn
        .prepare_cached("SELECT id FROM returns WHERE order_id = ?1 ORDER BY created_at DESC, id")?
        .query_map([order_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    ids.iter().map(|id| one(conn, id)).collect()
}

/// Requests for the Returns screen: those with this status (all when none), newest first.
pub fn list(conn: &Connection, status: Option<ReturnStatus>, limit: i64) -> rusqlite::Result<Vec<Return>> {
    let ids: Vec<String> = conn
        .prepare_cached("SELECT id FROM returns WHERE ?1 IS NULL OR status = ?1 ORDER BY created_at DESC, id LIMIT ?2")?
        .query_map(params![status, limit], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    ids.iter().map(|id| one(conn, id)).collect()
}

/// One request, whole.
pub fn one(conn: &Connection, id: &str) -> rusqlite::Result<Return> {
    let mut made = conn
        .prepare_cached(
            "SELECT r.id, r.order_id, o.number, o.customer_name, r.status, r.wants, r.reason, r.note, r.send_back, r.message, r.condition,
                r.value_kobo, r.delivery_kobo, r.refund_state, x.number, r.exchange_order_id, r.created_at, r.updated_at
         FROM returns r JOIN orders o ON o.id = r.order_id LEFT JOIN orders x ON x.id = r.exchange_order_id WHERE r.id = ?1",
        )?
        .query_row([id], |r| {
            Ok(Return {
                id: r.get(0)?,
                order_id: r.get(1)?,
                order_number: r.get(2)?,
                customer_name: r.get(3)?,
                status: r.get(4)?,
                wants: r.get(5)?,
                reason: r.get(6)?,
                note: r.get(7)?,
                send_back: r.get(8)?,
                message: r.get(9)?,
                condition: r.get(10)?,
                value: Some(r.get(11)?),
                delivery: Some(r.get(12)?),
                refund_state: r.get(13)?,
                exchange_order_number: r.get(14)?,
                exchange_order_id: r.get(15)?,
                created_at: r.get(16)?,
                updated_at: r.get(17)?,
                lines: Vec::new(),
                photos: Vec::new(),
            })
        })?;
    made.lines = conn
        .prepare_cached(
            "SELECT l.position, i.name, i.size, i.color, l.quantity, v.id, NULLIF(v.size, ''), NULLIF(v.color, '')
             FROM return_lines l JOIN returns r ON r.id = l.return_id
             JOIN order_items i ON i.order_id = r.order_id AND i.position = l.position
             LEFT JOIN variants v ON v.id = l.exchange_variant_id
             WHERE l.return_id = ?1 ORDER BY l.position",
        )?
        .query_map([id], |r| {
            let variant: Option<VariantId> = r.get(5)?;
            Ok(ReturnLine {
                position: r.get(0)?,
                name: r.get(1)?,
                size: r.get(2)?,
                color: r.get(3)?,
                quantity: r.get(4)?,
                exchange: variant
                    .map(|variant_id| -> rusqlite::Result<ExchangeChoice> {
                        Ok(ExchangeChoice { variant_id, size: r.get(6)?, color: r.get(7)? })
                    })
                    .transpose()?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let count: i64 = conn.prepare_cached("SELECT COUNT(*) FROM return_photos WHERE return_id = ?1")?.query_row([id], |r| r.get(0))?;
    made.photos = (0..count).map(|n| format!("/api/returns/{id}/photos/{n}")).collect();
    Ok(made)
}

/// The stored key of a request's photo, for the staff (`viewer` None) or for the customer who owns
/// the order; None for anyone else, as for a photo that does not exist.
pub fn photo(conn: &Connection, id: &str, position: i64, viewer: Option<&UserId>) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(
        "SELECT p.media_key FROM return_photos p JOIN returns r ON r.id = p.return_id JOIN orders o ON o.id = r.order_id
         WHERE p.return_id = ?1 AND p.position = ?2 AND (?3 IS NULL OR o.user_id = ?3)",
    )?
    .query_row(params![id, position, viewer], |r| r.get(0))
    .optional()
}

/// A product's return rules: (final sale, the fit note may show).
pub fn product_rules_of(conn: &Connection, product: &crate::ids::ProductId) -> AppResult<(bool, bool)> {
    conn.query_row("SELECT final_sale, fit_note FROM products WHERE id = ?1", [product], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or_else(|| AppError::NotFound("Product not found.".into()))
}

/// Sets a product's return rules.
pub fn set_product_rules(tx: &Connection, product: &crate::ids::ProductId, final_sale: bool, fit_note: bool) -> AppResult<()> {
    let changed = tx.execute("UPDATE products SET final_sale = ?2, fit_note = ?3 WHERE id = ?1", params![product, final_sale, fit_note])?;
    if changed == 0 {
        return Err(AppError::NotFound("Product not found.".into()));
    }
    Ok(())
}

fn not_found() -> AppError {
    AppError::NotFound("We have no such return request.".into())
}

/// Moves a request from `from` to `to`, or says where it already is. The one write that decides
/// a step, so racing clicks move it once.
fn step(tx: &Connection, id: &str, from: ReturnStatus, to: ReturnStatus, now: i64) -> AppResult<()> {
    let moved = tx.execute("UPDATE returns SET status = ?3, updated_at = ?4 WHERE id = ?1 AND status = ?2", params![id, from, to, now])?;
    if moved == 1 {
        return Ok(());
    }
    let status: Option<ReturnStatus> = tx.query_row("SELECT status FROM returns WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    match status {
        None => Err(not_found()),
        Some(status) => Err(AppError::Conflict(format!("This request is already {}.", status_words(status)))),
    }
}

fn status_words(status: ReturnStatus) -> &'static str {
    match status {
        ReturnStatus::Requested => "waiting for a decision",
        ReturnStatus::Approved => "approved",
        ReturnStatus::Refused => "refused",
        ReturnStatus::Received => "received",
        ReturnStatus::Closed => "closed",
    }
}

fn order_of(tx: &Connection, id: &str) -> AppResult<Order> {
    let order_id: OrderId =
        tx.query_row("SELECT order_id FROM returns WHERE id = ?1", [id], |r| r.get(0)).optional()?.ok_or_else(not_found)?;
    crate::orders::by_id(tx, &order_id)?.ok_or_else(crate::orders::order_not_found)
}

fn check_message(message: Option<&str>, required: bool) -> AppResult<Option<String>> {
    let message = message.map(str::trim).filter(|m| !m.is_empty()).map(str::to_string);
    if required && message.is_none() {
        return Err(AppError::Validation("Please tell the customer why.".into()));
    }
    if message.as_ref().is_some_and(|m| m.chars().count() > NOTE_MAX) {
        return Err(AppError::Validation(format!("Please keep the message under {NOTE_MAX} characters.")));
    }
    Ok(message)
}

/// Approves a request: how to send it back (and any words for the customer); an exchange's new
/// units are taken off sale at once and held for her. Returns whether stock changed.
pub fn approve(
    tx: &Connection,
    mailer: &Mailer,
    id: &str,
    send_back: SendBack,
    message: Option<&str>,
    by: &UserId,
    now: i64,
) -> AppResult<bool> {
    let message = check_message(message, false)?;
    step(tx, id, ReturnStatus::Requested, ReturnStatus::Approved, now)?;
    tx.execute("UPDATE returns SET send_back = ?2, message = ?3, decided_by = ?4 WHERE id = ?1", params![id, send_back, message, by])?;
    let order = order_of(tx, id)?;
    let wanted: Vec<(i64, VariantId, i64)> = tx
        .prepare_cached(
            "SELECT position, exchange_variant_id, quantity FROM return_lines WHERE return_id = ?1 AND exchange_variant_id IS NOT NULL",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (position, variant, quantity) in &wanted {
        let took = tx.execute("UPDATE variants SET stock = stock - ?2 WHERE id = ?1 AND stock >= ?2", params![variant, quantity])?;
        if took == 0 {
            let item = &order.items[*position as usize];
            return Err(AppError::Conflict(format!(
                "The size or colour she wants instead of {} has sold out: refuse, or ask her for another choice.",
                crate::stock::describe_line(&item.name, item.size.as_deref(), item.color.as_deref())
            )));
        }
        tx.execute("UPDATE return_lines SET held = ?3 WHERE return_id = ?1 AND position = ?2", params![id, position, quantity])?;
    }
    let made = one(tx, id)?;
    crate::staff::record(tx, by, "return", &order.id, &format!("Order #{}: return approved", order.number))?;
    tell(tx, mailer, &order, &made, now)?;
    Ok(!wanted.is_empty())
}

/// Refuses a request, with the reason the customer reads.
pub fn refuse(tx: &Connection, mailer: &Mailer, id: &str, message: Option<&str>, by: &UserId, now: i64) -> AppResult<()> {
    let message = check_message(message, true)?;
    step(tx, id, ReturnStatus::Requested, ReturnStatus::Refused, now)?;
    tx.execute("UPDATE returns SET message = ?2, decided_by = ?3 WHERE id = ?1", params![id, message, by])?;
    let order = order_of(tx, id)?;
    crate::staff::record(tx, by, "return", &order.id, &format!("Order #{}: return refused", order.number))?;
    tell(tx, mailer, &order, &one(tx, id)?, now)?;
    keep_fit(tx, id)?;
    Ok(())
}

/// Closes an approved request whose parcel never came: the units held for an exchange go back on
/// sale. Returns whether stock changed.
pub fn close(tx: &Connection, mailer: &Mailer, id: &str, by: &UserId, now: i64) -> AppResult<bool> {
    step(tx, id, ReturnStatus::Approved, ReturnStatus::Closed, now)?;
    let released = release_held(tx, id)?;
    let order = order_of(tx, id)?;
    crate::staff::record(tx, by, "return", &order.id, &format!("Order #{}: return closed, nothing received", order.number))?;
    tell(tx, mailer, &order, &one(tx, id)?, now)?;
    Ok(released)
}

fn release_held(tx: &Connection, id: &str) -> AppResult<bool> {
    let back = tx.execute(
        "UPDATE variants SET stock = stock + l.held FROM return_lines l WHERE l.exchange_variant_id = variants.id AND l.return_id = ?1 AND l.held > 0",
        [id],
    )?;
    tx.execute("UPDATE return_lines SET held = 0 WHERE return_id = ?1", [id])?;
    Ok(back > 0)
}

/// What receiving did, for what follows outside the transaction.
pub struct Received {
    /// Stock changed (units back on sale).
    pub restocked: bool,
    /// A refund to ask Paystack for: the order and the amount.
    pub refund: Option<(OrderId, Kobo)>,
}

/// What the order's money still allows to give back: what was paid, less refunds (not failed) and
/// credit already given for it.
fn room(tx: &Connection, order: &Order) -> AppResult<Kobo> {
    let refunded: Kobo =
        tx.query_row("SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE order_id = ?1 AND status != 'failed'", [&order.id], |r| {
            r.get(0)
        })?;
    let credited = crate::credit::issued_for_order(tx, &order.id)?;
    Ok((order.payment.paid - refunded - credited - order.payment.gift_card_returned).max(Kobo::ZERO))
}

/// Marks the parcel received with its condition, and gives what was asked: the exchange's new
/// order (its held units sold to it), store credit, or a refund due (asked of Paystack by the
/// caller after this transaction, through [`mark_refund_sent`]).
pub fn receive(tx: &Connection, mailer: &Mailer, id: &str, condition: Condition, by: &UserId, now: i64) -> AppResult<Received> {
    step(tx, id, ReturnStatus::Approved, ReturnStatus::Received, now)?;
    tx.execute("UPDATE returns SET condition = ?2, received_by = ?3 WHERE id = ?1", params![id, condition, by])?;
    let order = order_of(tx, id)?;
    let lines: Vec<(i64, i64)> = tx
        .prepare_cached("SELECT position, quantity FROM return_lines WHERE return_id = ?1 ORDER BY position")?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    // The units leave the order's books once: back on sale, or written off (gone, so a later
    // cancellation or refund of the order cannot put them back on sale either).
    let restocked = match condition {
        Condition::Restock => crate::stock::restock_units(tx, &order.id, &lines)? > 0,
        Condition::WriteOff => {
            for (position, units) in &lines {
                tx.execute(
                    "UPDATE order_items SET from_stock = MAX(from_stock - ?3, 0) WHERE order_id = ?1 AND position = ?2",
                    params![order.id, position, units],
                )?;
            }
            false
        }
    };
    let (wants, value, delivery): (Wants, Kobo, Kobo) =
        tx.query_row("SELECT wants, value_kobo, delivery_kobo FROM returns WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
    let amount = (value + delivery).min(room(tx, &order)?);
    let mut refund = None;
    match wants {
        Wants::Exchange => exchange_order(tx, id, &order, by, now)?,
        Wants::Credit if amount > Kobo::ZERO => {
            let reason = format!("Return for order #{}", order.number);
            crate::credit::issue(
                tx,
                &order.customer_email,
                amount,
                &reason,
                crate::credit::Source { order: Some(&order.id), return_id: Some(id), staff: Some(by) },
                now,
            )?;
        }
        Wants::Credit => {}
        Wants::Refund => {
            let online = order.refunds.left(order.payment.paid_online).min(amount);
            // What store credit or a gift card paid goes back as store credit; what was paid on
            // delivery is given back by hand.
            let by_credit = (order.payment.paid_by_credit + order.payment.paid_by_gift_card).min(amount - online);
            if by_credit > Kobo::ZERO {
                let reason = format!("Return for order #{} (paid by credit or gift card)", order.number);
                let from = crate::credit::Source { order: Some(&order.id), return_id: Some(id), staff: Some(by) };
                crate::credit::issue(tx, &order.customer_email, by_credit, &reason, from, now)?;
            }
            if online > Kobo::ZERO {
                tx.execute("UPDATE returns SET refund_state = 'due' WHERE id = ?1", [id])?;
                refund = Some((order.id.clone(), online));
            } else if amount - by_credit > Kobo::ZERO {
                tx.execute("UPDATE returns SET refund_state = 'by_hand' WHERE id = ?1", [id])?;
            }
        }
    }
    crate::staff::record(tx, by, "return", &order.id, &format!("Order #{}: return received ({condition})", order.number))?;
    tell(tx, mailer, &order, &one(tx, id)?, now)?;
    Ok(Received { restocked: restocked || wants == Wants::Exchange, refund })
}

/// Inside the refund's own transaction: the return's money is recorded as sent, once. A second
/// attempt (a retry racing the first, or after a crash between the two) is refused.
pub fn mark_refund_sent(tx: &Connection, id: &str) -> AppResult<()> {
    let moved = tx.execute("UPDATE returns SET refund_state = 'sent' WHERE id = ?1 AND refund_state = 'due'", [id])?;
    if moved == 0 {
        return Err(AppError::Conflict("This return's refund has already been sent.".into()));
    }
    Ok(())
}

/// A return received whose refund is due but was never recorded (the server stopped between the
/// two): the order and the amount, for "Send the refund".
pub fn refund_due(conn: &Connection, id: &str) -> AppResult<(OrderId, Kobo)> {
    let (state, order_id, value, delivery): (Option<RefundState>, OrderId, Kobo, Kobo) = conn
        .query_row("SELECT refund_state, order_id, value_kobo, delivery_kobo FROM returns WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .optional()?
        .ok_or_else(not_found)?;
    if state != Some(RefundState::Due) {
        return Err(AppError::Conflict("This return has no refund waiting to be sent.".into()));
    }
    let order = crate::orders::by_id(conn, &order_id)?.ok_or_else(crate::orders::order_not_found)?;
    Ok((order_id, (value + delivery).min(order.refunds.left(order.payment.paid_online))))
}

/// The exchange's new order: the wanted sizes and colours at no charge (variants share their
/// product's price, and what she returned paid for them), sent to the same address; its units are
/// the ones held since the approval.
fn exchange_order(tx: &Connection, id: &str, order: &Order, by: &UserId, now: i64) -> AppResult<()> {
    let wanted: Vec<(i64, VariantId, i64, i64)> = tx
        .prepare_cached(
            "SELECT position, exchange_variant_id, quantity, held FROM return_lines WHERE return_id = ?1 AND exchange_variant_id IS NOT NULL ORDER BY position",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut items = Vec::with_capacity(wanted.len());
    let mut from_stock = Vec::with_capacity(wanted.len());
    for (position, variant, quantity, held) in wanted {
        let old = &order.items[position as usize];
        let (size, color): (String, String) =
            tx.query_row("SELECT size, color FROM variants WHERE id = ?1", [&variant], |r| Ok((r.get(0)?, r.get(1)?)))?;
        items.push(crate::orders::OrderItem {
            product_id: old.product_id.clone(),
            variant_id: Some(variant),
            name: old.name.clone(),
            price: paid_each(order, position as usize),
            compare_at_price: None,
            price_abroad: old.price_abroad,
            quantity,
            size: Some(size).filter(|s| !s.is_empty()),
            color: Some(color).filter(|c| !c.is_empty()),
        });
        from_stock.push(held);
    }
    tx.execute("UPDATE return_lines SET held = 0 WHERE return_id = ?1", [id])?;
    let value: Kobo = items.iter().map(|i| i.price * i.quantity).sum();
    let reference = crate::ids::PaymentReference::from(format!("EX-{}", crate::util::random_id(24)));
    // The payment row records what paid for the new units: the returned ones (a payment's amount
    // is never 0; no money moved, and nothing of it can be refunded through Paystack, since the
    // order's own total is 0).
    tx.execute(
        "INSERT INTO payments (reference, user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone,
                               delivery_address, items, created_at, updated_at, subtotal_kobo, delivery_kobo, discount_kobo,
                               delivery_method)
         VALUES (?1, ?2, ?3, 'NGN', 'completed', ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?3, 0, ?3, ?10)",
        params![
            reference,
            order.user_id,
            value.max(Kobo::new(1)),
            order.customer_name,
            order.customer_email,
            order.customer_phone,
            serde_json::to_string(&order.delivery_address).map_err(AppError::internal)?,
            serde_json::to_string(&items).map_err(AppError::internal)?,
            now,
            order.price.delivery_method,
        ],
    )?;
    let made = crate::orders::create(
        tx,
        crate::orders::NewOrder {
            reference: &reference,
            user_id: &order.user_id,
            customer: (&order.customer_name, &order.customer_email, &order.customer_phone),
            address: order.delivery_address.clone(),
            lines: items,
            from_stock: &from_stock,
            total: Kobo::ZERO,
            price: crate::orders::Price {
                subtotal: value,
                delivery_fee: Kobo::ZERO,
                discount: value,
                discount_code: None,
                delivery_method: order.price.delivery_method,
                delivery_estimate: order.price.delivery_estimate.clone(),
            },
            oversold: false,
            code_over_limit: false,
            payment_method: PaymentMethod::Paystack,
            payment_channel: None,
            tender: Default::default(),
            details: crate::orders::Details {
                source: order.source,
                customer_note: None,
                internal_note: Some(format!("Exchange for order #{}", order.number)),
                discount_reason: Some(format!("Exchange for order #{}", order.number)),
                created_by: Some(by.clone()),
                // An exchange moves no money: nothing is charged in any currency.
                charge: None,
            },
        },
        now,
    )?;
    tx.execute("UPDATE returns SET exchange_order_id = ?2 WHERE id = ?1", params![id, made.id])?;
    Ok(())
}

/// The customer's mail (if she wants it), her SMS or WhatsApp (if the shop sends them), and the
/// shop's notice of a new request.
fn tell(tx: &Connection, mailer: &Mailer, order: &Order, made: &Return, now: i64) -> AppResult<()> {
    let shop = mailer.shop_name();
    let number = &order.number;
    let what: String = made
        .lines
        .iter()
        .map(|l| format!("- {} × {}", l.quantity, crate::stock::describe_line(&l.name, l.size.as_deref(), l.color.as_deref())))
        .collect::<Vec<_>>()
        .join("\n");
    let (step, detail) = match made.status {
        ReturnStatus::Requested => ("has been received: we will reply soon".to_string(), String::new()),
        ReturnStatus::Approved => (
            "has been approved".to_string(),
            format!(
                "{}{}",
                made.send_back.map(SendBack::instructions).unwrap_or(""),
                made.message.as_deref().map(|m| format!("\n\n{m}")).unwrap_or_default()
            ),
        ),
        ReturnStatus::Refused => ("was not accepted".to_string(), made.message.clone().unwrap_or_default()),
        ReturnStatus::Received => (
            "has arrived back at the shop".to_string(),
            match made.wants {
                Wants::Exchange => format!(
                    "Your new {} will be sent as order #{}.",
                    if made.lines.len() == 1 { "item" } else { "items" },
                    made.exchange_order_number.as_deref().unwrap_or("")
                ),
                Wants::Credit => "Your store credit is ready to spend at checkout.".into(),
                Wants::Refund if made.refund_state == Some(RefundState::ByHand) => {
                    "We will give your money back: we will contact you.".into()
                }
                Wants::Refund => "Your refund is on its way back to the card or account you paid with.".into(),
            },
        ),
        ReturnStatus::Closed => ("has been closed: nothing arrived back".to_string(), String::new()),
    };
    if crate::messages::email_wanted(tx, crate::messages::EventKind::ReturnUpdate)? && !order.customer_email.trim().is_empty() {
        let subject = format!("{shop}: your return for order #{number} {}", step.split(':').next().unwrap_or(&step));
        let body = format!(
            "Hello {},\n\nYour return request for order #{number} {step}.\n\n{what}\n\n{detail}\n\nFollow it: {}/track?number={number}\n\n{shop}",
            order.customer_name,
            mailer.public_url(),
        );
        mailer.queue(tx, Mail { kind: "return", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None })?;
    }
    crate::orders::order_event(tx, mailer, order, crate::messages::Event::ReturnUpdate { step: format!("your return {step}") }, now)?;
    if made.status == ReturnStatus::Requested {
        let subject = format!("Return requested for order #{number}");
        let body = format!(
            "{} asks to return, for {}:\n\n{what}\n\nReason: {}{}\n\nDecide: {}/admin/returns\n",
            order.customer_name,
            match made.wants {
                Wants::Exchange => "another size or colour",
                Wants::Credit => "store credit",
                Wants::Refund => "her money back",
            },
            made.reason.label(),
            made.note.as_deref().map(|n| format!(" ({n})")).unwrap_or_default(),
            mailer.public_url(),
        );
        mailer.queue(tx, Mail { kind: "return", to: &mailer.shop_address(), subject: &subject, body: &body, unsubscribe: None })?;
    }
    Ok(())
}

/// How many returns gave one reason.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonCount {
    pub reason: Reason,
    pub units: i64,
}

/// A product's returns against its sales.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductReturns {
    #[schema(value_type = String)]
    pub product_id: crate::ids::ProductId,
    pub name: String,
    /// Units asked back (requests not refused).
    pub returned: i64,
    /// Units sold (orders not cancelled or refused).
    pub sold: i64,
    /// `returned` of `sold`, in whole per cent.
    pub rate: i64,
    /// The page says it runs small.
    pub runs_small: bool,
}

/// What the dashboard says of returns: units by reason, the products most returned with their
/// return rate, and the store credit customers hold.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnFigures {
    pub by_reason: Vec<ReasonCount>,
    /// The ten most returned, most first.
    pub by_product: Vec<ProductReturns>,
    /// Credit issued and not spent, in every customer's ledger.
    #[schema(value_type = i64)]
    pub credit_outstanding: Kobo,
}

/// The dashboard's return figures (requests not refused, all time: returns are few and slow).
pub fn figures(conn: &Connection) -> rusqlite::Result<ReturnFigures> {
    let by_reason = conn
        .prepare_cached(
            "SELECT r.reason, SUM(l.quantity) FROM returns r JOIN return_lines l ON l.return_id = r.id
             WHERE r.status != 'refused' GROUP BY r.reason ORDER BY SUM(l.quantity) DESC, r.reason",
        )?
        .query_map([], |r| Ok(ReasonCount { reason: r.get(0)?, units: r.get(1)? }))?
        .collect::<Result<_, _>>()?;
    let by_product = conn
        .prepare_cached(
            "WITH back AS (
                SELECT i.product_id, SUM(l.quantity) AS units FROM returns r JOIN return_lines l ON l.return_id = r.id
                JOIN order_items i ON i.order_id = r.order_id AND i.position = l.position
                WHERE r.status != 'refused' AND i.product_id IS NOT NULL GROUP BY i.product_id)
             SELECT b.product_id, p.name, b.units,
                    (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
                     WHERE i.product_id = b.product_id AND o.status NOT IN ('cancelled', 'refused') AND o.total_kobo > 0),
                    p.runs_small AND p.fit_note
             FROM back b JOIN products p ON p.id = b.product_id ORDER BY b.units DESC, p.name LIMIT 10",
        )?
        .query_map([], |r| {
            let (returned, sold): (i64, i64) = (r.get(2)?, r.get(3)?);
            Ok(ProductReturns {
                product_id: r.get(0)?,
                name: r.get(1)?,
                returned,
                sold,
                rate: if sold > 0 { returned * 100 / sold } else { 0 },
                runs_small: r.get(4)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let credit_outstanding =
        conn.prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries")?.query_row([], |r| r.get(0))?;
    Ok(ReturnFigures { by_reason, by_product, credit_outstanding })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_people_write_them_in_lagos() {
        // 2026-12-04 23:30 UTC is already 5 December in Lagos.
        assert_eq!(lagos_date(1_796_427_000_000), "5 December 2026");
    }
}
