//! Confirming pay-on-delivery orders from customers the shop does not know yet. Such an order takes
//! its stock at once, like any pay-on-delivery order, but keeps it only until its confirmation's
//! time runs out: the shop calls the customer and staff press "Confirmed by phone", or the
//! customer enters the code the shop sent her. Unconfirmed by then, the order is cancelled and its
//! stock and code use go back (the background round does it). It is not prepared before then.
//!
//! The channel is the merchant's setting. A code goes out through a channel's sender (e-mail today,
//! through the mail outbox); a new channel (SMS, WhatsApp) is a new [`ConfirmChannel`] and a sender.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};

crate::text_enum! {
    /// How an order is confirmed: by a call from the shop, or by a code sent to the customer by
    /// e-mail.
    pub enum ConfirmChannel {
        Phone => "phone",
        Email => "email",
    }
}

impl ConfirmChannel {
    /// Whether the customer confirms it with a code sent to her (rather than by the shop's call).
    pub fn sends_code(self) -> bool {
        !matches!(self, ConfirmChannel::Phone)
    }
}

/// An order's confirmation as the order's answers carry it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmation {
    pub channel: ConfirmChannel,
    /// Unix ms: unconfirmed by then, the order is cancelled.
    pub expires_at: i64,
    pub confirmed_at: Option<i64>,
}

impl Confirmation {
    pub fn is_waiting(&self) -> bool {
        self.confirmed_at.is_none()
    }
}

/// Wrong codes one order's confirmation takes before its code stops working.
pub const MAX_ATTEMPTS: i64 = 5;

/// Said when an order waiting for confirmation is to be prepared.
pub const CONFIRM_FIRST: &str =
    "This order is waiting for the customer's confirmation. Call the customer and press \"Confirmed by phone\" first.";

/// The SHA-256 of a code, as kept (a code is as good as a password for its order until used).
fn code_hash(order_id: &OrderId, code: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("{order_id}:{code}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh six-digit code.
pub fn new_code() -> String {
    crate::util::random_from(b"0123456789", 6)
}

/// Whether the shop knows `user` as a customer: an account (not a guest) with an order that was
/// paid or delivered. Her pay-on-delivery orders need no confirmation.
pub fn is_known_customer(conn: &Connection, user: &UserId) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM users u JOIN orders o ON o.user_id = u.id
                        WHERE u.id = ?1 AND u.guest = 0
                          AND (o.status = 'delivered' OR o.collected_at IS NOT NULL
                               OR (o.payment_method = 'paystack' AND o.status NOT IN ('cancelled', 'refused'))
                               OR EXISTS (SELECT 1 FROM pay_links l WHERE l.order_id = o.id AND l.paid_at IS NOT NULL)))",
    )?
    .query_row([user], |r| r.get(0))
}

/// Starts the wait for confirmation of a new order placed from `client_key`, until `expires_at`,
/// with the code to send when the channel sends one.
pub fn start(
    tx: &Connection,
    order_id: &OrderId,
    channel: ConfirmChannel,
    client_key: &str,
    code: Option<&str>,
    now: i64,
    expires_at: i64,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO order_confirmations (order_id, channel, client_key, code_hash, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![order_id, channel, client_key, code.map(|c| code_hash(order_id, c)), now, expires_at])?;
    Ok(())
}

/// Orders placed from `client_key` still waiting for confirmation (and not yet cancelled), and
/// when the first of them runs out.
pub fn waiting_from(conn: &Connection, client_key: &str) -> rusqlite::Result<(i64, Option<i64>)> {
    conn.prepare_cached(
        "SELECT COUNT(*), MIN(c.expires_at) FROM order_confirmations c JOIN orders o ON o.id = c.order_id
         WHERE c.client_key = ?1 AND c.confirmed_at IS NULL AND o.status = 'placed' AND o.collected_at IS NULL",
    )?
    .query_row([client_key], |r| Ok((r.get(0)?, r.get(1)?)))
}

/// Confirms `order_id` for the customer who holds its code. A wrong code counts against the
/// order's attempts; past them the code no longer works. Confirming again is fine.
pub fn confirm_with_code(tx: &Connection, order_id: &OrderId, code: &str, now: i64) -> AppResult<()> {
    let wrong = || AppError::Validation("That code is not right. Please check the e-mail we sent you and try again.".into());
    /// An order's confirmation as a code is checked against it.
    struct Waiting {
        hash: Option<String>,
        attempts: i64,
        confirmed_at: Option<i64>,
        expires_at: i64,
        status: String,
    }
    let found = tx
        .prepare_cached(
            "SELECT c.code_hash, c.attempts, c.confirmed_at, c.expires_at, o.status
             FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE c.order_id = ?1",
        )?
        .query_row([order_id], |r| {
            Ok(Waiting { hash: r.get(0)?, attempts: r.get(1)?, confirmed_at: r.get(2)?, expires_at: r.get(3)?, status: r.get(4)? })
        })
        .optional()?;
    let Some(Waiting { hash, attempts, confirmed_at, expires_at, status }) = found else { return Err(wrong()) };
    if confirmed_at.is_some() {
        return Ok(());
    }
    if status != "placed" || now >= expires_at {
        return Err(AppError::Conflict("This order can no longer be confirmed: it was not confirmed in time.".into()));
    }
    let Some(hash) = hash else { return Err(wrong()) };
    if attempts >= MAX_ATTEMPTS {
        return Err(AppError::Conflict("This code has been tried too many times. The shop will call you to confirm your order.".into()));
    }
    if code_hash(order_id, code.trim()) != hash {
        tx.prepare_cached("UPDATE order_confirmations SET attempts = attempts + 1 WHERE order_id = ?1")?.execute([order_id])?;
        return Err(wrong());
    }
    tx.prepare_cached("UPDATE order_confirmations SET confirmed_at = ?2 WHERE order_id = ?1")?.execute(params![order_id, now])?;
    Ok(())
}

/// Staff confirm `order_id` (they called the customer). Returns whether it changed anything.
pub fn confirm_by_staff(tx: &Connection, order_id: &OrderId, staff: &UserId, now: i64) -> AppResult<bool> {
    let status: Option<(Option<i64>, String)> = tx
        .prepare_cached(
            "SELECT c.confirmed_at, o.status FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE c.order_id = ?1",
        )?
        .query_row([order_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match status {
        None => Err(AppError::Conflict("This order needs no confirmation.".into())),
        Some((Some(_), _)) => Ok(false),
        Some((None, status)) if status != "placed" => {
            Err(AppError::Conflict(format!("An order that is {status} can no longer be confirmed.")))
        }
        Some((None, _)) => {
            tx.prepare_cached("UPDATE order_confirmations SET confirmed_at = ?2, confirmed_by = ?3 WHERE order_id = ?1")?
                .execute(params![order_id, now, staff])?;
            Ok(true)
        }
    }
}

/// Orders still placed (and not paid at pickup meanwhile) whose confirmation ran out by `now`: to
/// cancel.
pub fn lapsed(conn: &Connection, now: i64) -> rusqlite::Result<Vec<OrderId>> {
    conn.prepare_cached(
        "SELECT c.order_id FROM order_confirmations c JOIN orders o ON o.id = c.order_id
         WHERE c.confirmed_at IS NULL AND c.expires_at <= ?1 AND o.status = 'placed' AND o.collected_at IS NULL",
    )?
    .query_map([now], |r| r.get(0))?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_kept_only_as_their_hash() {
        let code = new_code();
        assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()), "{code}");
        let order = OrderId::from("o1");
        assert_eq!(code_hash(&order, "123456"), code_hash(&order, "123456"));
        assert_ne!(code_hash(&order, "123456"), code_hash(&OrderId::from("o2"), "123456"), "one order's code is not another's");
        assert_ne!(code_hash(&order, "123456"), "123456");
    }
}
