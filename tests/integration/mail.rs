//! Mail that is never lost (issue 25 §5): every mail is written to the outbox in the transaction
//! of the change that causes it, and the worker sends it to a real SMTP server (Python's aiosmtpd,
//! tests/smtp/sink.py), retrying with backoff, exactly once per message, also when the server goes
//! away in the middle of a burst of checkouts or when two workers race.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::{Browser, TestApp, spawn_with};
use crate::payments::{add_catalogue, details};
use serde_json::{Value, json};

/// Python's aiosmtpd on a fixed port, keeping every message it accepts as a file in `folder`.
pub(crate) struct SmtpSink {
    pub port: u16,
    pub folder: PathBuf,
    child: Option<Child>,
}

impl SmtpSink {
    /// A sink on a free port, not started yet (the shop's mail then cannot get through).
    pub fn new(folder: &Path) -> SmtpSink {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        SmtpSink { port, folder: folder.to_path_buf(), child: None }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn start(&mut self) {
        use std::io::BufRead;
        let script = crate::common::in_repo("tests/smtp/sink.py");
        let mut child = Command::new("python3")
            .arg(script)
            .args([&self.port.to_string(), self.folder.to_str().unwrap()])
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 with aiosmtpd (pip install aiosmtpd)");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "ready", "the SMTP sink did not start (is aiosmtpd installed?)");
        self.child = Some(child);
    }

    /// Stops the server at once (SIGKILL): connections are refused until it starts again.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    pub fn messages(&self) -> Vec<String> {
        let Ok(dir) = std::fs::read_dir(&self.folder) else { return Vec::new() };
        dir.filter_map(|e| e.ok())
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .collect()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A message's Message-ID header.
pub(crate) fn message_id(mail: &str) -> String {
    mail.lines().find_map(|l| l.strip_prefix("Message-ID: ")).unwrap_or_default().trim().to_string()
}

pub(crate) async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..1500 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting until {what}");
}

/// A shop mailing through `smtp`, retrying every `retry_ms` (doubling) up to `attempts` times.
async fn shop(smtp: &SmtpSink, retry_ms: u64, attempts: u64) -> TestApp {
    let url = smtp.url();
    let app = spawn_with(move |c| {
        c.no_demo = true;
        c.smtp_url = Some(url);
        c.mail_retry_ms = retry_ms;
        c.mail_attempts = attempts;
        c.reconcile_secs = 3_600;
        c.signups_per_hour = 500;
        c.checkouts_per_address = 500;
    })
    .await;
    add_catalogue(&app);
    app.sql("UPDATE variants SET stock = 1000");
    app
}

/// A new customer buys one watch through the sandbox; returns the order's number.
async fn buy(app: &TestApp, n: usize) -> String {
    let shopper: Browser = app.browser();
    shopper.signup("Ada Obi", &format!("buyer{n}@example.com"), "secret1").await;
    shopper.post_json("/api/bag", json!({"productId": "chrono"})).await;
    let (status, started) = shopper.post_json("/api/checkout", details()).await;
    assert_eq!(status, 201, "{started}");
    let code = started["accessCode"].as_str().unwrap();
    shopper.post_json(&format!("/api/sandbox/checkout/{code}"), json!({"outcome": "success"})).await;
    let (_, done) = shopper.post_json("/api/payments/verify", json!({"reference": started["reference"]})).await;
    assert_eq!(done["data"]["success"], true, "{done}");
    done["data"]["order"]["number"].as_str().unwrap().to_string()
}

fn outbox_rows(app: &TestApp, filter: &str) -> i64 {
    app.query_i64(&format!("SELECT COUNT(*) FROM mail_outbox WHERE {filter}"))
}

#[actix_web::test]
async fn mail_is_written_with_the_change_that_causes_it_or_not_at_all() {
    let folder = tempfile::tempdir().unwrap();
    let smtp = SmtpSink::new(folder.path()); // never started: nothing can be sent
    let app = shop(&smtp, 60_000, 5).await;

    // A change that rolls back takes its mail with it.
    let mailer = app.state.mailer.clone();
    let refused = app.state.db.write_now(|tx| {
        mailer.queue(tx, ankara::mail::Mail { kind: "test", to: "a@example.com", subject: "S", body: "B", unsubscribe: None })?;
        Err::<(), _>(ankara::error::AppError::Validation("no".into()))
    });
    assert!(refused.is_err());
    assert_eq!(outbox_rows(&app, "kind = 'test'"), 0, "the mail went with the rolled-back change");

    // An order's confirmation and the shop's notice exist as soon as the order does, whatever the
    // mail server is doing.
    let number = buy(&app, 1).await;
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM orders"), 1);
    assert_eq!(outbox_rows(&app, &format!("kind = 'order' AND subject LIKE '%#{number}%' AND status = 'pending'")), 2);
    // The gauge counts them once the worker has looked.
    wait_until("the gauge counts the waiting mail", || app.state.mailer.queued() >= 2).await;
}

#[actix_web::test]
async fn a_mail_the_server_refuses_is_retried_with_backoff_then_failed_and_the_owner_retries_it() {
    let folder = tempfile::tempdir().unwrap();
    let mut smtp = SmtpSink::new(folder.path());
    let app = shop(&smtp, 150, 3).await;
    let number = buy(&app, 1).await;
    let confirmation = format!("kind = 'order' AND subject LIKE '%order #{number} confirmed%'");

    // Three attempts, 150 ms then 300 ms apart, then it fails for good with the reason.
    wait_until("the confirmation fails for good", || outbox_rows(&app, &format!("{confirmation} AND status = 'failed'")) == 1).await;
    let (attempts, created, last): (i64, i64, i64) = app
        .state
        .db
        .with_conn(|c| {
            Ok(c.query_row(&format!("SELECT attempts, created_at, tried_at FROM mail_outbox WHERE {confirmation}"), [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?)
        })
        .unwrap();
    assert_eq!(attempts, 3);
    assert!(last - created >= 150 + 300, "the attempts waited 150 ms, then 300 ms: {} ms in all", last - created);
    assert!(smtp.messages().is_empty());

    // The back office lists it with the reason; a packer may not see it.
    let owner = app.admin_browser("boss@example.com").await;
    let (status, failed) = owner.get_json("/api/admin/mail/failed").await;
    assert_eq!(status, 200, "{failed}");
    let failed = failed.as_array().unwrap();
    assert_eq!(failed.len(), 2, "the confirmation and the shop's notice: {failed:?}");
    let mine = failed.iter().find(|m| m["subject"].as_str().unwrap().contains("confirmed")).unwrap();
    assert_eq!((mine["kind"].as_str(), mine["to"].as_str(), mine["attempts"].as_i64()), (Some("order"), Some("ada@example.com"), Some(3)));
    assert!(mine["reason"].as_str().unwrap().contains("mail server"), "{mine}");
    let packer = app.browser();
    packer.signup("Pat", "pat@example.com", "secret1").await;
    app.sql("UPDATE users SET role = 'packer' WHERE email = 'pat@example.com'");
    packer.post_json("/api/auth/refresh", Value::Null).await;
    assert_eq!(packer.get_json("/api/admin/mail/failed").await.0, 403);
    assert_eq!(owner.post_json("/api/admin/mail/failed/999999/retry", Value::Null).await.0, 404);

    // The server comes back; the owner retries the confirmation: it arrives, once.
    smtp.start();
    let (status, retried) = owner.post_json(&format!("/api/admin/mail/failed/{}/retry", mine["id"]), Value::Null).await;
    assert_eq!((status, retried["retried"].as_i64()), (200, Some(1)));
    wait_until("the confirmation arrives", || smtp.messages().len() == 1).await;
    assert!(smtp.messages()[0].contains(&format!("order #{number} confirmed")));
    // Then the rest.
    let (_, retried) = owner.post_json("/api/admin/mail/failed/retry", Value::Null).await;
    assert_eq!(retried["retried"].as_i64(), Some(1));
    wait_until("the shop's notice arrives", || smtp.messages().len() == 2).await;
    assert!(owner.get_json("/api/admin/mail/failed").await.1.as_array().unwrap().is_empty());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtp.messages().len(), 2, "nothing is sent twice");
    assert_eq!(outbox_rows(&app, "status = 'sent' AND body = ''"), 2, "a sent mail's text is not kept");
}

#[actix_web::test]
async fn racing_workers_and_a_dead_workers_claim_never_send_a_mail_twice() {
    let folder = tempfile::tempdir().unwrap();
    let mut smtp = SmtpSink::new(folder.path());
    smtp.start();
    let app = shop(&smtp, 100, 5).await;
    let mailer = app.state.mailer.clone();
    app.state
        .db
        .write_now(|tx| {
            for n in 0..40 {
                let (to, subject) = (format!("r{n}@example.com"), format!("Message {n}"));
                mailer.queue(tx, ankara::mail::Mail { kind: "test", to: &to, subject: &subject, body: "Hello", unsubscribe: None })?;
            }
            Ok(())
        })
        .unwrap();
    // A worker that died while sending message 0 holds its claim for another minute.
    app.sql(&format!(
        "UPDATE mail_outbox SET claimed_by = 'dead', claimed_until = {}, attempts = 1 WHERE subject = 'Message 0'",
        app.now_ms() + 60_000
    ));
    // Three more workers race the shop's own.
    let state = app.state.clone();
    let racers = (0..3).map(|_| {
        let state = state.clone();
        async move { ankara::mail::outbox::send_due(&state.db, &state.mailer).await.unwrap() }
    });
    futures_util::future::join_all(racers).await;
    wait_until("39 messages arrive", || smtp.messages().len() >= 39).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = smtp.messages();
    assert_eq!(mails.len(), 39, "the dead worker's message waits for its claim to run out");
    assert!(!mails.iter().any(|m| m.contains("Subject: Message 0\r\n")));
    // Its claim runs out (a minute later): it is sent, once, with its own Message-ID.
    app.advance(60_001);
    wait_until("the last message arrives", || smtp.messages().len() >= 40).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = smtp.messages();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for mail in &mails {
        *by_id.entry(message_id(mail)).or_default() += 1;
    }
    assert_eq!((mails.len(), by_id.len()), (40, 40), "each message once, each with its own Message-ID");
    let stored: String = app
        .state
        .db
        .with_conn(|c| Ok(c.query_row("SELECT message_id FROM mail_outbox WHERE subject = 'Message 7'", [], |r| r.get(0))?))
        .unwrap();
    assert!(mails.iter().any(|m| message_id(m) == stored), "the Message-ID is the one written with the mail");
}

#[actix_web::test]
async fn every_confirmation_arrives_once_when_the_mail_server_stops_and_starts_during_a_burst_of_checkouts() {
    let folder = tempfile::tempdir().unwrap();
    let mut smtp = SmtpSink::new(folder.path());
    smtp.start();
    let app = shop(&smtp, 100, 30).await;
    let mut numbers = Vec::new();
    for n in 0..24 {
        if n == 8 {
            smtp.stop();
        }
        if n == 16 {
            smtp.start();
        }
        numbers.push(buy(&app, n).await);
    }
    let confirmed = |mails: &[String], number: &str| mails.iter().filter(|m| m.contains(&format!("order #{number} confirmed"))).count();
    wait_until("every confirmation arrives", || {
        let mails = smtp.messages();
        numbers.iter().all(|n| confirmed(&mails, n) >= 1)
    })
    .await;
    wait_until("the outbox is empty", || outbox_rows(&app, "status <> 'sent'") == 0).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = smtp.messages();
    for number in &numbers {
        assert_eq!(confirmed(&mails, number), 1, "order #{number}'s confirmation arrived exactly once");
    }
    let ids: std::collections::HashSet<String> = mails.iter().map(|m| message_id(m)).collect();
    assert_eq!((mails.len(), ids.len()), (48, 48), "24 confirmations and 24 notices to the shop, none twice");
    assert!(outbox_rows(&app, "attempts > 1") > 0, "some mail did wait for the server");
}
