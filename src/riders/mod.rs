//! The shop's own riders (issue 36 §1): the dispatcher gives an order to a rider, the rider's
//! phone lists his round, and a delivery is marked only with the four digits the customer was
//! sent when he left with it — never by the rider alone. Cash he takes at the door is his to hand
//! in until the shop counts it (a settlement).
//!
//! What a rider sees is cut to what delivering needs: the customer's name, phone and address,
//! what is in the parcel and the amount to collect; never the order's prices, totals or anyone
//! else's orders. The code itself is shown to no one in the shop: a customer who lost it gets a
//! new one from the shop.
//!
//! Where the customer cannot give the code (her phone is dead, the message never came), the rider
//! sends a photo of the handover instead: that marks nothing. The delivery waits for an owner or
//! manager to confirm it (delivered, the money recorded as with a code) or reject it with a reason
//! (the rider sees it and the stop is open again).
//!
//! A rider need not have an account: the dispatcher may give one order to a person by name and
//! phone, who gets a link (`/ride/TOKEN`) with that one stop and nothing else. The token is kept
//! only as a hash and ends when the order is delivered, handed to someone else or taken back, and
//! [`LINK_LIFETIME_MS`] after it was made. His cash adds up under his phone number and is settled
//! like an account rider's.
//!
//! The money collected goes through `orders::collect`, as a manager's "collected" does, and the
//! order's moves through `orders::change_status`, so the tracking page's events (written by the
//! database's triggers) and the order screens tell the same story.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::mail::{Mail, Mailer};
use crate::messages::Event;
use crate::money::{Kobo, format_naira};
use crate::orders::{self, CollectedBy, Order, OrderStatus, PaymentMethod, ShippedBy, Shipping};

/// Wrong codes a delivery takes before the shop must send the customer a new one: enough for a
/// customer who misreads a digit, far too few to guess four digits (10,000 codes).
pub const MAX_TRIES: i64 = 5;

/// How long a rider's link works after it is made: two days, enough for an order given in the
/// evening and delivered the next day, short enough that a forwarded link soon stops working.
pub const LINK_LIFETIME_MS: i64 = 48 * 60 * 60 * 1000;

/// The most orders one "give to a rider" from the orders list decides on.
pub const MAX_BULK: usize = 100;

/// The longest reason a rejected photo may carry.
const MAX_REASON: usize = 300;

/// The prefix of a link rider's id, beside account riders' user ids (which have no dash).
const LINK_PREFIX: &str = "link-";

/// A rider: a member of staff with the rider role, or a person given orders by link.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rider {
    /// A user id, or "link-N" for a rider without an account.
    #[schema(value_type = String)]
    pub id: UserId,
    pub name: String,
    pub phone: Option<String>,
    /// Given orders by link, without an account.
    pub link: bool,
    /// Orders given to him and not yet delivered.
    pub open: i64,
    /// Of those, the ones he has left with.
    pub out: i64,
    /// Of those, the ones whose handover photo waits for the shop's review.
    pub to_review: i64,
    /// Cash he took at doors and has not handed in; null for those who may not see money.
    #[schema(value_type = Option<i64>)]
    pub cash_in_hand: Option<Kobo>,
    /// When he last handed cash in.
    pub last_settled_at: Option<i64>,
}

/// Which rider an id names.
#[derive(Debug, Clone, PartialEq)]
enum Who {
    Account(UserId),
    Link(i64),
}

fn who(id: &UserId) -> Who {
    match id.strip_prefix(LINK_PREFIX).and_then(|n| n.parse().ok()) {
        Some(n) => Who::Link(n),
        None => Who::Account(id.clone()),
    }
}

const OPEN_STATUSES: &str = "('placed', 'paid', 'processing', 'shipped')";

/// The shop's riders, by name, with their rounds and (for `money`) the cash they hold: the staff
/// with the rider role, then the link riders who have an order open, a photo waiting or cash.
pub fn riders(conn: &Connection, money: bool) -> rusqlite::Result<Vec<Rider>> {
    let row = |r: &rusqlite::Row, link: bool| -> rusqlite::Result<Rider> {
        Ok(Rider {
            id: r.get(0)?,
            name: r.get(1)?,
            phone: r.get(2)?,
            link,
            open: r.get(3)?,
            out: r.get(4)?,
            cash_in_hand: money.then(|| r.get(5)).transpose()?,
            last_settled_at: r.get(6)?,
            to_review: r.get(7)?,
        })
    };
    let counts = |column: &str, key: &str| {
        format!(
            "(SELECT COUNT(*) FROM deliveries d JOIN orders o ON o.id = d.order_id
               WHERE d.{column} = {key} AND d.delivered_at IS NULL AND o.status IN {OPEN_STATUSES}),
             (SELECT COUNT(*) FROM deliveries d JOIN orders o ON o.id = d.order_id
               WHERE d.{column} = {key} AND d.delivered_at IS NULL AND d.left_at IS NOT NULL AND o.status = 'shipped'),
             (SELECT COALESCE(SUM(cash_kobo), 0) FROM deliveries WHERE {column} = {key} AND cash_kobo > 0 AND settlement_id IS NULL),
             (SELECT MAX(settled_at) FROM rider_settlements WHERE {column} = {key}),
             (SELECT COUNT(*) FROM deliveries d JOIN orders o ON o.id = d.order_id
               WHERE d.{column} = {key} AND d.photo_at IS NOT NULL AND d.delivered_at IS NULL AND o.status IN {OPEN_STATUSES})"
        )
    };
    let mut list: Vec<Rider> = conn
        .prepare_cached(&format!(
            "SELECT u.id, u.display_name, u.phone, {} FROM users u WHERE u.role = 'rider' AND u.disabled = 0",
            counts("rider_id", "u.id")
        ))?
        .query_map([], |r| row(r, false))?
        .collect::<rusqlite::Result<_>>()?;
    let links: Vec<Rider> = conn
        .prepare_cached(&format!(
            "SELECT '{LINK_PREFIX}' || l.id, l.name, l.phone, {} FROM link_riders l
             WHERE EXISTS (SELECT 1 FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE d.link_rider_id = l.id
                           AND (d.delivered_at IS NULL AND o.status IN {OPEN_STATUSES} OR d.cash_kobo > 0 AND d.settlement_id IS NULL))",
            counts("link_rider_id", "l.id")
        ))?
        .query_map([], |r| row(r, true))?
        .collect::<rusqlite::Result<_>>()?;
    list.extend(links);
    list.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.id.as_str().cmp(b.id.as_str())));
    Ok(list)
}

fn rider_by_id(conn: &Connection, id: &UserId) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT display_name FROM users WHERE id = ?1 AND role = 'rider' AND disabled = 0")?
        .query_row([id], |r| r.get(0))
        .optional()
}

fn link_rider_name(conn: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT name FROM link_riders WHERE id = ?1")?.query_row([id], |r| r.get(0)).optional()
}

/// The word a customer is told: "Tunde" of "Tunde Bakare".
pub fn first_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}

/// An order's delivery by a rider, as the shop sees it (the code itself stays out).
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    /// A user id, or "link-N" for a rider given it by link.
    #[schema(value_type = String)]
    pub rider_id: UserId,
    pub rider_name: String,
    /// The link rider's phone (for sending him his link); null for an account rider.
    pub rider_phone: Option<String>,
    /// Given by link to a rider without an account.
    pub by_link: bool,
    /// Until when his link works; null once it ended (or for an account rider).
    pub link_expires_at: Option<i64>,
    pub assigned_at: i64,
    /// When he left with it: the customer was sent the code then.
    pub left_at: Option<i64>,
    pub delivered_at: Option<i64>,
    /// How it was delivered: "code" (the customer's) or "photo" (accepted by the shop).
    pub proof: Option<String>,
    /// Wrong codes tried at the door so far (past [`MAX_TRIES`] a new code is needed).
    pub code_tries: i64,
    /// The handover photo the rider sent instead of the code: waiting for review while the
    /// delivery is not delivered; kept once accepted.
    pub photo: Option<crate::media::Image>,
    pub photo_at: Option<i64>,
    /// How the rider says the customer paid, with the photo.
    #[schema(value_type = Option<String>)]
    pub photo_paid_by: Option<CollectedBy>,
    /// Why the shop rejected his last photo (the stop is open again).
    pub rejected_reason: Option<String>,
}

/// The rider delivering `order`, if one was given it.
pub fn delivery_of(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<Delivery>> {
    let found = conn
        .prepare_cached(
            "SELECT COALESCE(d.rider_id, 'link-' || d.link_rider_id), COALESCE(u.display_name, l.name), l.phone,
                    d.link_rider_id IS NOT NULL, CASE WHEN d.link_token_hash IS NOT NULL THEN d.link_expires_at END,
                    d.assigned_at, d.left_at, d.delivered_at, d.proof, d.code_tries, d.photo_key, d.photo_at, d.photo_paid_by,
                    d.rejected_reason
             FROM deliveries d LEFT JOIN users u ON u.id = d.rider_id LEFT JOIN link_riders l ON l.id = d.link_rider_id
             WHERE d.order_id = ?1",
        )?
        .query_row([order], |r| {
            Ok((
                Delivery {
                    rider_id: r.get(0)?,
                    rider_name: r.get(1)?,
                    rider_phone: r.get(2)?,
                    by_link: r.get(3)?,
                    link_expires_at: r.get(4)?,
                    assigned_at: r.get(5)?,
                    left_at: r.get(6)?,
                    delivered_at: r.get(7)?,
                    proof: r.get(8)?,
                    code_tries: r.get(9)?,
                    photo: None,
                    photo_at: r.get(11)?,
                    photo_paid_by: r.get(12)?,
                    rejected_reason: r.get(13)?,
                },
                r.get::<_, Option<String>>(10)?,
            ))
        })
        .optional()?;
    let Some((mut delivery, photo_key)) = found else { return Ok(None) };
    if let Some(key) = photo_key {
        delivery.photo = crate::media::load(conn, &key)?;
    }
    Ok(Some(delivery))
}

/// What the tracking page says of the rider: his first name and when he left (nothing before).
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnTheWay {
    pub rider: String,
    pub left_at: i64,
}

pub fn on_the_way(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<OnTheWay>> {
    Ok(delivery_of(conn, order)?.and_then(|d| d.left_at.map(|left_at| OnTheWay { rider: first_name(&d.rider_name).to_string(), left_at })))
}

/// Whom the dispatcher gives an order to.
pub enum Assignee<'a> {
    /// Takes it from whoever had it.
    Nobody,
    /// One of the shop's riders (an account with the rider role).
    Rider(&'a UserId),
    /// A person without an account, by name and phone: he gets a link to this one delivery.
    Link { name: &'a str, phone: &'a str },
}

/// What giving an order answers: its delivery, and for a link rider the token of his link (the
/// only copy: the shop keeps its hash).
pub struct Given {
    pub delivery: Option<Delivery>,
    pub token: Option<String>,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Gives `order` to a rider (at the end of his round), or takes it from whoever had it. Only an
/// order to be delivered, still open and not with a courier, goes to a rider; while a handover
/// photo waits for review it stays with its rider.
pub fn assign(tx: &Connection, order_id: &OrderId, to: Assignee, actor: &UserId, now: i64) -> AppResult<Given> {
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let before = delivery_of(tx, order_id)?;
    if before.as_ref().is_some_and(|d| d.delivered_at.is_some()) || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if before.as_ref().is_some_and(|d| d.photo_at.is_some()) {
        return Err(AppError::Conflict("A photo of this delivery is waiting for review: confirm or reject it first.".into()));
    }
    if let Assignee::Nobody = to {
        if let Some(before) = before {
            tx.execute("DELETE FROM deliveries WHERE order_id = ?1", [order_id])?;
            let summary = format!("Order #{}: taken from rider {}", order.number, before.rider_name);
            crate::activity::record(tx, actor, "order", order_id, &summary)?;
        }
        return Ok(Given { delivery: None, token: None });
    }
    if order.price.delivery_method != crate::delivery::Method::Delivery {
        return Err(AppError::Conflict("This order is picked up at the shop: it needs no rider.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("An order that is {} needs no rider.", order.status)));
    }
    if order.status == OrderStatus::Placed && order.payment.payment_method == PaymentMethod::Paystack {
        return Err(AppError::Conflict("This order is not paid yet.".into()));
    }
    if order.status == OrderStatus::Shipped && order.shipped_by != Some(ShippedBy::Rider) {
        return Err(AppError::Conflict("This order went with a courier.".into()));
    }
    let (rider, link_rider, token, name) = match to {
        Assignee::Nobody => unreachable!("handled above"),
        Assignee::Rider(rider) => {
            let name = rider_by_id(tx, rider)?.ok_or_else(|| AppError::NotFound("We couldn't find that rider.".into()))?;
            if before.as_ref().is_some_and(|d| &d.rider_id == rider) {
                return Ok(Given { delivery: before, token: None });
            }
            (Some(rider.clone()), None, None, name)
        }
        Assignee::Link { name, phone } => {
            let name = name.trim();
            if name.is_empty() {
                return Err(AppError::Validation("Enter the rider's name.".into()));
            }
            if name.chars().count() > 100 {
                return Err(AppError::Validation("The rider's name must be at most 100 characters.".into()));
            }
            let phone = crate::phone::normalise(phone).map_err(|e| AppError::Validation(format!("The rider's phone: {e}")))?;
            let id: i64 = tx.query_row(
                "INSERT INTO link_riders (name, phone, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (phone) DO UPDATE SET name = excluded.name RETURNING id",
                params![name, phone, now],
                |r| r.get(0),
            )?;
            (None, Some(id), Some(crate::util::random_id(32)), name.to_string())
        }
    };
    let position: i64 = match (&rider, link_rider) {
        (Some(rider), _) => tx.query_row(
            "SELECT COALESCE(MAX(position), 0) + 1 FROM deliveries WHERE rider_id = ?1 AND delivered_at IS NULL",
            [rider],
            |r| r.get(0),
        )?,
        _ => 1,
    };
    let (token_hash, expires) = match &token {
        Some(token) => (Some(hash(token)), Some(now + LINK_LIFETIME_MS)),
        None => (None, None),
    };
    // A delivery handed over keeps its code and when it left: the customer holds that code. The
    // link of whoever had it before ends here (its hash is replaced or cleared).
    tx.execute(
        "INSERT INTO deliveries (order_id, rider_id, link_rider_id, position, assigned_at, link_token_hash, link_expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (order_id) DO UPDATE SET rider_id = excluded.rider_id, link_rider_id = excluded.link_rider_id,
             position = excluded.position, assigned_at = excluded.assigned_at, link_token_hash = excluded.link_token_hash,
             link_expires_at = excluded.link_expires_at, rejected_reason = NULL",
        params![order_id, rider, link_rider, position, now, token_hash, expires],
    )?;
    let by = if token.is_some() { " by link" } else { "" };
    let summary = match before {
        Some(b) => format!("Order #{}: given to rider {name}{by} (was {})", order.number, b.rider_name),
        None => format!("Order #{}: given to rider {name}{by}", order.number),
    };
    crate::activity::record(tx, actor, "order", order_id, &summary)?;
    Ok(Given { delivery: delivery_of(tx, order_id)?, token })
}

/// One stop of a rider's round: what delivering it needs and nothing more.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stop {
    #[schema(value_type = String)]
    pub order_id: OrderId,
    pub number: String,
    pub customer_name: String,
    pub customer_phone: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub landmark: String,
    /// What is in the parcel: "2 × Adire Wrap Dress (M, Indigo)".
    pub items: Vec<String>,
    /// The customer's own note ("Call before delivery").
    pub note: Option<String>,
    /// What to collect at the door (0 when it is paid).
    #[schema(value_type = i64)]
    pub to_collect: Kobo,
    pub left_at: Option<i64>,
    pub delivered_at: Option<i64>,
    /// Wrong codes he may still try before the shop must send a new one.
    pub tries_left: i64,
    /// When he sent a photo of the handover instead of the code: it waits for the shop's review
    /// (not delivered until the shop confirms it).
    pub photo_sent_at: Option<i64>,
    /// Why the shop rejected his photo: the stop is open again.
    pub rejected_reason: Option<String>,
}

/// How long a delivered stop stays on the rider's list, so he can see his day's work.
const DONE_SHOWN_MS: i64 = 18 * 60 * 60 * 1000;

/// What a stop needs of its delivery row.
struct StopRow {
    left_at: Option<i64>,
    delivered_at: Option<i64>,
    tries: i64,
    photo_at: Option<i64>,
    rejected_reason: Option<String>,
}

const STOP_COLUMNS: &str = "d.left_at, d.delivered_at, d.code_tries, d.photo_at, d.rejected_reason";

fn stop_row(r: &rusqlite::Row, first: usize) -> rusqlite::Result<StopRow> {
    Ok(StopRow {
        left_at: r.get(first)?,
        delivered_at: r.get(first + 1)?,
        tries: r.get(first + 2)?,
        photo_at: r.get(first + 3)?,
        rejected_reason: r.get(first + 4)?,
    })
}

fn stop_row_of(conn: &Connection, order_id: &OrderId) -> rusqlite::Result<StopRow> {
    conn.query_row(&format!("SELECT {STOP_COLUMNS} FROM deliveries d WHERE d.order_id = ?1"), [order_id], |r| stop_row(r, 0))
}

/// `rider`'s round: the stops to make, in the order given, then those delivered lately.
pub fn round(conn: &Connection, rider: &UserId, now: i64) -> AppResult<Vec<Stop>> {
    let rows: Vec<(OrderId, StopRow)> = conn
        .prepare_cached(&format!(
            "SELECT d.order_id, {STOP_COLUMNS} FROM deliveries d JOIN orders o ON o.id = d.order_id
             WHERE d.rider_id = ?1 AND (d.delivered_at IS NULL AND o.status IN {OPEN_STATUSES} OR d.delivered_at >= ?2)
             ORDER BY d.delivered_at IS NOT NULL, d.delivered_at, d.position"
        ))?
        .query_map(params![rider, now - DONE_SHOWN_MS], |r| Ok((r.get(0)?, stop_row(r, 1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut stops = Vec::with_capacity(rows.len());
    for (id, row) in rows {
        let Some(order) = orders::by_id(conn, &id)? else { continue };
        stops.push(stop_of(&order, row));
    }
    Ok(stops)
}

fn stop_of(order: &Order, row: StopRow) -> Stop {
    let a = &order.delivery_address;
    let items = order.items.iter().map(|item| format!("{} × {}{}", item.quantity, item.name, orders::mails::choice_detail(item))).collect();
    Stop {
        order_id: order.id.clone(),
        number: order.number.clone(),
        customer_name: order.customer_name.clone(),
        customer_phone: order.customer_phone.clone(),
        street: a.street.clone(),
        city: a.city.clone(),
        state: a.state.clone(),
        landmark: a.landmark.clone(),
        items,
        note: order.customer_note.clone(),
        to_collect: order.payment.to_collect,
        left_at: row.left_at,
        delivered_at: row.delivered_at,
        tries_left: (MAX_TRIES - row.tries).max(0),
        photo_sent_at: if row.delivered_at.is_none() { row.photo_at } else { None },
        rejected_reason: row.rejected_reason,
    }
}

/// Who is acting on a delivery: a signed-in rider, or whoever holds a delivery's link.
#[derive(Clone, Copy)]
pub enum Carrier<'a> {
    Account(&'a UserId),
    Link(&'a str),
}

fn link_ended() -> AppError {
    AppError::NotFound("This delivery link has ended. Ask the shop for a new one.".into())
}

/// The order a rider's link is for, while it works: not past its time, not delivered, not handed
/// to someone else or taken back (its hash is then gone), and the order still on its way.
pub fn link_order(conn: &Connection, token: &str, now: i64) -> AppResult<OrderId> {
    if token.is_empty() || token.len() > 64 {
        return Err(link_ended());
    }
    let found: Option<OrderId> = conn
        .prepare_cached(&format!(
            "SELECT d.order_id FROM deliveries d JOIN orders o ON o.id = d.order_id
             WHERE d.link_token_hash = ?1 AND d.link_expires_at > ?2 AND d.delivered_at IS NULL AND o.status IN {OPEN_STATUSES}"
        ))?
        .query_row(params![hash(token), now], |r| r.get(0))
        .optional()?;
    found.ok_or_else(link_ended)
}

/// The one stop a rider's link shows.
pub fn link_stop(conn: &Connection, token: &str, now: i64) -> AppResult<Stop> {
    let order_id = link_order(conn, token, now)?;
    let order = orders::by_id(conn, &order_id)?.ok_or_else(link_ended)?;
    Ok(stop_of(&order, stop_row_of(conn, &order_id)?))
}

/// A rider's own delivery of `order_id`, or the answer a rider gets for anyone else's.
fn own(tx: &Connection, carrier: Carrier, order_id: &OrderId, now: i64) -> AppResult<(Order, Delivery)> {
    let not_his = || match carrier {
        Carrier::Account(_) => AppError::NotFound("We couldn't find that delivery in your round.".into()),
        Carrier::Link(_) => link_ended(),
    };
    let delivery = delivery_of(tx, order_id)?.ok_or_else(not_his)?;
    let his = match carrier {
        Carrier::Account(rider) => !delivery.by_link && &delivery.rider_id == rider,
        Carrier::Link(token) => {
            let linked: Option<i64> = tx
                .query_row(
                    "SELECT 1 FROM deliveries WHERE order_id = ?1 AND link_token_hash = ?2 AND link_expires_at > ?3",
                    params![order_id, hash(token), now],
                    |r| r.get(0),
                )
                .optional()?;
            linked.is_some()
        }
    };
    if !his {
        return Err(not_his());
    }
    let order = orders::by_id(tx, order_id)?.ok_or_else(not_his)?;
    Ok((order, delivery))
}

/// Writes the activity log's line for something the rider did: his account, or his name and
/// phone when he came by link.
fn record_by(tx: &Connection, carrier: Carrier, delivery: &Delivery, order_id: &OrderId, summary: &str) -> AppResult<()> {
    match carrier {
        Carrier::Account(rider) => crate::activity::record(tx, rider, "order", order_id, summary)?,
        Carrier::Link(_) => {
            let label = format!("{} <rider by link, {}>", delivery.rider_name, delivery.rider_phone.as_deref().unwrap_or(""));
            crate::activity::record_named(tx, &label, "order", order_id, summary)?
        }
    }
    Ok(())
}

fn new_code() -> String {
    crate::util::random_from(b"0123456789", 4)
}

/// The refusals a delivery on its way gives before anything is done at the door.
fn check_at_the_door(order: &Order, delivery: &Delivery) -> AppResult<()> {
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("This order was {}: do not deliver it. Bring it back to the shop.", order.status)));
    }
    if delivery.left_at.is_none() || order.status != OrderStatus::Shipped {
        return Err(AppError::Conflict("Tap \"Leaving now\" first: the customer gets her code when you leave.".into()));
    }
    Ok(())
}

/// The rider leaves with `order_id`: the order ships with the shop's rider and the customer is
/// sent the code to give him at the door. Tapping again changes nothing.
pub fn leave(tx: &Connection, mailer: &Mailer, carrier: Carrier, order_id: &OrderId, now: i64) -> AppResult<Stop> {
    let (order, delivery) = own(tx, carrier, order_id, now)?;
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("This order was {}: do not deliver it. Bring it back to the shop.", order.status)));
    }
    if delivery.left_at.is_some() {
        return Ok(stop_of(&order, stop_row_of(tx, order_id)?));
    }
    // Straight from paid (or a confirmed pay-on-delivery order) to shipped, through processing,
    // so an order waiting for the customer's confirmation is refused here as on the order screen.
    if matches!(order.status, OrderStatus::Placed | OrderStatus::Paid) {
        orders::change_status(tx, order_id, OrderStatus::Processing, &Shipping::default(), now)?;
    }
    let shipping = Shipping { by: Some(ShippedBy::Rider), tracking: None };
    if order.status != OrderStatus::Shipped {
        orders::change_status(tx, order_id, OrderStatus::Shipped, &shipping, now)?;
    }
    let code = new_code();
    tx.execute("UPDATE deliveries SET left_at = ?2, code = ?3, code_tries = 0 WHERE order_id = ?1", params![order_id, now, code])?;
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    record_by(tx, carrier, &delivery, order_id, &format!("Order #{}: out for delivery with {}", order.number, delivery.rider_name))?;
    send_code(tx, mailer, &order, &delivery.rider_name, &code, now)?;
    Ok(stop_of(&order, stop_row_of(tx, order_id)?))
}

/// The customer's "out for delivery" message with the code: the e-mail (unless the merchant
/// turned it off) and the SMS or WhatsApp she chose for it, with the amount to have ready.
fn send_code(tx: &Connection, mailer: &Mailer, order: &Order, rider: &str, code: &str, now: i64) -> AppResult<()> {
    let rider = first_name(rider);
    let event = Event::OutForDelivery { code: code.to_string(), rider: Some(rider.to_string()) };
    if crate::messages::email_wanted(tx, event.kind())? {
        let (subject, body) = out_for_delivery_mail(&mailer.shop_name(), mailer.public_url(), order, rider, code);
        mailer.queue(tx, Mail { kind: "order_status", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None })?;
    }
    orders::order_event(tx, mailer, order, event, now)?;
    if order.payment.to_collect > Kobo::ZERO {
        orders::order_event(tx, mailer, order, Event::PayOnDeliveryReady, now)?;
    }
    Ok(())
}

/// (subject, body) of the customer's "out for delivery" e-mail.
pub fn out_for_delivery_mail(shop: &str, public_url: &str, order: &Order, rider: &str, code: &str) -> (String, String) {
    let id = &order.number;
    let pay = if order.payment.to_collect > Kobo::ZERO {
        format!("\nPlease have {} ready (cash, transfer or POS).\n", format_naira(order.payment.to_collect))
    } else {
        String::new()
    };
    (
        format!("{shop}: order #{id} is out for delivery"),
        format!(
            "Hello {},\n\nYour order #{id} is on its way with {rider}, our rider.\n\nYour delivery code is {code}. Give it to {rider} only when you have your order in your hands.\n{pay}\nFollow your order: {public_url}/track?number={id}\n\n{shop}",
            order.customer_name
        ),
    )
}

/// What the rider says at the door.
pub struct Handover<'a> {
    pub code: &'a str,
    /// How the customer paid what was to collect (required when there is something to collect).
    pub paid_by: Option<CollectedBy>,
}

/// How a code at the door went. A wrong code is an answer, not an error, so the try it cost is
/// kept (an error would undo the transaction that counted it).
pub enum AtTheDoor {
    Delivered(Box<Stop>),
    WrongCode { tries_left: i64 },
}

fn paid_by_missing(owed: Kobo) -> AppError {
    AppError::Validation(format!("Choose how the customer paid the {}: cash, transfer or POS.", format_naira(owed)))
}

/// The rider hands the parcel over: the customer's code marks it delivered, and the money he
/// collected (exactly what was owed) is recorded against the order, cash in his hand.
pub fn deliver(
    tx: &Connection,
    mailer: &Mailer,
    carrier: Carrier,
    order_id: &OrderId,
    handover: Handover,
    now: i64,
) -> AppResult<AtTheDoor> {
    let (order, delivery) = own(tx, carrier, order_id, now)?;
    check_at_the_door(&order, &delivery)?;
    if delivery.photo_at.is_some() {
        return Err(AppError::Conflict("Your photo of this delivery is waiting for the shop's review.".into()));
    }
    if delivery.code_tries >= MAX_TRIES {
        return Err(AppError::Conflict("Too many wrong codes. Ask the shop to send the customer a new code.".into()));
    }
    let owed = order.payment.to_collect;
    if owed > Kobo::ZERO && handover.paid_by.is_none() {
        return Err(paid_by_missing(owed));
    }
    let code: Option<String> = tx.query_row("SELECT code FROM deliveries WHERE order_id = ?1", [order_id], |r| r.get(0))?;
    let typed = handover.code.trim();
    let right = code.is_some_and(|code| typed.len() == 4 && constant_time_eq(typed.as_bytes(), code.as_bytes()));
    if !right {
        tx.execute("UPDATE deliveries SET code_tries = code_tries + 1 WHERE order_id = ?1", [order_id])?;
        return Ok(AtTheDoor::WrongCode { tries_left: (MAX_TRIES - delivery.code_tries - 1).max(0) });
    }
    let (order, note) = hand_over(tx, mailer, &order, handover.paid_by, "code", now)?;
    let summary = format!("Order #{}: delivered by {} with the customer's code{note}", order.number, delivery.rider_name);
    record_by(tx, carrier, &delivery, order_id, &summary)?;
    Ok(AtTheDoor::Delivered(Box::new(stop_of(&order, stop_row_of(tx, order_id)?))))
}

/// Marks a delivery delivered (`proof`: the customer's code or an accepted photo): the money owed
/// is recorded through `orders::collect`, cash in the rider's hand, the order moves to delivered
/// and the customer is told; a link rider's link ends. Answers the order and the activity note.
fn hand_over(
    tx: &Connection,
    mailer: &Mailer,
    order: &Order,
    paid_by: Option<CollectedBy>,
    proof: &str,
    now: i64,
) -> AppResult<(Order, String)> {
    let order_id = &order.id;
    let owed = order.payment.to_collect;
    let mut note = String::new();
    let mut cash = Kobo::ZERO;
    if owed > Kobo::ZERO {
        let method = paid_by.unwrap_or(CollectedBy::Cash);
        orders::collect(tx, order_id, owed, method, now)?;
        if method == CollectedBy::Cash {
            cash = owed;
        }
        note = format!("; {} collected by {method}", format_naira(owed));
    }
    orders::change_status(tx, order_id, OrderStatus::Delivered, &Shipping::default(), now)?;
    tx.execute(
        "UPDATE deliveries SET delivered_at = ?2, cash_kobo = ?3, proof = ?4, link_token_hash = NULL WHERE order_id = ?1",
        params![order_id, now, cash, proof],
    )?;
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    orders::queue_status_mail(mailer, tx, &order)?;
    Ok((order, note))
}

/// Whether a handover photo may be sent for `order_id` now: checked before the picture is
/// decoded, and again in the transaction that stores it.
pub fn photo_allowed(conn: &Connection, carrier: Carrier, order_id: &OrderId, paid_by: Option<CollectedBy>, now: i64) -> AppResult<()> {
    let (order, delivery) = own(conn, carrier, order_id, now)?;
    check_at_the_door(&order, &delivery)?;
    if delivery.photo_at.is_some() {
        return Err(AppError::Conflict("Your photo of this delivery is already waiting for the shop's review.".into()));
    }
    let owed = order.payment.to_collect;
    if owed > Kobo::ZERO && paid_by.is_none() {
        return Err(paid_by_missing(owed));
    }
    Ok(())
}

/// The customer has no code to give (her phone is dead, the message never came): the rider sends
/// a photo of the handover (`photo`, a stored media key) and how she paid. Nothing is marked: the
/// delivery waits for an owner or manager to review it.
pub fn send_photo(
    tx: &Connection,
    carrier: Carrier,
    order_id: &OrderId,
    photo: &str,
    paid_by: Option<CollectedBy>,
    now: i64,
) -> AppResult<Stop> {
    photo_allowed(tx, carrier, order_id, paid_by, now)?;
    let (order, delivery) = own(tx, carrier, order_id, now)?;
    let paid_by = if order.payment.to_collect > Kobo::ZERO { paid_by } else { None };
    tx.execute(
        "UPDATE deliveries SET photo_key = ?2, photo_at = ?3, photo_paid_by = ?4, rejected_reason = NULL WHERE order_id = ?1",
        params![order_id, photo, now, paid_by],
    )?;
    let paid = paid_by.map(|m| format!("; says {} was paid by {m}", format_naira(order.payment.to_collect))).unwrap_or_default();
    let summary = format!(
        "Order #{}: {} sent a photo of the handover instead of the code{paid}; waiting for review",
        order.number, delivery.rider_name
    );
    record_by(tx, carrier, &delivery, order_id, &summary)?;
    Ok(stop_of(&order, stop_row_of(tx, order_id)?))
}

/// What the shop decides about a handover photo.
pub enum Review<'a> {
    /// Delivered: the money recorded as the rider said, as a code would have.
    Confirm,
    /// Not enough: the rider is told why and the stop is open again.
    Reject(&'a str),
}

/// An owner or manager reviews the handover photo waiting on `order_id`.
pub fn review(
    tx: &Connection,
    mailer: &Mailer,
    media_root: &std::path::Path,
    order_id: &OrderId,
    decision: Review,
    actor: &UserId,
    now: i64,
) -> AppResult<Delivery> {
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let delivery = delivery_of(tx, order_id)?.ok_or_else(|| AppError::Conflict("This order has no rider.".into()))?;
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if delivery.photo_at.is_none() {
        return Err(AppError::Conflict("No photo of this delivery is waiting for review.".into()));
    }
    match decision {
        Review::Confirm => {
            if order.status != OrderStatus::Shipped {
                return Err(AppError::Conflict(format!("This order was {}: it cannot be delivered.", order.status)));
            }
            let (order, note) = hand_over(tx, mailer, &order, delivery.photo_paid_by, "photo", now)?;
            tx.execute("UPDATE deliveries SET reviewed_by = ?2 WHERE order_id = ?1", params![order_id, actor])?;
            let summary =
                format!("Order #{}: delivered by {}, confirmed from his photo (no code){note}", order.number, delivery.rider_name);
            crate::activity::record(tx, actor, "order", order_id, &summary)?;
        }
        Review::Reject(reason) => {
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(AppError::Validation("Say why the photo is not enough: the rider sees it.".into()));
            }
            if reason.chars().count() > MAX_REASON {
                return Err(AppError::Validation(format!("The reason must be at most {MAX_REASON} characters.")));
            }
            let key: Option<String> = tx.query_row("SELECT photo_key FROM deliveries WHERE order_id = ?1", [order_id], |r| r.get(0))?;
            tx.execute(
                "UPDATE deliveries SET photo_key = NULL, photo_at = NULL, photo_paid_by = NULL, rejected_reason = ?2, reviewed_by = ?3
                 WHERE order_id = ?1",
                params![order_id, reason, actor],
            )?;
            let summary = format!("Order #{}: photo from {} rejected: {reason}", order.number, delivery.rider_name);
            crate::activity::record(tx, actor, "order", order_id, &summary)?;
            if let Some(key) = key {
                crate::media::release_if_unused(tx, media_root, &key)?;
            }
        }
    }
    delivery_of(tx, order_id)?.ok_or_else(orders::order_not_found)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A new code for a delivery on its way (the customer lost hers, or the tries ran out): the old
/// one stops working and the customer is sent the new one.
pub fn resend_code(tx: &Connection, mailer: &Mailer, order_id: &OrderId, actor: &UserId, now: i64) -> AppResult<Delivery> {
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let delivery = delivery_of(tx, order_id)?.ok_or_else(|| AppError::Conflict("This order has no rider.".into()))?;
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if delivery.left_at.is_none() || order.status != OrderStatus::Shipped {
        return Err(AppError::Conflict("The customer gets a code when the rider leaves with her order.".into()));
    }
    let code = new_code();
    tx.execute("UPDATE deliveries SET code = ?2, code_tries = 0 WHERE order_id = ?1", params![order_id, code])?;
    crate::activity::record(tx, actor, "order", order_id, &format!("Order #{}: new delivery code sent", order.number))?;
    send_code(tx, mailer, &order, &delivery.rider_name, &code, now)?;
    delivery_of(tx, order_id)?.ok_or_else(orders::order_not_found)
}

/// The shop counts the cash `rider` (an account rider or "link-N") hands in: `amount` must be what
/// he holds, and it is all settled at once (end of day). Answers the rider as the shop sees him.
pub fn settle(tx: &Connection, rider: &UserId, amount: Kobo, actor: &UserId, now: i64) -> AppResult<Rider> {
    let not_found = || AppError::NotFound("We couldn't find that rider.".into());
    let (name, column, key): (String, &str, rusqlite::types::Value) = match who(rider) {
        Who::Account(id) => (rider_by_id(tx, &id)?.ok_or_else(not_found)?, "rider_id", id.into_string().into()),
        Who::Link(n) => (link_rider_name(tx, n)?.ok_or_else(not_found)?, "link_rider_id", n.into()),
    };
    let held: Kobo = tx.query_row(
        &format!("SELECT COALESCE(SUM(cash_kobo), 0) FROM deliveries WHERE {column} = ?1 AND cash_kobo > 0 AND settlement_id IS NULL"),
        [&key],
        |r| r.get(0),
    )?;
    if held == Kobo::ZERO {
        return Err(AppError::Conflict(format!("{name} holds no cash to hand in.")));
    }
    if amount != held {
        return Err(AppError::Validation(format!("{name} holds {}. Count it again, or settle that amount.", format_naira(held))));
    }
    tx.execute(
        &format!("INSERT INTO rider_settlements ({column}, amount_kobo, settled_by, settled_at) VALUES (?1, ?2, ?3, ?4)"),
        params![key, amount, actor, now],
    )?;
    let settlement = tx.last_insert_rowid();
    tx.execute(
        &format!("UPDATE deliveries SET settlement_id = ?2 WHERE {column} = ?1 AND cash_kobo > 0 AND settlement_id IS NULL"),
        params![key, settlement],
    )?;
    crate::activity::record(tx, actor, "staff", rider, &format!("Rider {name} handed in {} cash", format_naira(amount)))?;
    Ok(riders(tx, true)?.into_iter().find(|r| &r.id == rider).unwrap_or(Rider {
        id: rider.clone(),
        name,
        phone: None,
        link: true,
        open: 0,
        out: 0,
        to_review: 0,
        cash_in_hand: Some(Kobo::ZERO),
        last_settled_at: Some(now),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rider_is_called_by_his_first_name() {
        assert_eq!(first_name("Tunde Bakare"), "Tunde");
        assert_eq!(first_name("  Ngozi  "), "Ngozi");
        assert_eq!(first_name(""), "");
    }

    #[test]
    fn codes_are_four_digits() {
        for _ in 0..50 {
            let code = new_code();
            assert_eq!(code.len(), 4);
            assert!(code.bytes().all(|b| b.is_ascii_digit()), "{code}");
        }
        assert!(constant_time_eq(b"1234", b"1234"));
        assert!(!constant_time_eq(b"1234", b"1235"));
        assert!(!constant_time_eq(b"123", b"1234"));
    }

    #[test]
    fn link_riders_have_their_own_ids() {
        assert_eq!(who(&UserId::from("link-12")), Who::Link(12));
        assert_eq!(who(&UserId::from("abcDEF123")), Who::Account(UserId::from("abcDEF123")));
        assert_eq!(who(&UserId::from("link-x")), Who::Account(UserId::from("link-x")));
    }
}
