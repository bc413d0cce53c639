//! Bag reminders: a checkout started and not paid (by a customer, or a guest who gave an e-mail)
//! gets one mail, the merchant's delay after it started, listing its items with a link back to the
//! bag — when the merchant has turned them on (Settings; off by default, as the spec's shop sends
//! nothing of the kind). At most one reminder per address in 7 days, never once the address has
//! paid for an order since, never to an address that unsubscribed; each carries a one-click
//! unsubscribe link (a token, no login) and a List-Unsubscribe header.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::mail::{Mail, Mailer};
use crate::money::format_naira;

const DAY_MS: i64 = 24 * 3600 * 1000;
/// The least time between two reminders to one address.
pub const QUIET_MS: i64 = 7 * DAY_MS;
/// Checkouts older than this are not reminded of (say, when reminders are first turned on).
const OLDEST_MS: i64 = 2 * DAY_MS;

/// The unsubscribe token of `email`, made the first time it is needed.
fn token_for(tx: &Connection, email: &str) -> rusqlite::Result<String> {
    tx.prepare_cached("INSERT INTO mail_recipients (email, token) VALUES (?1, ?2) ON CONFLICT (email) DO NOTHING")?
        .execute(params![email, crate::util::random_id(32)])?;
    tx.prepare_cached("SELECT token FROM mail_recipients WHERE email = ?1")?.query_row([email], |r| r.get(0))
}

/// Writes the reminders that are due at `now` into the outbox, each with its record, in the
/// caller's transaction. Returns how many.
pub fn write_due_reminders(tx: &Connection, mailer: &Mailer, now: i64) -> AppResult<usize> {
    let settings = crate::settings::load(tx)?;
    if !settings.bag_reminders {
        return Ok(0);
    }
    let started_before = now - settings.bag_reminder_hours * 3600 * 1000;
    // The newest unpaid checkout of each address that may hear from the shop now.
    let due: Vec<(String, String, String, String)> = tx
        .prepare_cached(
            "SELECT p.reference, lower(p.customer_email), p.customer_name, p.items FROM payments p
              WHERE p.status IN ('pending', 'failed', 'abandoned') AND p.customer_email LIKE '%@%'
                AND p.created_at <= ?1 AND p.created_at > ?2
                AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_reference = p.reference
                                    OR (lower(o.customer_email) = lower(p.customer_email) AND o.created_at >= p.created_at))
                AND NOT EXISTS (SELECT 1 FROM payments later WHERE lower(later.customer_email) = lower(p.customer_email)
                                    AND later.created_at > p.created_at)
                AND NOT EXISTS (SELECT 1 FROM bag_reminders b WHERE b.payment_reference = p.reference
                                    OR (b.email = lower(p.customer_email) AND b.sent_at > ?3))
                AND NOT EXISTS (SELECT 1 FROM mail_recipients m WHERE m.email = lower(p.customer_email)
                                    AND m.unsubscribed_at IS NOT NULL)
              ORDER BY p.created_at",
        )?
        .query_map(params![started_before, now - OLDEST_MS, now - QUIET_MS], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut written = 0;
    for (reference, email, name, items) in due {
        let items: Vec<crate::orders::OrderItem> = serde_json::from_str(&items).unwrap_or_default();
        let token = token_for(tx, &email)?;
        let unsubscribe = format!("{}/unsubscribe?token={token}", mailer.public_url());
        let (subject, body) = reminder_mail(&mailer.shop_name(), mailer.public_url(), &name, &items, &unsubscribe);
        let one_click = format!("{}/api/mail/unsubscribe?token={token}", mailer.public_url());
        mailer.queue(tx, Mail { kind: "bag_reminder", to: &email, subject: &subject, body: &body, unsubscribe: Some(&one_click) })?;
        tx.prepare_cached("INSERT INTO bag_reminders (payment_reference, email, sent_at) VALUES (?1, ?2, ?3)")?
            .execute(params![reference, email, now])?;
        written += 1;
    }
    Ok(written)
}

fn reminder_mail(shop: &str, public_url: &str, name: &str, items: &[crate::orders::OrderItem], unsubscribe: &str) -> (String, String) {
    let mut lines = String::new();
    for item in items {
        let line = crate::stock::describe_line(&item.name, item.size.as_deref(), item.color.as_deref());
        lines.push_str(&format!("- {line} × {}: {}\n", item.quantity, format_naira(item.price * item.quantity)));
    }
    let hello = name.split_whitespace().next().unwrap_or("there");
    (
        format!("{shop}: your bag is waiting"),
        format!(
            "Hello {hello},\n\nYou started a checkout at {shop} and didn't finish paying. Your bag:\n\n{lines}\n\
             Pick up where you left off: {public_url}/mybag\n\nPrices and stock may have changed since; the bag shows them as they are now.\n\n\
             {shop}\n\nDon't want these reminders? Unsubscribe: {unsubscribe}\n"
        ),
    )
}

/// Unsubscribes the address of `token` from reminders. Returns the address.
pub fn unsubscribe(tx: &Connection, token: &str, now: i64) -> AppResult<String> {
    tx.prepare_cached("UPDATE mail_recipients SET unsubscribed_at = COALESCE(unsubscribed_at, ?2) WHERE token = ?1 RETURNING email")?
        .query_row(params![token, now], |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::NotFound("This unsubscribe link is not valid.".into()))
}

/// Reminders sent since `since`, and how many of them an order followed within 7 days.
#[derive(Serialize, utoipa::ToSchema, Debug, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReminderFigures {
    pub sent: i64,
    pub followed_by_order: i64,
}

pub fn figures(conn: &Connection, since: i64) -> rusqlite::Result<ReminderFigures> {
    conn.prepare_cached(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM orders o WHERE lower(o.customer_email) = b.email AND o.created_at >= b.sent_at AND o.created_at < b.sent_at + ?2))
           FROM bag_reminders b WHERE b.sent_at >= ?1",
    )?
    .query_row(params![since, QUIET_MS], |r| Ok(ReminderFigures { sent: r.get(0)?, followed_by_order: r.get(1)? }))
}
