//! Pay links: a secret token (190 bits) that pays one amount of one order — all of it, a deposit,
//! or the balance after one — through Paystack, until it expires or the merchant cancels it. An
//! order has at most one open link; a new one ends the one before. The payments module starts and
//! completes their Paystack payments; this is the record of the links themselves.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::ids::{OrderId, PaymentReference, UserId};
use crate::money::Kobo;

/// Characters of a token: 32 of 62 symbols, 190 bits.
const TOKEN_LEN: usize = 32;

crate::text_enum! {
    /// What a link pays: the whole order, a deposit (part now, the balance later), or the balance.
    pub enum Purpose {
        Full => "full",
        Deposit => "deposit",
        Balance => "balance",
    }
}

crate::text_enum! {
    /// Where a link is.
    pub enum LinkStatus {
        Open => "open",
        Paid => "paid",
        Expired => "expired",
        Cancelled => "cancelled",
    }
}

/// A pay link as the admin and the pay page see it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayLink {
    pub token: String,
    #[schema(value_type = i64)]
    pub amount: Kobo,
    pub purpose: Purpose,
    pub status: LinkStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    #[serde(skip)]
    pub order_id: OrderId,
    #[serde(skip)]
    pub payment_reference: Option<PaymentReference>,
}

/// Whether `text` could be a token (checked before any lookup).
pub fn plausible_token(text: &str) -> bool {
    text.len() == TOKEN_LEN && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn link_from_row(r: &rusqlite::Row, now: i64) -> rusqlite::Result<PayLink> {
    let (paid_at, cancelled_at, expires_at): (Option<i64>, Option<i64>, i64) =
        (r.get("paid_at")?, r.get("cancelled_at")?, r.get("expires_at")?);
    let status = match (paid_at, cancelled_at) {
        (Some(_), _) => LinkStatus::Paid,
        (None, Some(_)) => LinkStatus::Cancelled,
        (None, None) if expires_at <= now => LinkStatus::Expired,
        (None, None) => LinkStatus::Open,
    };
    Ok(PayLink {
        token: r.get("token")?,
        amount: r.get("amount_kobo")?,
        purpose: r.get("purpose")?,
        status,
        created_at: r.get("created_at")?,
        expires_at,
        paid_at,
        order_id: r.get("order_id")?,
        payment_reference: r.get("payment_reference")?,
    })
}

const LINK_COLUMNS: &str = "token, order_id, amount_kobo, purpose, created_at, expires_at, cancelled_at, paid_at, payment_reference";

pub fn by_token(conn: &Connection, token: &str, now: i64) -> rusqlite::Result<Option<PayLink>> {
    if !plausible_token(token) {
        return Ok(None);
    }
    conn.prepare_cached(&format!("SELECT {LINK_COLUMNS} FROM pay_links WHERE token = ?1"))?
        .query_row([token], |r| link_from_row(r, now))
        .optional()
}

/// The links of the orders whose ids are in the JSON array `ids`, oldest first, by order id.
pub fn for_orders(conn: &Connection, ids: &str) -> rusqlite::Result<HashMap<String, Vec<PayLink>>> {
    let now = crate::db::now_ms();
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {LINK_COLUMNS} FROM pay_links WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY created_at, token"
    ))?;
    let mut by_order: HashMap<String, Vec<PayLink>> = HashMap::new();
    for link in stmt.query_map([ids], |r| link_from_row(r, now))? {
        let link = link?;
        by_order.entry(link.order_id.as_str().to_string()).or_default().push(link);
    }
    Ok(by_order)
}

/// A new link for `amount` of an order, open until `expires_at`; the order's open link, if any,
/// ends first. Returns the token.
pub fn create(
    tx: &Connection,
    order_id: &OrderId,
    amount: Kobo,
    purpose: Purpose,
    created_by: Option<&UserId>,
    expires_at: i64,
    now: i64,
) -> rusqlite::Result<String> {
    cancel_open(tx, order_id, now)?;
    let token = crate::util::random_id(TOKEN_LEN);
    tx.execute(
        "INSERT INTO pay_links (token, order_id, amount_kobo, purpose, created_at, created_by, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![token, order_id, amount, purpose, now, created_by, expires_at],
    )?;
    Ok(token)
}

/// The token of an order's link that is still open, if any (the counter shows it as a QR code).
pub fn open_token(conn: &Connection, order_id: &OrderId) -> rusqlite::Result<Option<String>> {
    use rusqlite::OptionalExtension;
    conn.prepare_cached(
        "SELECT token FROM pay_links WHERE order_id = ?1 AND paid_at IS NULL AND cancelled_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )?
    .query_row([order_id], |r| r.get(0))
    .optional()
}

/// Ends an order's links that are still open (not paid, cancelled or expired). Returns how many.
pub fn cancel_open(tx: &Connection, order_id: &OrderId, now: i64) -> rusqlite::Result<usize> {
    tx.execute(
        "UPDATE pay_links SET cancelled_at = ?2 WHERE order_id = ?1 AND paid_at IS NULL AND cancelled_at IS NULL AND expires_at > ?2",
        params![order_id, now],
    )
}

/// Records that the Paystack payment `reference` paid the link. False when it was paid already.
pub fn mark_paid(tx: &Connection, token: &str, reference: &PaymentReference, now: i64) -> rusqlite::Result<bool> {
    Ok(tx.execute(
        "UPDATE pay_links SET paid_at = ?3, payment_reference = ?2 WHERE token = ?1 AND paid_at IS NULL",
        params![token, reference, now],
    )? == 1)
}

/// The condition of a link still owed a reminder at ?1 (now), sent ?2 ms ago or more: open (not
/// paid, cancelled or expired), never reminded.
const REMIND_DUE: &str = "reminded_at IS NULL AND paid_at IS NULL AND cancelled_at IS NULL AND expires_at > ?1 AND created_at <= ?1 - ?2";

/// Pay links still unpaid `after_ms` after they were sent, not reminded yet, oldest first.
pub fn to_remind(conn: &Connection, now: i64, after_ms: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(&format!("SELECT token FROM pay_links WHERE {REMIND_DUE} ORDER BY created_at LIMIT 200"))?
        .query_map(params![now, after_ms], |r| r.get(0))?
        .collect()
}

/// Marks the link reminded if it is still due one, answering its order: `Some` once per link, so
/// the reminder that goes in the same transaction goes once, however often this is called.
pub fn mark_reminded(tx: &Connection, token: &str, now: i64, after_ms: i64) -> rusqlite::Result<Option<OrderId>> {
    use rusqlite::OptionalExtension;
    tx.query_row(
        &format!("UPDATE pay_links SET reminded_at = ?1 WHERE token = ?3 AND {REMIND_DUE} RETURNING order_id"),
        params![now, after_ms, token],
        |r| r.get(0),
    )
    .optional()
}

/// Placed pay-link orders nothing was paid for, whose last link expired (a link the merchant
/// cancelled does not end its order: another may follow) with no payment of it still in progress:
/// their stock goes back and they are cancelled. A payment still being made keeps its order until it ends (then the expiry round
/// has asked Paystack about it). A counter sale waiting for its pay link ends the same way, unless
/// part of it was paid by hand, by gift card or store credit (money to give back: the owner cancels it).
pub fn lapsed_orders(conn: &Connection, now: i64, payment_grace_ms: i64) -> rusqlite::Result<Vec<OrderId>> {
    conn.prepare_cached(
        "SELECT o.id FROM orders o
         WHERE (o.payment_method = 'pay_link' OR (o.payment_method = 'counter' AND o.gift_kobo = 0 AND o.credit_kobo = 0))
           AND o.status = 'placed' AND o.collected_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM pay_links l WHERE l.order_id = o.id
                           AND (l.paid_at IS NOT NULL OR (l.cancelled_at IS NULL AND l.expires_at > ?1)))
           AND NOT EXISTS (SELECT 1 FROM pay_links l JOIN payments p ON p.pay_link = l.token
                           WHERE l.order_id = o.id AND p.status IN ('pending', 'failed') AND p.expires_at + ?2 > ?1)
           AND EXISTS (SELECT 1 FROM pay_links l WHERE l.order_id = o.id AND l.cancelled_at IS NULL AND l.expires_at <= ?1)",
    )?
    .query_map(params![now, payment_grace_ms], |r| r.get(0))?
    .collect()
}
