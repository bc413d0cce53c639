//! Outgoing mail that is never lost. Whatever causes a mail (an order, a refund, a reset, a
//! back-in-stock alert…) writes it to the `mail_outbox` table with [`Mailer::queue`] inside the
//! transaction of that change, so the mail exists exactly when the change does. The mail worker
//! ([`outbox`]) sends it through SMTP when `ANKARA_SMTP_URL` is set, otherwise as one file per
//! message in the data directory's outbox folder (what the demo and the tests read), retrying with
//! backoff, and marks it sent.

pub mod outbox;
pub mod paid;
pub mod providers;
pub mod routes;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{Message, SmtpTransport, Transport};
use rusqlite::{Connection, named_params};

use crate::error::AppResult;

/// How long one SMTP conversation may take; well under the worker's claim on a mail
/// ([`outbox::CLAIM_MS`]), so a slow server never lets a second worker take the same mail.
const SMTP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// How the worker retries a mail the server refused or could not take.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    /// The wait after the first failed attempt; each next wait doubles, up to an hour.
    pub first_ms: i64,
    /// Attempts before the mail counts as failed for good (then the owner may retry it).
    pub attempts: i64,
    /// A claim's length set by the operator (tests), instead of the computed one.
    pub claim_ms: Option<i64>,
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    /// The shop's name and logo (its published identity, `brand`, which the back office changes
    /// while the shop runs) and public address, which every mail's sender and text name and link to.
    shop: Arc<std::sync::RwLock<Sign>>,
    public_url: String,
    outbox: PathBuf,
    smtp: Option<SmtpTransport>,
    pub retry: Retry,
    /// Wakes the worker when a mail is queued (it also looks on its own a few times a second).
    wake: Arc<tokio::sync::Notify>,
    /// Mails waiting to be sent, as the worker last counted them (the `ankara_mail_queue` gauge).
    pending: Arc<AtomicUsize>,
    /// When a mail is due and when it was tried: the shop's clock.
    pub clock: crate::clock::Clock,
    /// Where SMS and WhatsApp messages in the same outbox go (a provider, or the sandbox's files).
    pub providers: providers::Providers,
}

/// The shop as the head of every mail shows it: its logo, or its name alone without one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sign {
    pub name: String,
    /// The logo's absolute address (mail is read far from the shop: a relative one would not load).
    pub logo_url: Option<String>,
}

/// An SMS or WhatsApp message to write to the outbox.
pub struct OutboxMessage<'a> {
    /// "sms" or "whatsapp".
    pub channel: &'a str,
    /// E.164.
    pub to: &'a str,
    /// "Order #K7M2QX9A: placed", for the back office.
    pub subject: &'a str,
    /// The SMS's text, or the JSON of a [`providers::WhatsAppBody`].
    pub body: &'a str,
    /// The order it is about, and the event ("placed", "out_for_delivery"…).
    pub order_id: &'a str,
    pub event: &'a str,
}

/// A mail to write to the outbox.
pub struct Mail<'a> {
    /// What it is about, for the back office ("order", "refund", "reset", "back_in_stock"…).
    pub kind: &'a str,
    pub to: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    /// A one-click unsubscribe URL (List-Unsubscribe), for mail the shopper did not ask for.
    pub unsubscribe: Option<&'a str>,
}

impl Mailer {
    pub fn new(config: &crate::config::Config) -> Result<Mailer, String> {
        let from: Mailbox = format!("{} <{}>", config.shop_name, config.shop_email)
            .parse()
            .map_err(|e| format!("ANKARA_SHOP_EMAIL cannot be used as a sender: {e}"))?;
        let smtp = match &config.smtp_url {
            Some(url) => Some(
                SmtpTransport::from_url(url)
                    .map_err(|e| format!("ANKARA_SMTP_URL is not usable: {e}"))?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build(),
            ),
            None => None,
        };
        let outbox = config.data_dir.join("outbox");
        std::fs::create_dir_all(&outbox).map_err(|e| format!("cannot create {}: {e}", outbox.display()))?;
        // The start-up name until `set_shop_name` gives the published one (app::prepare).
        let shop = Arc::new(std::sync::RwLock::new(Sign { name: config.shop_name.clone(), logo_url: None }));
        let public_url = config.public_url().to_string();
        let retry = Retry {
            first_ms: config.mail_retry_ms as i64,
            attempts: config.mail_attempts.max(1) as i64,
            claim_ms: config.mail_claim_ms.map(|ms| ms as i64),
        };
        Ok(Mailer {
            from,
            shop,
            public_url,
            outbox,
            smtp,
            retry,
            wake: Arc::default(),
            pending: Arc::default(),
            clock: config.clock.clone(),
            providers: providers::Providers::new(config),
        })
    }

    pub fn outbox(&self) -> &std::path::Path {
        &self.outbox
    }

    pub fn has_smtp(&self) -> bool {
        self.smtp.is_some()
    }

    pub fn shop_name(&self) -> String {
        self.sign().name
    }

    /// The name and logo mails carry now.
    pub fn sign(&self) -> Sign {
        self.shop.read().expect("the shop's name").clone()
    }

    /// The name and logo mails carry from now on (a published identity).
    pub fn set_shop(&self, name: &str, logo: Option<&crate::media::Image>) {
        let logo_url = logo.map(|logo| format!("{}{}", self.public_url, logo.url));
        *self.shop.write().expect("the shop's name") = Sign { name: name.to_string(), logo_url };
    }

    /// The sender: the shop's name now and its address.
    fn sender(&self) -> Mailbox {
        Mailbox::new(Some(self.shop_name()), self.from.email.clone())
    }

    /// The shop's public URL, for links in mails.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    pub fn shop_address(&self) -> String {
        self.from.email.to_string()
    }

    /// Writes `mail` to the outbox inside the caller's transaction: it is sent once that commits,
    /// and never if it rolls back. A blank address (an order taken in a chat without one) writes
    /// nothing. Returns the outbox row.
    pub fn queue(&self, tx: &Connection, mail: Mail) -> AppResult<Option<i64>> {
        if mail.to.trim().is_empty() {
            return Ok(None);
        }
        let domain = self.from.email.domain().to_string();
        let now = self.clock.now_ms();
        let message_id = format!("<{now}.{}@{domain}>", crate::util::random_id(16));
        let id = tx
            .prepare_cached(
                "INSERT INTO mail_outbox (message_id, kind, to_addr, subject, body, unsubscribe, next_at, created_at)
                 VALUES (:message_id, :kind, :to, :subject, :body, :unsubscribe, :now, :now) RETURNING id",
            )?
            .query_row(
                named_params! {
                    ":message_id": message_id, ":kind": mail.kind, ":to": mail.to.trim(), ":subject": mail.subject,
                    ":body": mail.body, ":unsubscribe": mail.unsubscribe, ":now": now,
                },
                |r| r.get(0),
            )?;
        self.wake.notify_one();
        Ok(Some(id))
    }

    /// Tells the worker something was queued.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Writes an SMS or WhatsApp message (see `messages`) to the outbox inside the caller's
    /// transaction, like [`Mailer::queue`]: the same worker sends it, with the same claim and
    /// retries. Returns the outbox row.
    pub fn queue_message(&self, tx: &Connection, message: OutboxMessage) -> AppResult<i64> {
        let now = self.clock.now_ms();
        let message_id = format!("<{now}.{}@messages>", crate::util::random_id(16));
        let id = tx
            .prepare_cached(
                "INSERT INTO mail_outbox (message_id, kind, to_addr, subject, body, next_at, created_at, channel, order_id, event)
                 VALUES (:message_id, 'order_message', :to, :subject, :body, :now, :now, :channel, :order, :event) RETURNING id",
            )?
            .query_row(
                named_params! {
                    ":message_id": message_id, ":to": message.to, ":subject": message.subject, ":body": message.body, ":now": now,
                    ":channel": message.channel, ":order": message.order_id, ":event": message.event,
                },
                |r| r.get(0),
            )?;
        self.wake.notify_one();
        Ok(id)
    }

    /// Mails waiting to be sent (pending in the outbox), as last counted.
    pub fn queued(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// Sends one outbox message. Blocking (SMTP or disk): call it on the blocking pool. An error
    /// is the reason, as the back office shows it.
    fn deliver(&self, mail: &outbox::Claimed) -> Result<(), String> {
        let to_box: Mailbox = mail.to.parse().map_err(|e| format!("the address {} cannot be mailed: {e}", mail.to))?;
        let mut builder =
            Message::builder().from(self.sender()).to(to_box).subject(mail.subject.as_str()).message_id(Some(mail.message_id.clone()));
        if let Some(url) = &mail.unsubscribe {
            builder = builder
                .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
                .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click".into()));
        }
        // The text as it is, and beside it an HTML version headed by the shop's logo.
        let html = html_body(&self.sign(), &mail.body);
        let message = builder
            .multipart(MultiPart::alternative_plain_html(mail.body.clone(), html))
            .map_err(|e| format!("the message cannot be built: {e}"))?;
        match &self.smtp {
            Some(smtp) => {
                smtp.send(&message).map_err(|e| format!("the mail server did not take it: {e}"))?;
                tracing::info!(to = %mail.to, subject = %mail.subject, "mail sent");
            }
            None => {
                // Plain text rather than MIME, so links stay whole for whoever opens the file. The
                // name is the outbox row's, so a second write of the same mail replaces the first.
                let path = self.outbox.join(format!("{:013}-{:09}.txt", mail.created_at, mail.id));
                let unsubscribe = mail.unsubscribe.as_deref().map(|u| format!("List-Unsubscribe: <{u}>\n")).unwrap_or_default();
                let text = format!(
                    "From: {}\nTo: {}\nSubject: {}\nMessage-ID: {}\n{unsubscribe}\n{}\n",
                    self.sender(),
                    mail.to,
                    mail.subject,
                    mail.message_id,
                    mail.body
                );
                std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                tracing::info!(to = %mail.to, subject = %mail.subject, file = %path.display(), "mail written to a file (no SMTP configured)");
            }
        }
        Ok(())
    }
}

/// A mail's HTML version: the shop's logo (its name as the picture's text) or, without a logo, its
/// name, over the mail's text with its line breaks kept and its web addresses as links.
pub fn html_body(sign: &Sign, text: &str) -> String {
    let name = crate::util::escape_markup(&sign.name);
    let head = match &sign.logo_url {
        Some(url) => format!(
            "<img src=\"{}\" alt=\"{name}\" height=\"48\" style=\"height:48px;width:auto;border:0\">",
            crate::util::escape_markup(url)
        ),
        None => format!("<strong style=\"font-size:20px\">{name}</strong>"),
    };
    let body: Vec<String> = text
        .split(' ')
        .map(|word| match word.find("https://").or_else(|| word.find("http://")) {
            Some(0) => {
                let end = word.find(char::is_whitespace).unwrap_or(word.len());
                let (link, rest) = word.split_at(end);
                let link = crate::util::escape_markup(link);
                format!("<a href=\"{link}\">{link}</a>{}", crate::util::escape_markup(rest))
            }
            _ => crate::util::escape_markup(word),
        })
        .collect();
    format!(
        "<!doctype html><html><body style=\"margin:0;padding:16px;font-family:Arial,sans-serif;color:#1b1f3b\">\
         <p style=\"margin:0 0 16px\">{head}</p><div style=\"white-space:pre-wrap;line-height:1.5\">{}</div></body></html>",
        body.join(" ")
    )
}

/// Sends one mail now through the mail server at `smtp_url`, bypassing the outbox: the back
/// office's "send me a test mail", so the owner learns at once whether the server takes mail from
/// the shop (its answer, when it refuses, is the error). Blocking: run it on the blocking pool.
pub fn send_test(smtp_url: &str, from: &str, shop_name: &str, to: &str) -> Result<(), String> {
    let from: Mailbox = format!("{shop_name} <{from}>").parse().map_err(|e| format!("the shop's e-mail {from} cannot send mail: {e}"))?;
    let to_box: Mailbox = to.parse().map_err(|e| format!("the address {to} cannot be mailed: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to_box)
        .subject(format!("{shop_name}: test mail"))
        .header(ContentType::TEXT_PLAIN)
        .body(format!("This is the test mail you asked for from {shop_name}'s back office. Mail from the shop reaches you.\n"))
        .map_err(|e| format!("the message cannot be built: {e}"))?;
    let smtp = SmtpTransport::from_url(smtp_url)
        .map_err(|e| format!("the mail server's address cannot be used: {e}"))?
        .timeout(Some(SMTP_TIMEOUT))
        .build();
    smtp.send(&message).map_err(|e| format!("the mail server did not take it: {e}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_html_version_is_headed_by_the_logo_or_the_name_alone() {
        let text = "Thank you for your order #K7M2QX9A.\nTrack it: https://shop.ng/track?order=K7M2QX9A <3";
        let with_logo =
            html_body(&Sign { name: "Funke's \"Closet\"".into(), logo_url: Some("https://shop.ng/media/brand/abc-512.png".into()) }, text);
        assert!(
            with_logo.contains("<img src=\"https://shop.ng/media/brand/abc-512.png\" alt=\"Funke&#39;s &quot;Closet&quot;\" height=\"48\""),
            "{with_logo}"
        );
        assert!(with_logo.contains("<a href=\"https://shop.ng/track?order=K7M2QX9A\">https://shop.ng/track?order=K7M2QX9A</a> &lt;3"));
        assert!(with_logo.contains("order #K7M2QX9A.\nTrack it:"), "line breaks kept (pre-wrap)");
        let name_only = html_body(&Sign { name: "Funke</p><script>".into(), logo_url: None }, "Hi");
        assert!(name_only.contains("<strong style=\"font-size:20px\">Funke&lt;/p&gt;&lt;script&gt;</strong>"), "{name_only}");
        assert!(!name_only.contains("<img"));
    }
}
