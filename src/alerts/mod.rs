//! Bringing shoppers back (issue 25 §4): "E-mail me when it's back" on a sold-out size or colour,
//! and the bag reminder for a checkout started and not paid.
//!
//! Back in stock: a subscription is one row per address and variant. A trigger on
//! `variants.stock` (migration 0013) marks a variant's subscribers due in the very transaction
//! that takes it from 0 to more — whichever route that is: the admin's edit, a stock import (even
//! from the merchant's command in another process), a refund or cancellation putting units back,
//! a hold given back. The mail worker then writes one mail per due subscriber into the outbox and
//! ends the subscription, in one transaction ([`write_due_alerts`]).

pub mod reminders;
pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::ProductId;
use crate::mail::{Mail, Mailer};

/// Open subscriptions one address may have at once (every size of every product it wants).
const MAX_OPEN_PER_ADDRESS: i64 = 50;

/// What subscribing did.
#[derive(Serialize, utoipa::ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Subscribed {
    pub message: String,
    /// False when this address already waited for this variant (nothing changed).
    pub created: bool,
}

/// Subscribes `email` to the variant of `product_id` in `size` and `color` ("" for none). Only a
/// sold-out variant can be waited for; the same address and variant again changes nothing.
pub fn subscribe(tx: &Connection, product_id: &ProductId, size: &str, color: &str, email: &str, now: i64) -> AppResult<Subscribed> {
    let picked = crate::stock::pick(tx, product_id, size, color)?;
    let message = format!("We'll e-mail {email} when it's back.");
    let exists: Option<i64> = tx
        .prepare_cached("SELECT 1 FROM stock_alerts WHERE variant_id = ?1 AND email = ?2")?
        .query_row(params![picked.variant_id, email], |r| r.get(0))
        .optional()?;
    if exists.is_some() {
        return Ok(Subscribed { message, created: false });
    }
    if picked.available > 0 {
        return Err(AppError::Conflict("This size is in stock: you can add it to your bag now.".into()));
    }
    let open: i64 = tx.prepare_cached("SELECT COUNT(*) FROM stock_alerts WHERE email = ?1")?.query_row([email], |r| r.get(0))?;
    if open >= MAX_OPEN_PER_ADDRESS {
        return Err(AppError::Conflict(format!(
            "This address already waits for {MAX_OPEN_PER_ADDRESS} items. We'll e-mail you as they come back."
        )));
    }
    tx.prepare_cached("INSERT INTO stock_alerts (variant_id, email, created_at) VALUES (?1, ?2, ?3)")?.execute(params![
        picked.variant_id,
        email,
        now
    ])?;
    Ok(Subscribed { message, created: true })
}

/// Whether any subscriber is due (read without the write lock: the idle worker's question).
pub fn any_due(conn: &Connection) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM stock_alerts WHERE due = 1)")?.query_row([], |r| r.get(0))
}

/// Writes one mail per due subscriber whose variant is still available and ends those
/// subscriptions; a variant that sold out again before this ran keeps its subscribers waiting for
/// the next time. Returns how many mails were written.
pub fn write_due_alerts(tx: &Connection, mailer: &Mailer) -> AppResult<usize> {
    tx.execute("UPDATE stock_alerts SET due = 0 WHERE due = 1 AND variant_id IN (SELECT id FROM variants WHERE stock = 0)", [])?;
    let due: Vec<(String, String, String, String, String, String)> = tx
        .prepare_cached(
            "SELECT a.variant_id, a.email, p.id, p.name, v.size, v.color
               FROM stock_alerts a JOIN variants v ON v.id = a.variant_id JOIN products p ON p.id = v.product_id
              WHERE a.due = 1",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?
        .collect::<Result<_, _>>()?;
    for (variant_id, email, product_id, name, size, color) in &due {
        let (subject, body) = back_in_stock_mail(mailer.shop_name(), mailer.public_url(), product_id, name, size, color);
        mailer.queue(tx, Mail { kind: "back_in_stock", to: email, subject: &subject, body: &body, unsubscribe: None })?;
        tx.prepare_cached("DELETE FROM stock_alerts WHERE variant_id = ?1 AND email = ?2")?.execute(params![variant_id, email])?;
    }
    Ok(due.len())
}

/// The product page's address with the size and colour chosen.
pub fn product_link(public_url: &str, product_id: &str, size: &str, color: &str) -> String {
    let mut query = Vec::new();
    for (key, value) in [("size", size), ("color", color)] {
        if !value.is_empty() {
            query.push(format!("{key}={}", encode(value)));
        }
    }
    let query = if query.is_empty() { String::new() } else { format!("?{}", query.join("&")) };
    format!("{public_url}/product/{}{query}", encode(product_id))
}

/// Percent-encodes everything but unreserved characters (RFC 3986), for a link's path or query.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

fn back_in_stock_mail(shop: &str, public_url: &str, product_id: &str, name: &str, size: &str, color: &str) -> (String, String) {
    let line = crate::stock::describe_line(name, (!size.is_empty()).then_some(size), (!color.is_empty()).then_some(color));
    let link = product_link(public_url, product_id, size, color);
    (
        format!("{shop}: {line} is back in stock"),
        format!(
            "Hello,\n\nGood news: {line} is back in stock. You asked us to tell you, so here it is — \
             sizes go quickly, so don't wait too long:\n\n{link}\n\nThis is the only e-mail we send about it.\n\n{shop}"
        ),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_carry_the_size_and_colour_encoded() {
        assert_eq!(
            super::product_link("https://s.ng", "oxford", "42", "Navy Blue"),
            "https://s.ng/product/oxford?size=42&color=Navy%20Blue"
        );
        assert_eq!(super::product_link("https://s.ng", "watch", "", ""), "https://s.ng/product/watch");
    }
}
