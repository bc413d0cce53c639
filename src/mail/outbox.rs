//! The mail worker's side of the outbox: claim a due mail, send it, mark it sent — or schedule
//! the next attempt with exponential backoff, and after the last one mark it failed for the back
//! office. A claim is a lease written in the database (`claimed_by`, `claimed_until`), so two
//! workers (two processes on one database, or the worker and a request sending a reset at once)
//! never send the same mail; a worker that dies mid-send leaves its claim to run out, and the mail
//! is sent again after that. The one way a mail goes out twice is a crash after the server took
//! it and before it was marked sent (README, Behaviour notes); its Message-ID is the same both
//! times, so the receiving side can tell.

use std::sync::atomic::Ordering;

use rusqlite::{Connection, named_params, params};
use serde::Serialize;

use super::Mailer;
use crate::db::Db;
use crate::error::{AppError, AppResult};

/// How long a worker's claim on a mail holds: longer than any SMTP conversation may take.
pub const CLAIM_MS: i64 = 120_000;
/// The longest wait between two attempts.
const MAX_BACKOFF_MS: i64 = 3_600_000;

/// A mail a worker has claimed and is sending.
#[derive(Debug)]
pub struct Claimed {
    pub id: i64,
    pub message_id: String,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub unsubscribe: Option<String>,
    pub attempts: i64,
    pub created_at: i64,
    /// "email", "sms" or "whatsapp".
    pub channel: String,
    pub event: Option<String>,
}

/// The wait before attempt `attempts + 1`, after `attempts` failed ones: `first`, doubling, capped.
pub fn backoff_ms(first: i64, attempts: i64) -> i64 {
    let doublings = (attempts - 1).clamp(0, 30) as u32;
    first.max(1).saturating_mul(1_i64 << doublings).min(MAX_BACKOFF_MS)
}

/// Mails claimed and sent together: one transaction claims them and one records how they went,
/// instead of two per mail (under checkout load the outbox's transactions were a third of the
/// database's writes). Over SMTP a batch is smaller, as each mail is a conversation that may last
/// up to [`super::SMTP_TIMEOUT`].
const BATCH_FILES: i64 = 32;
const BATCH_SMTP: i64 = 4;

/// How long a claim on `batch` mails holds: longer than sending them all may take (writing files
/// takes no time to speak of; each SMTP conversation up to its timeout).
fn claim_ms(batch: i64, smtp: bool) -> i64 {
    if smtp { CLAIM_MS + (batch - 1) * super::SMTP_TIMEOUT.as_millis() as i64 } else { CLAIM_MS }
}

/// Claims for `worker` the oldest due mails, at most `limit` (or mail `only`, due or not),
/// counting an attempt for each. `channel_paid` chooses e-mail (false) or SMS and WhatsApp (true).
#[allow(clippy::too_many_arguments)]
fn claim_some(
    tx: &Connection,
    worker: &str,
    only: Option<i64>,
    limit: i64,
    paid: bool,
    until: i64,
    now: i64,
) -> rusqlite::Result<Vec<Claimed>> {
    if limit <= 0 {
        return Ok(Vec::new());
    }
    tx.prepare_cached(
        "UPDATE mail_outbox SET claimed_by = :worker, claimed_until = :until, attempts = attempts + 1, tried_at = :now
          WHERE id IN (SELECT id FROM mail_outbox
                        WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= :now)
                          AND (channel <> 'email') = :paid
                          AND (CASE WHEN :only IS NULL THEN next_at <= :now ELSE id = :only END)
                        ORDER BY next_at, id LIMIT :limit)
          RETURNING id, message_id, to_addr, subject, body, unsubscribe, attempts, created_at, channel, event",
    )?
    .query_map(named_params! {":worker": worker, ":until": until, ":now": now, ":only": only, ":limit": limit, ":paid": paid}, |r| {
        Ok(Claimed {
            id: r.get(0)?,
            message_id: r.get(1)?,
            to: r.get(2)?,
            subject: r.get(3)?,
            body: r.get(4)?,
            unsubscribe: r.get(5)?,
            attempts: r.get(6)?,
            created_at: r.get(7)?,
            channel: r.get(8)?,
            event: r.get(9)?,
        })
    })?
    .collect::<rusqlite::Result<Vec<Claimed>>>()
}

/// Claims e-mail (up to `limit`) and SMS and WhatsApp (up to `paid_limit`, and what the day's cap
/// leaves); first gives up on messages to phones that opted out, and moves paid messages beyond
/// the cap to the next day.
#[allow(clippy::too_many_arguments)]
fn claim(
    tx: &Connection,
    worker: &str,
    only: Option<i64>,
    limit: i64,
    paid_limit: i64,
    until: i64,
    now: i64,
) -> rusqlite::Result<(Vec<Claimed>, Vec<Claimed>)> {
    super::paid::drop_opted_out(tx, now)?;
    let mut mails = claim_some(tx, worker, only, limit, false, until, now)?;
    let room = super::paid::room_today(tx, now)?;
    let mut paid = claim_some(tx, worker, only, paid_limit.min(room), true, until, now)?;
    if room <= paid_limit {
        super::paid::defer_beyond_cap(tx, now)?;
    }
    // RETURNING gives no order: send the oldest first.
    mails.sort_by_key(|m| m.id);
    paid.sort_by_key(|m| m.id);
    Ok((mails, paid))
}

/// Records how an attempt went, if `worker` still holds the claim (a claim that ran out may have
/// been taken over; then the other worker records its own attempt).
fn finish(
    tx: &Connection,
    worker: &str,
    mail: &Claimed,
    outcome: &Result<(), String>,
    retry: super::Retry,
    now: i64,
) -> rusqlite::Result<()> {
    match outcome {
        Ok(()) => tx.prepare_cached(
            "UPDATE mail_outbox SET status = 'sent', sent_at = ?3, body = '', claimed_by = NULL, claimed_until = NULL, last_error = NULL
              WHERE id = ?1 AND claimed_by = ?2",
        )?
        .execute(params![mail.id, worker, now])?,
        Err(why) => {
            let gives_up = mail.attempts >= retry.attempts;
            tx.prepare_cached(
                "UPDATE mail_outbox SET status = ?3, next_at = ?4, last_error = ?5, claimed_by = NULL, claimed_until = NULL
                  WHERE id = ?1 AND claimed_by = ?2",
            )?
            .execute(params![mail.id, worker, if gives_up { "failed" } else { "pending" }, now + backoff_ms(retry.first_ms, mail.attempts), why])?
        }
    };
    Ok(())
}

/// Claims, sends and records a batch of mails: the oldest due ones, or `only`. Returns how many
/// were tried, and whether that was a whole batch (more may be due).
async fn send_next(db: &Db, mailer: &Mailer, only: Option<i64>) -> AppResult<(usize, bool)> {
    // Each claim has its own token, so only the attempt that claimed a mail records its outcome.
    let worker = crate::util::random_id(16);
    let limit = match (only, mailer.has_smtp()) {
        (Some(_), _) => 1,
        (None, true) => BATCH_SMTP,
        (None, false) => BATCH_FILES,
    };
    let live = mailer.providers.live();
    let paid_limit = match (only, live) {
        (Some(_), _) => 1,
        (None, true) => BATCH_SMTP,
        (None, false) => BATCH_FILES,
    };
    let w = worker.clone();
    let hold = mailer.retry.claim_ms.unwrap_or_else(|| claim_ms(limit.max(paid_limit), mailer.has_smtp() || live));
    let clock = mailer.clock.clone();
    let (mails, messages) = db
        .write(move |tx| {
            let now = clock.now_ms();
            Ok(claim(tx, &w, only, limit, paid_limit, now + hold, now)?)
        })
        .await?;
    if mails.is_empty() && messages.is_empty() {
        return Ok((0, false));
    }
    let full = mails.len() as i64 == limit || messages.len() as i64 == paid_limit;
    let m = mailer.clone();
    let mut sent = actix_web::web::block(move || {
        mails
            .into_iter()
            .map(|mail| {
                let outcome = m.deliver(&mail);
                if let Err(why) = &outcome {
                    tracing::warn!(mail_id = %mail.id, to = %mail.to, subject = %mail.subject, attempt = mail.attempts, error = %why, "mail not sent");
                }
                (mail, outcome)
            })
            .collect::<Vec<_>>()
    })
    .await
    .map_err(AppError::internal)?;
    // SMS and WhatsApp: one provider call (or sandbox file) each, in turn.
    for message in messages {
        let outgoing = super::providers::Outgoing {
            id: message.id,
            created_at: message.created_at,
            channel: &message.channel,
            event: message.event.as_deref().unwrap_or(""),
            to: &message.to,
            subject: &message.subject,
            body: &message.body,
        };
        let outcome = mailer.providers.send(&outgoing).await;
        if let Err(why) = &outcome {
            tracing::warn!(mail_id = %message.id, channel = %message.channel, attempt = message.attempts, error = %why, "message not sent");
        }
        sent.push((message, outcome));
    }
    let (tried, retry, clock) = (sent.len(), mailer.retry, mailer.clock.clone());
    db.write(move |tx| {
        let now = clock.now_ms();
        for (mail, outcome) in &sent {
            finish(tx, &worker, mail, outcome, retry, now)?;
        }
        Ok(())
    })
    .await?;
    Ok((tried, full))
}

/// Sends every mail that is due now, a batch at a time. Returns how many were tried.
pub async fn send_due(db: &Db, mailer: &Mailer) -> AppResult<usize> {
    let mut tried = 0;
    loop {
        let (batch, full) = send_next(db, mailer, None).await?;
        tried += batch;
        // A batch that was not full took every mail that was due.
        if !full {
            break;
        }
    }
    let pending = db.read(|c| Ok(pending(c)?)).await?;
    mailer.pending.store(pending as usize, Ordering::Relaxed);
    Ok(tried)
}

/// Tries to send mail `id` now, for a request whose answer depends on it (a reset link). If it
/// cannot go now it stays in the outbox, and the worker keeps trying. Returns whether it was sent.
pub async fn send_now(db: &Db, mailer: &Mailer, id: i64) -> AppResult<bool> {
    let started = std::time::Instant::now();
    loop {
        let tried = send_next(db, mailer, Some(id)).await?.0 > 0;
        let now = mailer.clock.now_ms();
        let (sent, in_flight): (bool, bool) = db
            .read(move |c| {
                Ok(c.query_row(
                    "SELECT status = 'sent', status = 'pending' AND COALESCE(claimed_until, 0) > ?2 FROM mail_outbox WHERE id = ?1",
                    params![id, now],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )?)
            })
            .await?;
        // The worker may have taken it first: wait for its attempt rather than answer too soon.
        if sent || tried || !in_flight || started.elapsed() > super::SMTP_TIMEOUT {
            return Ok(sent);
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Whether any mail is due now, read without taking the write lock (the idle worker's question).
pub fn any_due(conn: &Connection, now: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE status = 'pending' AND next_at <= ?1
                         AND (claimed_until IS NULL OR claimed_until <= ?1))",
    )?
    .query_row([now], |r| r.get(0))
}

pub fn pending(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM mail_outbox WHERE status = 'pending'")?.query_row([], |r| r.get(0))
}

impl Mailer {
    /// Waits until a mail is queued, or `at_most`.
    pub async fn wait_for_mail(&self, at_most: std::time::Duration) {
        let _ = tokio::time::timeout(at_most, self.wake.notified()).await;
    }
}

/// A mail that failed for good, as the back office lists it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedMail {
    pub id: i64,
    /// What it is about: order, refund, reset, back_in_stock, bag_reminder…
    pub kind: String,
    /// How it goes: "email", "sms" or "whatsapp".
    pub channel: String,
    pub to: String,
    pub subject: String,
    pub attempts: i64,
    /// Why the last attempt failed.
    pub reason: String,
    pub created_at: i64,
    /// When the last attempt was made (ms).
    pub last_attempt_at: i64,
}

/// Mail that failed for good, newest first (at most 500).
pub fn failed(conn: &Connection) -> rusqlite::Result<Vec<FailedMail>> {
    conn.prepare_cached(
        "SELECT id, kind, to_addr, subject, attempts, COALESCE(last_error, ''), created_at, COALESCE(tried_at, created_at), channel
           FROM mail_outbox WHERE status = 'failed' ORDER BY id DESC LIMIT 500",
    )?
    .query_map([], |r| {
        Ok(FailedMail {
            id: r.get(0)?,
            kind: r.get(1)?,
            to: r.get(2)?,
            subject: r.get(3)?,
            attempts: r.get(4)?,
            reason: r.get(5)?,
            created_at: r.get(6)?,
            last_attempt_at: r.get(7)?,
            channel: r.get(8)?,
        })
    })?
    .collect()
}

/// Puts failed mail back in line with a fresh count of attempts: mail `id`, or all when None.
/// Returns how many.
pub fn retry_failed(tx: &Connection, id: Option<i64>, now: i64) -> AppResult<usize> {
    let moved = tx.execute(
        "UPDATE mail_outbox SET status = 'pending', attempts = 0, next_at = ?2 WHERE status = 'failed' AND (?1 IS NULL OR id = ?1)",
        params![id, now],
    )?;
    if id.is_some() && moved == 0 {
        return Err(AppError::NotFound("There is no failed mail with that number.".into()));
    }
    Ok(moved)
}
