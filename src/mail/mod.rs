//! Outgoing mail: through SMTP when `ANKARA_SMTP_URL` is set, otherwise one file per message in
//! the data directory's outbox (what the demo and the tests read) plus a log line.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{Message, SmtpTransport, Transport};

use crate::error::{AppError, AppResult};

/// Messages counted into the queue gauge; whatever was not sent leaves it when this is dropped,
/// however the sending ends (finished, panicked, or never run).
struct Waiting {
    queued: Arc<AtomicUsize>,
    left: usize,
}

impl Waiting {
    fn add(queued: &Arc<AtomicUsize>, count: usize) -> Waiting {
        queued.fetch_add(count, Ordering::Relaxed);
        Waiting { queued: queued.clone(), left: count }
    }

    fn done_one(&mut self) {
        self.left -= 1;
        self.queued.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.queued.fetch_sub(self.left, Ordering::Relaxed);
    }
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    /// The shop's name and public address, which every mail's text names and links to.
    shop_name: String,
    public_url: String,
    outbox: PathBuf,
    smtp: Option<SmtpTransport>,
    /// Messages handed to `send_in_background` and not yet sent (or failed).
    queued: Arc<AtomicUsize>,
}

impl Mailer {
    pub fn new(config: &crate::config::Config) -> Result<Mailer, String> {
        let from: Mailbox = format!("{} <{}>", config.shop_name, config.shop_email)
            .parse()
            .map_err(|e| format!("ANKARA_SHOP_EMAIL cannot be used as a sender: {e}"))?;
        let smtp = match &config.smtp_url {
            Some(url) => Some(SmtpTransport::from_url(url).map_err(|e| format!("ANKARA_SMTP_URL is not usable: {e}"))?.build()),
            None => None,
        };
        let outbox = config.data_dir.join("outbox");
        std::fs::create_dir_all(&outbox).map_err(|e| format!("cannot create {}: {e}", outbox.display()))?;
        let (shop_name, public_url) = (config.shop_name.clone(), config.public_url().to_string());
        Ok(Mailer { from, shop_name, public_url, outbox, smtp, queued: Arc::default() })
    }

    pub fn outbox(&self) -> &std::path::Path {
        &self.outbox
    }

    pub fn has_smtp(&self) -> bool {
        self.smtp.is_some()
    }

    pub fn shop_name(&self) -> &str {
        &self.shop_name
    }

    /// The shop's public URL, for links in mails.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    pub fn shop_address(&self) -> String {
        self.from.email.to_string()
    }

    /// Sends (to, subject, body) messages on the blocking pool without making the caller wait;
    /// failures are logged. For notices whose delay or loss must not hold up a request.
    pub fn send_in_background(&self, messages: Vec<(String, String, String)>) {
        let mailer = self.clone();
        let mut waiting = Waiting::add(&self.queued, messages.len());
        actix_web::rt::spawn(async move {
            let _ = actix_web::web::block(move || {
                for (to, subject, body) in messages {
                    // An order taken in a chat may have no e-mail address.
                    if to.trim().is_empty() {
                        waiting.done_one();
                        continue;
                    }
                    if let Err(e) = mailer.send(&to, &subject, &body) {
                        log::warn!("mail to {to} ({subject}) not sent: {e}");
                    }
                    waiting.done_one();
                }
            })
            .await;
        });
    }

    /// Messages waiting to be sent in the background.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Sends a plain-text message. Blocking (SMTP or disk): call it on the blocking pool.
    pub fn send(&self, to: &str, subject: &str, body: &str) -> AppResult<()> {
        let to_box: Mailbox = to.parse().map_err(|_| AppError::Validation("Invalid email address.".into()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to_box)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(AppError::internal)?;
        match &self.smtp {
            Some(smtp) => {
                smtp.send(&message).map_err(|e| AppError::Upstream(format!("The e-mail could not be sent: {e}")))?;
                log::info!("mail sent to {to}: {subject}");
            }
            None => {
                // Plain text rather than MIME, so links stay whole for whoever opens the file.
                let name = format!("{}-{}.txt", crate::db::now_ms(), crate::util::random_id(8));
                let path = self.outbox.join(name);
                let text = format!("From: {}\nTo: {to}\nSubject: {subject}\n\n{body}\n", self.from);
                std::fs::write(&path, text)?;
                log::info!("mail to {to}: {subject} (no SMTP configured; written to {})", path.display());
            }
        }
        Ok(())
    }
}
