//! What money arriving through Paystack does to an order that already exists (a pay-link order
//! the merchant made). Placed → paid is the payment's step, not one staff take by hand, so it is
//! not among `OrderStatus::next` and `change_status` refuses it; this is its one door.

use rusqlite::{Connection, params};

use super::{CollectedBy, Order, OrderStatus, PaymentMethod, by_id, order_not_found};
use crate::error::AppResult;
use crate::ids::OrderId;
use crate::money::Kobo;

/// Money for order `id` came through a pay link by `channel` (card, bank_transfer…): a placed
/// order becomes paid (a deposit is enough for the merchant to prepare it), an order further on
/// keeps its status, and the channel is the order's. A counter sale, whose customer is standing
/// at the till, is handed over (delivered) once its link is paid. Answers the order as it now is.
pub fn paid_through_link(tx: &Connection, id: &OrderId, channel: Option<&str>, now: i64) -> AppResult<Order> {
    tx.execute(
        "UPDATE orders SET status = CASE WHEN status <> ?4 THEN status WHEN payment_method = ?6 THEN ?7 ELSE ?5 END,
                           payment_channel = ?2, updated_at = ?3
         WHERE id = ?1",
        params![id, channel, now, OrderStatus::Placed, OrderStatus::Paid, PaymentMethod::Counter, OrderStatus::Delivered],
    )?;
    by_id(tx, id)?.ok_or_else(order_not_found)
}

/// A counter sale just made: what was paid by hand (cash and a transfer the cashier saw) is
/// collected now, and a sale paid in full there is handed over (delivered). One with a pay link
/// waits, placed, for it.
pub fn paid_at_counter(tx: &Connection, id: &OrderId, by_hand: Kobo, how: CollectedBy, complete: bool, now: i64) -> AppResult<()> {
    if by_hand > Kobo::ZERO {
        tx.execute(
            "UPDATE orders SET collected_at = ?2, collected_kobo = ?3, collected_by = ?4 WHERE id = ?1",
            params![id, now, by_hand, how],
        )?;
    }
    if complete {
        tx.execute("UPDATE orders SET status = ?2, updated_at = ?3 WHERE id = ?1", params![id, OrderStatus::Delivered, now])?;
    }
    Ok(())
}
