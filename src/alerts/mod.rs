//! Bringing shoppers back (issue 25 §4): "E-mail me when it's back" on a sold-out size or colour,
//! and the bag reminder for a checkout started and not paid.
//!
//! Back in stock: a subscription is one row per address and variant. It counts once the address
//! has confirmed it (the link mailed to it; a signed-in customer's own address needs none), so
//! nobody can have the shop mail a stranger. A trigger on `variants.stock` (migration 0013) marks
//! a variant's subscribers due in the very transaction that takes it from 0 to more — whichever
//! route that is: the admin's edit, a stock import (even from the merchant's command in another
//! process), a refund or cancellation putting units back, a hold given back. The mail worker then
//! writes one mail per address and product into the outbox — at most one a day, however often the
//! stock comes and goes — and ends those subscriptions, in one transaction ([`write_due_alerts`]).

pub mod reminders;
pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::{ProductId, UserId};
use crate::mail::{Mail, Mailer};

/// Open subscriptions one address may have at once (every size of every product it wants).
const MAX_OPEN_PER_ADDRESS: i64 = 50;
/// Confirmation mails one address may be sent a day (each asks before anything else is sent).
const CONFIRMATIONS_PER_DAY: i64 = 3;
/// How long a confirmation link works; unconfirmed subscriptions go after it.
const CONFIRM_WITHIN_MS: i64 = 7 * DAY_MS;
const DAY_MS: i64 = 24 * 3_600_000;

/// What subscribing did.
#[derive(Serialize, utoipa::ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Subscribed {
    pub message: String,
    /// False when this address already waited for this variant (nothing changed).
    pub created: bool,
    /// False while the address has not confirmed it yet (a link was mailed to it).
    pub confirmed: bool,
}

/// Subscribes `email` to the variant of `product_id` in `size` and `color` ("" for none). Only a
/// sold-out variant can be waited for; the same address and variant again changes nothing. The
/// subscription counts at once when `asker` (the signed-in customer asking) has this address;
/// otherwise a link to confirm it is mailed to the address (a few a day at most).
pub fn subscribe(
    tx: &Connection,
    mailer: &Mailer,
    product_id: &ProductId,
    (size, color): (&str, &str),
    email: &str,
    asker: Option<&UserId>,
    now: i64,
) -> AppResult<Subscribed> {
    let own = match asker {
        Some(user) => tx
            .prepare_cached("SELECT email = ?2 COLLATE NOCASE FROM users WHERE id = ?1 AND guest = 0")?
            .query_row(params![user, email], |r| r.get(0))
            .optional()?
            .unwrap_or(false),
        None => false,
    };
    tx.prepare_cached("DELETE FROM stock_alerts WHERE confirmed_at IS NULL AND created_at < ?1")?.execute([now - CONFIRM_WITHIN_MS])?;
    let picked = crate::stock::pick(tx, product_id, size, color)?;
    let waiting = format!("We'll e-mail {email} when it's back.");
    let check_mail = format!("Please confirm: we've sent a link to {email}. Once you open it, we'll e-mail you when it's back.");
    let exists: Option<Option<i64>> = tx
        .prepare_cached("SELECT confirmed_at FROM stock_alerts WHERE variant_id = ?1 AND email = ?2")?
        .query_row(params![picked.variant_id, email], |r| r.get(0))
        .optional()?;
    match exists {
        Some(None) if own => {
            tx.prepare_cached("UPDATE stock_alerts SET confirmed_at = ?3 WHERE variant_id = ?1 AND email = ?2")?.execute(params![
                picked.variant_id,
                email,
                now
            ])?;
            return Ok(Subscribed { message: waiting, created: false, confirmed: true });
        }
        Some(None) => return Ok(Subscribed { message: check_mail, created: false, confirmed: false }),
        Some(Some(_)) => return Ok(Subscribed { message: waiting, created: false, confirmed: true }),
        None => {}
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
    if own {
        tx.prepare_cached("INSERT INTO stock_alerts (variant_id, email, created_at, confirmed_at) VALUES (?1, ?2, ?3, ?3)")?
            .execute(params![picked.variant_id, email, now])?;
        return Ok(Subscribed { message: waiting, created: true, confirmed: true });
    }
    let mailed_today: i64 = tx
        .prepare_cached("SELECT COUNT(*) FROM stock_alerts WHERE email = ?1 AND confirm_sent_at > ?2")?
        .query_row(params![email, now - DAY_MS], |r| r.get(0))?;
    if mailed_today >= CONFIRMATIONS_PER_DAY {
        return Err(AppError::TooManyRequests(
            "We've already sent this address several links to confirm today. Please open one of them, or try again tomorrow.".into(),
            std::time::Duration::from_secs(3600),
        ));
    }
    let token = crate::util::random_id(32);
    tx.prepare_cached("INSERT INTO stock_alerts (variant_id, email, created_at, token, confirm_sent_at) VALUES (?1, ?2, ?3, ?4, ?3)")?
        .execute(params![picked.variant_id, email, now, token])?;
    let (name, size, color): (String, String, String) = tx
        .prepare_cached("SELECT p.name, v.size, v.color FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ?1")?
        .query_row([&picked.variant_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    let line = crate::stock::describe_line(&name, (!size.is_empty()).then_some(&size[..]), (!color.is_empty()).then_some(&color[..]));
    let (subject, body) = confirm_mail(&mailer.shop_name(), mailer.public_url(), &line, &token);
    mailer.queue(tx, Mail { kind: "back_in_stock_confirm", to: email, subject: &subject, body: &body, unsubscribe: None })?;
    Ok(Subscribed { message: check_mail, created: true, confirmed: false })
}

/// The mail asking an address to confirm a subscription.
fn confirm_mail(shop: &str, public_url: &str, line: &str, token: &str) -> (String, String) {
    (
        format!("{shop}: confirm your back-in-stock alert"),
        format!(
            "Hello,\n\nSomeone — we hope you — asked us to e-mail this address when {line} comes back in stock. \
             To have that e-mail, confirm here within 7 days:\n\n{public_url}/alerts/confirm?token={token}\n\n\
             If it wasn't you, ignore this e-mail: we will send nothing more about it.\n\n{shop}"
        ),
    )
}

/// Confirms the subscription of a mailed link's `token` (opening it twice is fine). The link
/// works for 7 days.
pub fn confirm(tx: &Connection, token: &str, now: i64) -> AppResult<Subscribed> {
    let found: Option<(String, Option<i64>, i64)> = tx
        .prepare_cached("SELECT email, confirmed_at, created_at FROM stock_alerts WHERE token = ?1")?
        .query_row([token], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let expired = || AppError::NotFound("This link has expired or was already used. You can ask again on the product's page.".into());
    let (email, confirmed_at, created_at) = found.ok_or_else(expired)?;
    if confirmed_at.is_none() {
        if created_at < now - CONFIRM_WITHIN_MS {
            return Err(expired());
        }
        tx.prepare_cached("UPDATE stock_alerts SET confirmed_at = ?2 WHERE token = ?1")?.execute(params![token, now])?;
    }
    Ok(Subscribed { message: format!("Confirmed: we'll e-mail {email} when it's back."), created: false, confirmed: true })
}

/// Due subscribers that may be mailed now: confirmed, and their address not mailed about the
/// product in the last day.
const DUE: &str = "a.due = 1 AND a.confirmed_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM back_in_stock_sent s JOIN variants sv ON sv.product_id = s.product_id
                    WHERE sv.id = a.variant_id AND s.email = a.email AND s.sent_at > ?1)";

/// Whether any subscriber may be mailed (read without the write lock: the idle worker's question).
pub fn any_due(conn: &Connection, now: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(&format!("SELECT EXISTS (SELECT 1 FROM stock_alerts a WHERE {DUE})"))?.query_row([now - DAY_MS], |r| r.get(0))
}

/// Writes one mail per address and product for the due subscribers whose variant is still
/// available (naming each size and colour that is back) and ends those subscriptions; a variant
/// that sold out again before this ran keeps its subscribers waiting for the next time, and an
/// address mailed about the product in the last day waits for the day to pass. Returns how many
/// mails were written.
pub fn write_due_alerts(tx: &Connection, mailer: &Mailer, now: i64) -> AppResult<usize> {
    tx.execute("UPDATE stock_alerts SET due = 0 WHERE due = 1 AND variant_id IN (SELECT id FROM variants WHERE stock = 0)", [])?;
    let due: Vec<(String, String, String, String, String, String)> = tx
        .prepare_cached(&format!(
            "SELECT a.variant_id, a.email, p.id, p.name, v.size, v.color
               FROM stock_alerts a JOIN variants v ON v.id = a.variant_id JOIN products p ON p.id = v.product_id
              WHERE {DUE} ORDER BY a.email, p.id, v.size, v.color"
        ))?
        .query_map([now - DAY_MS], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?
        .collect::<Result<_, _>>()?;
    let mut mails = 0;
    for group in due.chunk_by(|a, b| (&a.1, &a.2) == (&b.1, &b.2)) {
        let (_, email, product_id, name, _, _) = &group[0];
        let lines: Vec<(&str, &str)> = group.iter().map(|(_, _, _, _, size, color)| (size.as_str(), color.as_str())).collect();
        let (subject, body) = back_in_stock_mail(&mailer.shop_name(), mailer.public_url(), product_id, name, &lines);
        mailer.queue(tx, Mail { kind: "back_in_stock", to: email, subject: &subject, body: &body, unsubscribe: None })?;
        tx.prepare_cached(
            "INSERT INTO back_in_stock_sent (email, product_id, sent_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (email, product_id) DO UPDATE SET sent_at = excluded.sent_at",
        )?
        .execute(params![email, product_id, now])?;
        for (variant_id, ..) in group {
            tx.prepare_cached("DELETE FROM stock_alerts WHERE variant_id = ?1 AND email = ?2")?.execute(params![variant_id, email])?;
        }
        mails += 1;
    }
    Ok(mails)
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

fn back_in_stock_mail(shop: &str, public_url: &str, product_id: &str, name: &str, lines: &[(&str, &str)]) -> (String, String) {
    let described: Vec<(String, String)> = lines
        .iter()
        .map(|(size, color)| {
            let line = crate::stock::describe_line(name, (!size.is_empty()).then_some(*size), (!color.is_empty()).then_some(*color));
            (line, product_link(public_url, product_id, size, color))
        })
        .collect();
    let subject = match described.as_slice() {
        [(line, _)] => format!("{shop}: {line} is back in stock"),
        _ => format!("{shop}: {name} is back in stock"),
    };
    let list: String = described.iter().map(|(line, link)| format!("{line}:\n{link}\n\n")).collect();
    (
        subject,
        format!(
            "Hello,\n\nGood news: it's back in stock. You asked us to tell you, so here it is — \
             sizes go quickly, so don't wait too long:\n\n{list}This is the only e-mail we send about it.\n\n{shop}"
        ),
    )
}

/// Whether `email` already waits for the variant of `product_id` in `(size, color)`.
pub fn is_waiting(conn: &Connection, product_id: &ProductId, (size, color): (&str, &str), email: &str) -> AppResult<bool> {
    let picked = crate::stock::pick(conn, product_id, size, color)?;
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM stock_alerts WHERE variant_id = ?1 AND email = ?2)",
        params![picked.variant_id, email],
        |r| r.get::<_, bool>(0),
    )?)
}

/// The per-address and per-client limits on anonymous subscriptions.
pub struct AlertLimits {
    pub per_email: crate::auth::limits::RateLimiter,
    pub per_client: crate::auth::limits::RateLimiter,
}

impl Default for AlertLimits {
    fn default() -> AlertLimits {
        let hour = std::time::Duration::from_secs(3600);
        AlertLimits {
            per_email: crate::auth::limits::RateLimiter::new(10, hour),
            per_client: crate::auth::limits::RateLimiter::new(30, hour),
        }
    }
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
