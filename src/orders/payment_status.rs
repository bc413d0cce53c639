//! What money arriving through Paystack does to an order that already exists (a pay-link order
//! the merchant made). Placed → paid is the payment's step, not one staff take by hand, so it is
//! not among `OrderStatus::next` and `change_status` refuses it; this is its one door.

use rusqlite::{Connection, params};

use super::{Order, OrderStatus, by_id, order_not_found};
use crate::error::AppResult;
use crate::ids::OrderId;

/// Money for order `id` came through a pay link by `channel` (card, bank_transfer…): a placed
/// order becomes paid (a deposit is enough for the merchant to prepare it), an order further on
/// keeps its status, and the channel is the order's. Answers the order as it now is.
pub fn paid_through_link(tx: &Connection, id: &OrderId, channel: Option<&str>, now: i64) -> AppResult<Order> {
    tx.execute(
        "UPDATE orders SET status = CASE status WHEN ?4 THEN ?5 ELSE status END, payment_channel = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, channel, now, OrderStatus::Placed, OrderStatus::Paid],
    )?;
    by_id(tx, id)?.ok_or_else(order_not_found)
}
