//! Shop content: the About Us page and the contact form.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::AppResult;
use crate::ids::UserId;
use crate::mail::Mailer;
use crate::media::Image;
use crate::media::upload::{ImageUpload, TextField, UploadSlot};

#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct About {
    pub title: String,
    pub description1: String,
    pub description2: String,
    pub image1: Option<Image>,
    pub image2: Option<Image>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The newest About Us page, if one was ever written.
pub fn latest_about(conn: &Connection) -> rusqlite::Result<Option<About>> {
    let image = |key: Option<String>| -> rusqlite::Result<Option<Image>> {
        match key {
            Some(key) => crate::media::load(conn, &key),
            None => Ok(None),
        }
    };
    conn.prepare_cached(
        "SELECT title, description1, description2, image1_key, image2_key, created_at, updated_at
         FROM about_pages ORDER BY created_at DESC, id DESC LIMIT 1",
    )?
    .query_row([], |r| {
        Ok(About {
            title: r.get("title")?,
            description1: r.get("description1")?,
            description2: r.get("description2")?,
            image1: image(r.get("image1_key")?)?,
            image2: image(r.get("image2_key")?)?,
            created_at: r.get("created_at")?,
            updated_at: r.get("updated_at")?,
        })
    })
    .optional()
}

/// The About Us page's words, checked.
pub struct AboutText {
    pub title: String,
    pub description1: String,
    pub description2: String,
}

/// Creates the About Us page when none exists (true), otherwise updates the newest one (false);
/// a new image replaces the old one, whose file goes when nothing else uses it.
pub fn write_about(
    tx: &Connection,
    media_root: &std::path::Path,
    text: &AboutText,
    (new1, new2): (Option<String>, Option<String>),
    user_id: &UserId,
    now: i64,
) -> AppResult<bool> {
    let AboutText { title, description1, description2 } = text;
    let existing: Option<(i64, Option<String>, Option<String>)> = tx
        .query_row("SELECT id, image1_key, image2_key FROM about_pages ORDER BY created_at DESC, id DESC LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .optional()?;
    let Some((id, old1, old2)) = existing else {
        tx.execute(
            "INSERT INTO about_pages (title, description1, description2, image1_key, image2_key, created_at, created_by, updated_at, updated_by)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6, ?7)",
            params![title, description1, description2, new1, new2, now, user_id],
        )?;
        return Ok(true);
    };
    tx.execute(
        "UPDATE about_pages SET title = ?2, description1 = ?3, description2 = ?4, image1_key = COALESCE(?5, image1_key),
         image2_key = COALESCE(?6, image2_key), updated_at = ?7, updated_by = ?8 WHERE id = ?1",
        params![id, title, description1, description2, new1, new2, now, user_id],
    )?;
    for (old, new) in [(old1, &new1), (old2, &new2)] {
        if let (Some(old), Some(new)) = (old, new)
            && old != *new
        {
            crate::media::release_if_unused(tx, media_root, &old)?;
        }
    }
    Ok(false)
}

/// Stores a contact-form message; when it is to be mailed now (rather than in the next digest,
/// or never without a mail server), queues the mail to the shop in the same transaction.
pub fn store_contact(tx: &Connection, mailer: &Mailer, email: &str, message: &str, mail_now: bool, now: i64) -> AppResult<()> {
    let waits_for_digest = mailer.has_smtp() && !mail_now;
    tx.execute(
        "INSERT INTO contact_messages (email, message, created_at, mailed) VALUES (?1, ?2, ?3, ?4)",
        params![email, message, now, !waits_for_digest],
    )?;
    if mail_now {
        let (shop, body) = (mailer.shop_address(), format!("A visitor wrote through the contact form.\n\nFrom: {email}\n\n{message}\n"));
        let subject = "New message from the contact form";
        mailer.queue(tx, crate::mail::Mail { kind: "contact", to: &shop, subject, body: &body, unsubscribe: None })?;
    }
    Ok(())
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub id: i64,
    pub email: String,
    pub message: String,
    pub created_at: i64,
}

/// The contact inbox, newest first, at most 500.
pub fn contact_messages(conn: &Connection) -> AppResult<Vec<ContactMessage>> {
    let mut stmt =
        conn.prepare("SELECT id, email, message, created_at FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT 500")?;
    let rows = stmt
        .query_map([], |r| Ok(ContactMessage { id: r.get(0)?, email: r.get(1)?, message: r.get(2)?, created_at: r.get(3)? }))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub const MAX_CONTACT_MESSAGE: usize = 5000;

/// Limits on the contact form, which anyone can post. One sender (an address, IPv6 by its /64)
/// may write a few messages an hour; the shop as a whole keeps accepting new senders, so a few
/// dozen addresses cannot close the form for everyone else. What bounds the inbox is the per-sender
/// limit and a generous storage cap for the day; that cap is shared out by network, so no one
/// network can spend it (an IPv6 /48 holds 65,536 /64s, each a sender): a site (IPv6 /48, IPv4
/// /24) may take 1 % of the day, a provider's block (IPv6 /32, IPv4 /16) 10 %. What bounds the
/// shop's mailbox is the mail cap, past which messages wait for an hourly digest.
pub struct ContactLimits {
    per_address: crate::auth::limits::RateLimiter,
    per_site: crate::auth::limits::RateLimiter,
    per_provider: crate::auth::limits::RateLimiter,
    stored_per_day: crate::auth::limits::RateLimiter,
    mails_per_day: crate::auth::limits::RateLimiter,
    last_digest: std::sync::Mutex<Option<std::time::Instant>>,
}

/// Messages stored in a day before the form refuses: about 50 MB of text at the most.
const STORED_PER_DAY: usize = 10_000;
/// A site's share of the day (IPv6 /48, IPv4 /24): far above what one office or home writes.
pub const SITE_SHARE: usize = STORED_PER_DAY / 100;
/// A provider block's share of the day (IPv6 /32, IPv4 /16).
pub const PROVIDER_SHARE: usize = STORED_PER_DAY / 10;
/// Messages mailed to the shop one by one each day; the rest wait for the digest.
const MAILS_PER_DAY: usize = 30;
const DIGEST_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

impl Default for ContactLimits {
    fn default() -> Self {
        let (hour, day) = (std::time::Duration::from_secs(3600), std::time::Duration::from_secs(86_400));
        ContactLimits {
            per_address: crate::auth::limits::RateLimiter::new(5, hour),
            per_site: crate::auth::limits::RateLimiter::new(SITE_SHARE, day),
            per_provider: crate::auth::limits::RateLimiter::new(PROVIDER_SHARE, day),
            stored_per_day: crate::auth::limits::RateLimiter::new(STORED_PER_DAY, day),
            mails_per_day: crate::auth::limits::RateLimiter::new(MAILS_PER_DAY, day),
            last_digest: std::sync::Mutex::new(None),
        }
    }
}

/// Whether a contact message is taken now, and how.
pub enum Admission {
    /// Stored, and mailed to the shop at once when `mail_now`.
    Taken { mail_now: bool },
    /// Refused: the message to show and how long to wait.
    Refused(&'static str, std::time::Duration),
}

impl ContactLimits {
    /// Counts a message from the sender at `address` (its per-address key) in `networks` (its
    /// site, then its provider's block) against every limit, narrowest first. `smtp` says whether
    /// the shop is mailed at all.
    pub fn admit(&self, address: &str, networks: &[String; 2], smtp: bool) -> Admission {
        let [site, provider] = networks;
        if let Err(wait) = self.per_address.try_acquire(address) {
            return Admission::Refused("You have sent several messages already. Please try again later.", wait);
        }
        let network = "Too many messages have come from your network today. Please try again tomorrow.";
        if let Err(wait) = self.per_site.try_acquire(site).and_then(|()| self.per_provider.try_acquire(provider)) {
            return Admission::Refused(network, wait);
        }
        if let Err(wait) = self.stored_per_day.try_acquire("shop") {
            return Admission::Refused("The shop cannot take more messages today. Please try again tomorrow.", wait);
        }
        // Mailed one by one while the day's mail cap lasts; past it the message waits for the digest.
        Admission::Taken { mail_now: smtp && self.mails_per_day.try_acquire("shop").is_ok() }
    }
}

/// At most once an hour, one mail to the shop about the contact messages that arrived past the
/// day's mail cap. Called by the background loop.
pub async fn send_contact_digest(db: &crate::db::Db, mailer: &crate::mail::Mailer, limits: &ContactLimits) -> AppResult<()> {
    if limits.last_digest.lock().unwrap().is_some_and(|at| at.elapsed() < DIGEST_EVERY) {
        return Ok(());
    }
    let mailer = mailer.clone();
    let sent = db
        .write(move |tx| {
            let rows: Vec<(i64, String, String)> = tx
                .prepare_cached("SELECT id, email, message FROM contact_messages WHERE mailed = 0 ORDER BY id")?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<_, _>>()?;
            if rows.is_empty() {
                return Ok(false);
            }
            tx.execute("UPDATE contact_messages SET mailed = 1 WHERE mailed = 0", [])?;
            // Marked mailed in the transaction that writes the digest to the outbox.
            let (subject, body) = digest(&rows);
            let to = mailer.shop_address();
            mailer.queue(tx, crate::mail::Mail { kind: "contact", to: &to, subject: &subject, body: &body, unsubscribe: None })?;
            Ok(true)
        })
        .await?;
    if sent {
        *limits.last_digest.lock().unwrap() = Some(std::time::Instant::now());
    }
    Ok(())
}

/// The digest's subject and text for the contact messages `waiting`.
fn digest(waiting: &[(i64, String, String)]) -> (String, String) {
    let mut body = format!(
        "{} more messages came through the contact form after today's {MAILS_PER_DAY} were mailed. They are all in the back office's inbox.\n",
        waiting.len()
    );
    for (_, email, message) in waiting.iter().take(20) {
        let first_line: String = message.lines().next().unwrap_or("").chars().take(120).collect();
        body.push_str(&format!("\n- {email}: {first_line}"));
    }
    if waiting.len() > 20 {
        body.push_str(&format!("\n… and {} more.", waiting.len() - 20));
    }
    (format!("{} new messages from the contact form", waiting.len()), body)
}
