//! What the staff do to an order after it is placed: move it along (or cancel it), record money
//! taken by hand, take back a parcel refused at the door, write the shop's own note, and gather
//! the pick list. Each status change is recorded in the activity log and, when it is news to the
//! customer, mailed in the transaction that made it.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::*;
use crate::mail::Mailer;

/// Records money taken by hand (cash, transfer or POS): a pay-on-delivery order's total at the
/// door, or what a pay-link order still owes (its balance after a deposit, or all of it). It must
/// be exactly what is owed; a pay-link order's open links end, and a placed one becomes paid.
pub fn collect(tx: &Connection, id: &OrderId, amount: Kobo, by: CollectedBy, now: i64) -> AppResult<Order> {
    let order = by_id(tx, id)?.ok_or_else(order_not_found)?;
    let owed = match order.payment.payment_method {
        PaymentMethod::Paystack => {
            return Err(AppError::Conflict("This order was paid through Paystack; there is nothing to collect.".into()));
        }
        PaymentMethod::PayOnDelivery => order.total_amount,
        PaymentMethod::PayLink => order.payment.balance,
        PaymentMethod::Counter => {
            return Err(AppError::Conflict("A counter sale is paid at the counter; there is nothing to collect here.".into()));
        }
    };
    if order.payment.collected_at.is_some() {
        return Err(AppError::Conflict("The money for this order was already recorded.".into()));
    }
    if !order.status.is_open() && order.status != OrderStatus::Delivered {
        return Err(AppError::Conflict(format!("An order that is {} has nothing to collect.", order.status)));
    }
    if owed <= Kobo::ZERO {
        return Err(AppError::Conflict("This order is paid in full.".into()));
    }
    if amount != owed {
        let what = if order.payment.payment_method == PaymentMethod::PayLink { "balance" } else { "total" };
        return Err(AppError::Validation(format!(
            "The amount collected must be the order's {what}, {}.",
            crate::money::format_naira(owed)
        )));
    }
    tx.execute(
        "UPDATE orders SET collected_at = ?2, collected_kobo = ?3, collected_by = ?4, updated_at = ?2 WHERE id = ?1",
        params![id, now, amount, by],
    )?;
    if order.payment.payment_method == PaymentMethod::PayLink {
        links::cancel_open(tx, id, now)?;
        tx.execute("UPDATE orders SET status = 'paid' WHERE id = ?1 AND status = 'placed'", [id])?;
    }
    by_id(tx, id)?.ok_or_else(order_not_found)
}

/// A pay-on-delivery order the customer would not take at the door: its units go back on sale
/// and its code's use is given back. Returns the order and whether stock changed.
pub fn refuse(tx: &Connection, id: &OrderId, now: i64) -> AppResult<(Order, bool)> {
    let order = by_id(tx, id)?.ok_or_else(order_not_found)?;
    if order.payment.payment_method != PaymentMethod::PayOnDelivery || order.payment.collected_at.is_some() {
        return Err(AppError::Conflict("Only a pay-on-delivery order not yet paid can be refused at delivery.".into()));
    }
    if !order.status.is_open() {
        return Err(AppError::Conflict(format!("An order that is {} cannot be refused.", order.status)));
    }
    tx.execute("UPDATE orders SET status = ?2, updated_at = ?3 WHERE id = ?1", params![id, OrderStatus::Refused, now])?;
    let restocked = crate::stock::restock_order(tx, id)? > 0;
    // The code's use is free again: nothing was paid with it.
    crate::discounts::give_back_use(tx, &order.payment_reference)?;
    Ok((by_id(tx, id)?.ok_or_else(order_not_found)?, restocked))
}

/// How an order leaves the shop: who takes it, and the tracking number (a courier's is required).
#[derive(Debug, Clone, Default)]
pub struct Shipping {
    pub by: Option<ShippedBy>,
    pub tracking: Option<String>,
}

/// Moves an order to `status` (one of its next ones), with who took it and the tracking number
/// when given. A cancelled order puts back on sale what it took from stock. Returns the order,
/// whether it changed (a repeated click changes nothing) and whether stock changed.
pub fn change_status(tx: &Connection, id: &OrderId, status: OrderStatus, shipping: &Shipping, now: i64) -> AppResult<(Order, bool, bool)> {
    let order = by_id(tx, id)?.ok_or_else(order_not_found)?;
    if order.status == status {
        return Ok((order, false, false));
    }
    if !order.status.next().contains(&status) {
        return Err(AppError::Conflict(format!("An order that is {} cannot become {status}.", order.status)));
    }
    // An order that may still be cancelled for want of confirmation is not prepared (money
    // collected at pickup is confirmation enough).
    let waiting = order.confirmation.as_ref().is_some_and(|c| c.is_waiting()) && order.payment.collected_at.is_none();
    if status == OrderStatus::Processing && waiting {
        return Err(AppError::Conflict(confirmation::CONFIRM_FIRST.into()));
    }
    tx.execute(
        "UPDATE orders SET status = ?1, tracking_number = COALESCE(?2, tracking_number), shipped_by = COALESCE(?5, shipped_by),
                updated_at = ?3 WHERE id = ?4",
        params![status, shipping.tracking, now, id, shipping.by],
    )?;
    // Cancelled before it shipped: what it took from stock goes back on sale.
    let restocked = status == OrderStatus::Cancelled && crate::stock::restock_order(tx, id)? > 0;
    // Nothing was paid for an order to pay on delivery or by link: its code's use is free again,
    // and its open pay link ends.
    if status == OrderStatus::Cancelled && order.payment.payment_method != PaymentMethod::Paystack {
        if order.payment.paid == Kobo::ZERO {
            crate::discounts::give_back_use(tx, &order.payment_reference)?;
        }
        links::cancel_open(tx, id, now)?;
    }
    Ok((by_id(tx, id)?.ok_or_else(order_not_found)?, true, restocked))
}

/// Moves an order along for a member of staff (see [`change_status`]): when it changed, the
/// activity log says so and the customer is mailed. Returns the order and whether stock changed.
#[tracing::instrument(name = "order_status", skip_all, fields(order_id = %id, status = %status, user_id = %actor))]
pub fn update(
    tx: &Connection,
    mailer: &Mailer,
    id: &OrderId,
    status: OrderStatus,
    shipping: &Shipping,
    actor: &UserId,
    now: i64,
) -> AppResult<(Order, bool)> {
    let before = by_id(tx, id)?.map(|o| o.status);
    let (order, changed, restocked) = change_status(tx, id, status, shipping, now)?;
    if changed {
        let tracking = match (&shipping.by, shipping.tracking.as_deref()) {
            (Some(ShippedBy::Rider), None) => " (our own rider)".to_string(),
            (Some(ShippedBy::Rider), Some(t)) => format!(" (our own rider, {t})"),
            (_, Some(t)) => format!(" (tracking {t})"),
            (_, None) => String::new(),
        };
        let summary = format!("Order #{}: {} → {status}{tracking}", order.number, before.map_or("?", |s| s.as_str()));
        crate::activity::record(tx, actor, "order", &order.id, &summary)?;
        queue_status_mail(mailer, tx, &order)?;
    }
    Ok((order, restocked))
}

/// The customer's mail about their order's new status (when it is news to them), written in the
/// transaction that changed it, with the SMS and WhatsApp the merchant chose for it.
pub fn queue_status_mail(mailer: &Mailer, tx: &Connection, order: &Order) -> AppResult<()> {
    use crate::messages::{Event, email_wanted};
    // SMS and WhatsApp for the statuses that have an event. Shipped, by a courier or the shop's
    // rider without the rider flow, has no confirmation code: the templates' parts with {code}
    // are left out. (The rider flow sends its own OutForDelivery with the code.)
    let events: Vec<Event> = match order.status {
        OrderStatus::Shipped => {
            let mut events = vec![Event::OutForDelivery { code: String::new(), rider: None }];
            if order.payment.payment_method == PaymentMethod::PayOnDelivery && order.payment.balance > Kobo::ZERO {
                events.push(Event::PayOnDeliveryReady);
            }
            events
        }
        OrderStatus::Delivered => vec![Event::Delivered],
        _ => Vec::new(),
    };
    let mail_wanted = match events.first() {
        Some(event) => email_wanted(tx, event.kind())?,
        None => true,
    };
    if mail_wanted {
        queue_status_email(mailer, tx, order)?;
    }
    let now = mailer.clock.now_ms();
    for event in events {
        order_event(tx, mailer, order, event, now)?;
    }
    Ok(())
}

/// The customer's e-mail about her order's new status alone (a courier's pickup says the rest
/// in its own update).
pub fn queue_status_email(mailer: &Mailer, tx: &Connection, order: &Order) -> AppResult<()> {
    if let Some((subject, body)) = mails::status_changed(&mailer.shop_name(), mailer.public_url(), order) {
        let mail = crate::mail::Mail { kind: "order_status", to: &order.customer_email, subject: &subject, body: &body, unsubscribe: None };
        mailer.queue(tx, mail)?;
    }
    Ok(())
}

/// Records the money a pay-on-delivery order's customer paid (see [`collect`]), in the activity
/// log too. Answers the order as the admin sees it.
pub fn collect_by_hand(
    tx: &Connection,
    id: &OrderId,
    amount: Kobo,
    method: CollectedBy,
    actor: &UserId,
    now: i64,
) -> AppResult<AdminOrder> {
    let order = collect(tx, id, amount, method, now)?;
    let summary = format!("Order #{}: {} collected by {method}", order.number, crate::money::format_naira(amount));
    crate::activity::record(tx, actor, "order", &order.id, &summary)?;
    admin_order(tx, id)
}

/// A pay-on-delivery order refused at the door (see [`refuse`]), logged and mailed. Returns the
/// order and whether stock changed.
pub fn refuse_at_door(tx: &Connection, mailer: &Mailer, id: &OrderId, actor: &UserId, now: i64) -> AppResult<(Order, bool)> {
    let (order, restocked) = refuse(tx, id, now)?;
    crate::activity::record(tx, actor, "order", &order.id, &format!("Order #{}: refused at delivery", order.number))?;
    queue_status_mail(mailer, tx, &order)?;
    Ok((order, restocked))
}

/// Writes the shop's own note on an order (never shown to the customer; empty removes it).
/// Answers the order as the member of staff may see it.
pub fn write_note(tx: &Connection, id: &OrderId, note: &str, actor: &UserId, sight: StaffSight) -> AppResult<StaffOrder> {
    let number: String =
        tx.query_row("SELECT number FROM orders WHERE id = ?1", [id], |r| r.get(0)).optional()?.ok_or_else(order_not_found)?;
    let note = (!note.is_empty()).then_some(note);
    tx.execute("UPDATE orders SET internal_note = ?2 WHERE id = ?1", params![id, note])?;
    crate::activity::record(tx, actor, "order", id, &format!("Order #{number}: note changed"))?;
    staff_order(tx, id, sight)
}

/// What to take off the shelves for many orders: each variant once, with its units and orders.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PickList {
    pub lines: Vec<PickLine>,
    /// The orders it covers, oldest first: number, customer, delivery and their notes (as the
    /// member of staff may see them).
    pub orders: Vec<ListedOrder>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickLine {
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub sku: Option<String>,
    pub quantity: i64,
    /// The order numbers that need it.
    pub orders: Vec<String>,
}

/// A pick list for the orders named, or (none named) for every order waiting to be packed (paid
/// or processing), at most 200.
pub fn pick_list_of(c: &Connection, ids: &[String], sight: StaffSight) -> AppResult<PickList> {
    let orders = if ids.is_empty() {
        query_orders(c, "WHERE status IN ('paid', 'processing') ORDER BY created_at LIMIT 200", &[])?
    } else {
        let ids = serde_json::to_string(&ids).map_err(AppError::internal)?;
        query_orders(c, "WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY created_at", &[&ids])?
    };
    let mut sku = c.prepare_cached("SELECT sku FROM variants WHERE id = ?1")?;
    let mut lines: Vec<PickLine> = Vec::new();
    for order in &orders {
        for item in &order.items {
            let found = lines.iter_mut().find(|l| l.name == item.name && l.size == item.size && l.color == item.color);
            match found {
                Some(line) => {
                    line.quantity += item.quantity;
                    if !line.orders.contains(&order.number) {
                        line.orders.push(order.number.clone());
                    }
                }
                None => lines.push(PickLine {
                    name: item.name.clone(),
                    size: item.size.clone(),
                    color: item.color.clone(),
                    sku: match &item.variant_id {
                        Some(v) => sku.query_row([v], |r| r.get::<_, Option<String>>(0)).optional()?.flatten(),
                        None => None,
                    },
                    quantity: item.quantity,
                    orders: vec![order.number.clone()],
                }),
            }
        }
    }
    lines.sort_by(|a, b| (&a.name, &a.size, &a.color).cmp(&(&b.name, &b.size, &b.color)));
    Ok(PickList { lines, orders: orders.into_iter().map(|o| ListedOrder::of(o, sight)).collect() })
}
