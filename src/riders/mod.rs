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
//! The money collected goes through `orders::collect`, as a manager's "collected" does, and the
//! order's moves through `orders::change_status`, so the tracking page's events (written by the
//! database's triggers) and the order screens tell the same story.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::mail::{Mail, Mailer};
use crate::messages::Event;
use crate::money::{Kobo, format_naira};
use crate::orders::{self, CollectedBy, Order, OrderStatus, PaymentMethod, ShippedBy, Shipping};

/// Wrong codes a delivery takes before the shop must send the customer a new one: enough for a
/// customer who misreads a digit, far too few to guess four digits (10,000 codes).
pub const MAX_TRIES: i64 = 5;

/// A member of staff with the rider role, as the dispatcher chooses among them.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rider {
    #[schema(value_type = String)]
    pub id: UserId,
    pub name: String,
    pub phone: Option<String>,
    /// Orders given to him and not yet delivered.
    pub open: i64,
    /// Of those, the ones he has left with.
    pub out: i64,
    /// Cash he took at doors and has not handed in; null for those who may not see money.
    #[schema(value_type = Option<i64>)]
    pub cash_in_hand: Option<Kobo>,
    /// When he last handed cash in.
    pub last_settled_at: Option<i64>,
}

/// The shop's riders, by name, with their rounds and (for `money`) the cash they hold.
pub fn riders(conn: &Connection, money: bool) -> rusqlite::Result<Vec<Rider>> {
    conn.prepare_cached(
        "SELECT u.id, u.display_name, u.phone,
                (SELECT COUNT(*) FROM deliveries d JOIN orders o ON o.id = d.order_id
                  WHERE d.rider_id = u.id AND d.delivered_at IS NULL AND o.status IN ('placed', 'paid', 'processing', 'shipped')),
                (SELECT COUNT(*) FROM deliveries d JOIN orders o ON o.id = d.order_id
                  WHERE d.rider_id = u.id AND d.delivered_at IS NULL AND d.left_at IS NOT NULL AND o.status = 'shipped'),
                (SELECT COALESCE(SUM(cash_kobo), 0) FROM deliveries WHERE rider_id = u.id AND cash_kobo > 0 AND settlement_id IS NULL),
                (SELECT MAX(settled_at) FROM rider_settlements WHERE rider_id = u.id)
         FROM users u WHERE u.role = 'rider' AND u.disabled = 0 ORDER BY u.display_name COLLATE NOCASE, u.id",
    )?
    .query_map([], |r| {
        Ok(Rider {
            id: r.get(0)?,
            name: r.get(1)?,
            phone: r.get(2)?,
            open: r.get(3)?,
            out: r.get(4)?,
            cash_in_hand: money.then(|| r.get(5)).transpose()?,
            last_settled_at: r.get(6)?,
        })
    })?
    .collect()
}

fn rider_by_id(conn: &Connection, id: &UserId) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT display_name FROM users WHERE id = ?1 AND role = 'rider' AND disabled = 0")?
        .query_row([id], |r| r.get(0))
        .optional()
}

/// The word a customer is told: "Tunde" of "Tunde Bakare".
pub fn first_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}

/// An order's delivery by a rider, as the shop sees it (the code itself stays out).
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    #[schema(value_type = String)]
    pub rider_id: UserId,
    pub rider_name: String,
    pub assigned_at: i64,
    /// When he left with it: the customer was sent the code then.
    pub left_at: Option<i64>,
    pub delivered_at: Option<i64>,
    /// Wrong codes tried at the door so far (past [`MAX_TRIES`] a new code is needed).
    pub code_tries: i64,
}

/// The rider delivering `order`, if one was given it.
pub fn delivery_of(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<Delivery>> {
    conn.prepare_cached(
        "SELECT d.rider_id, u.display_name, d.assigned_at, d.left_at, d.delivered_at, d.code_tries
         FROM deliveries d JOIN users u ON u.id = d.rider_id WHERE d.order_id = ?1",
    )?
    .query_row([order], |r| {
        Ok(Delivery {
            rider_id: r.get(0)?,
            rider_name: r.get(1)?,
            assigned_at: r.get(2)?,
            left_at: r.get(3)?,
            delivered_at: r.get(4)?,
            code_tries: r.get(5)?,
        })
    })
    .optional()
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

/// Gives `order` to `rider` (at the end of his round), or takes it from whoever had it (`None`).
/// Only an order to be delivered, still open and not with a courier, goes to a rider.
pub fn assign(tx: &Connection, order_id: &OrderId, rider: Option<&UserId>, actor: &UserId, now: i64) -> AppResult<Option<Delivery>> {
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let before = delivery_of(tx, order_id)?;
    if before.as_ref().is_some_and(|d| d.delivered_at.is_some()) || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    let Some(rider) = rider else {
        if let Some(before) = before {
            tx.execute("DELETE FROM deliveries WHERE order_id = ?1", [order_id])?;
            let summary = format!("Order #{}: taken from rider {}", order.number, before.rider_name);
            crate::activity::record(tx, actor, "order", order_id, &summary)?;
        }
        return Ok(None);
    };
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
    let name = rider_by_id(tx, rider)?.ok_or_else(|| AppError::NotFound("We couldn't find that rider.".into()))?;
    if before.as_ref().is_some_and(|d| &d.rider_id == rider) {
        return Ok(before);
    }
    let position: i64 =
        tx.query_row("SELECT COALESCE(MAX(position), 0) + 1 FROM deliveries WHERE rider_id = ?1 AND delivered_at IS NULL", [rider], |r| {
            r.get(0)
        })?;
    // A delivery handed over keeps its code and when it left: the customer holds that code.
    tx.execute(
        "INSERT INTO deliveries (order_id, rider_id, position, assigned_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (order_id) DO UPDATE SET rider_id = excluded.rider_id, position = excluded.position, assigned_at = excluded.assigned_at",
        params![order_id, rider, position, now],
    )?;
    let summary = match before {
        Some(b) => format!("Order #{}: given to rider {name} (was {})", order.number, b.rider_name),
        None => format!("Order #{}: given to rider {name}", order.number),
    };
    crate::activity::record(tx, actor, "order", order_id, &summary)?;
    Ok(delivery_of(tx, order_id)?)
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
}

/// How long a delivered stop stays on the rider's list, so he can see his day's work.
const DONE_SHOWN_MS: i64 = 18 * 60 * 60 * 1000;

/// `rider`'s round: the stops to make, in the order given, then those delivered lately.
pub fn round(conn: &Connection, rider: &UserId, now: i64) -> AppResult<Vec<Stop>> {
    let rows: Vec<(OrderId, Option<i64>, Option<i64>, i64)> = conn
        .prepare_cached(
            "SELECT d.order_id, d.left_at, d.delivered_at, d.code_tries FROM deliveries d JOIN orders o ON o.id = d.order_id
             WHERE d.rider_id = ?1 AND (d.delivered_at IS NULL AND o.status IN ('placed', 'paid', 'processing', 'shipped')
                                        OR d.delivered_at >= ?2)
             ORDER BY d.delivered_at IS NOT NULL, d.delivered_at, d.position",
        )?
        .query_map(params![rider, now - DONE_SHOWN_MS], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut stops = Vec::with_capacity(rows.len());
    for (id, left_at, delivered_at, tries) in rows {
        let Some(order) = orders::by_id(conn, &id)? else { continue };
        stops.push(stop_of(&order, left_at, delivered_at, tries));
    }
    Ok(stops)
}

fn stop_of(order: &Order, left_at: Option<i64>, delivered_at: Option<i64>, tries: i64) -> Stop {
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
        left_at,
        delivered_at,
        tries_left: (MAX_TRIES - tries).max(0),
    }
}

/// A rider's own delivery of `order_id`, or the answer a rider gets for anyone else's.
fn own(tx: &Connection, rider: &UserId, order_id: &OrderId) -> AppResult<(Order, Delivery)> {
    let not_his = || AppError::NotFound("We couldn't find that delivery in your round.".into());
    let delivery = delivery_of(tx, order_id)?.filter(|d| &d.rider_id == rider).ok_or_else(not_his)?;
    let order = orders::by_id(tx, order_id)?.ok_or_else(not_his)?;
    Ok((order, delivery))
}

fn new_code() -> String {
    crate::util::random_from(b"0123456789", 4)
}

/// The rider leaves with `order_id`: the order ships with the shop's rider and the customer is
/// sent the code to give him at the door. Tapping again changes nothing.
pub fn leave(tx: &Connection, mailer: &Mailer, rider: &UserId, order_id: &OrderId, now: i64) -> AppResult<Stop> {
    let (order, delivery) = own(tx, rider, order_id)?;
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("This order was {}: do not deliver it. Bring it back to the shop.", order.status)));
    }
    if delivery.left_at.is_some() {
        return Ok(stop_of(&order, delivery.left_at, None, delivery.code_tries));
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
    crate::activity::record(
        tx,
        rider,
        "order",
        order_id,
        &format!("Order #{}: out for delivery with {}", order.number, delivery.rider_name),
    )?;
    send_code(tx, mailer, &order, &delivery.rider_name, &code, now)?;
    Ok(stop_of(&order, Some(now), None, 0))
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

/// The rider hands the parcel over: the customer's code marks it delivered, and the money he
/// collected (exactly what was owed) is recorded against the order, cash in his hand.
pub fn deliver(tx: &Connection, mailer: &Mailer, rider: &UserId, order_id: &OrderId, handover: Handover, now: i64) -> AppResult<AtTheDoor> {
    let (order, delivery) = own(tx, rider, order_id)?;
    if delivery.delivered_at.is_some() || order.status == OrderStatus::Delivered {
        return Err(AppError::Conflict("This order was already delivered.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("This order was {}: do not deliver it. Bring it back to the shop.", order.status)));
    }
    if delivery.left_at.is_none() || order.status != OrderStatus::Shipped {
        return Err(AppError::Conflict("Tap \"Leaving now\" first: the customer gets her code when you leave.".into()));
    }
    if delivery.code_tries >= MAX_TRIES {
        return Err(AppError::Conflict("Too many wrong codes. Ask the shop to send the customer a new code.".into()));
    }
    let owed = order.payment.to_collect;
    if owed > Kobo::ZERO && handover.paid_by.is_none() {
        return Err(AppError::Validation(format!("Choose how the customer paid the {}: cash, transfer or POS.", format_naira(owed))));
    }
    let code: Option<String> = tx.query_row("SELECT code FROM deliveries WHERE order_id = ?1", [order_id], |r| r.get(0))?;
    let typed = handover.code.trim();
    let right = code.is_some_and(|code| typed.len() == 4 && constant_time_eq(typed.as_bytes(), code.as_bytes()));
    if !right {
        tx.execute("UPDATE deliveries SET code_tries = code_tries + 1 WHERE order_id = ?1", [order_id])?;
        return Ok(AtTheDoor::WrongCode { tries_left: (MAX_TRIES - delivery.code_tries - 1).max(0) });
    }
    let mut note = String::new();
    let mut cash = Kobo::ZERO;
    if owed > Kobo::ZERO {
        let method = handover.paid_by.unwrap_or(CollectedBy::Cash);
        orders::collect(tx, order_id, owed, method, now)?;
        if method == CollectedBy::Cash {
            cash = owed;
        }
        note = format!("; {} collected by {method}", format_naira(owed));
    }
    orders::change_status(tx, order_id, OrderStatus::Delivered, &Shipping::default(), now)?;
    tx.execute("UPDATE deliveries SET delivered_at = ?2, cash_kobo = ?3 WHERE order_id = ?1", params![order_id, now, cash])?;
    let order = orders::by_id(tx, order_id)?.ok_or_else(orders::order_not_found)?;
    let summary = format!("Order #{}: delivered by {} with the customer's code{note}", order.number, delivery.rider_name);
    crate::activity::record(tx, rider, "order", order_id, &summary)?;
    orders::queue_status_mail(mailer, tx, &order)?;
    Ok(AtTheDoor::Delivered(Box::new(stop_of(&order, delivery.left_at, Some(now), delivery.code_tries))))
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

/// The shop counts the cash `rider` hands in: `amount` must be what he holds, and it is all
/// settled at once (end of day). Answers the rider as the shop sees him afterwards.
pub fn settle(tx: &Connection, rider: &UserId, amount: Kobo, actor: &UserId, now: i64) -> AppResult<Rider> {
    let name = rider_by_id(tx, rider)?.ok_or_else(|| AppError::NotFound("We couldn't find that rider.".into()))?;
    let held: Kobo = tx.query_row(
        "SELECT COALESCE(SUM(cash_kobo), 0) FROM deliveries WHERE rider_id = ?1 AND cash_kobo > 0 AND settlement_id IS NULL",
        [rider],
        |r| r.get(0),
    )?;
    if held == Kobo::ZERO {
        return Err(AppError::Conflict(format!("{name} holds no cash to hand in.")));
    }
    if amount != held {
        return Err(AppError::Validation(format!("{name} holds {}. Count it again, or settle that amount.", format_naira(held))));
    }
    tx.execute(
        "INSERT INTO rider_settlements (rider_id, amount_kobo, settled_by, settled_at) VALUES (?1, ?2, ?3, ?4)",
        params![rider, amount, actor, now],
    )?;
    let settlement = tx.last_insert_rowid();
    tx.execute(
        "UPDATE deliveries SET settlement_id = ?2 WHERE rider_id = ?1 AND cash_kobo > 0 AND settlement_id IS NULL",
        params![rider, settlement],
    )?;
    crate::activity::record(tx, actor, "staff", rider, &format!("Rider {name} handed in {} cash", format_naira(amount)))?;
    riders(tx, true)?.into_iter().find(|r| &r.id == rider).ok_or_else(|| AppError::NotFound("We couldn't find that rider.".into()))
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
}
