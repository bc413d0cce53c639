//! Proving an account's e-mail before its store credit is spent. Sign-up does not check that an
//! address is the customer's, and credit belongs to an address (given to a guest who bought with
//! it, or for a return): anyone could otherwise sign up with a stranger's e-mail and spend her
//! credit. So an account spends the credit held for its e-mail only after opening a link mailed to
//! that address, once; the proof is kept per account and address (a changed e-mail proves again).

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::ids::UserId;

/// How long a link works.
const LINK_LIFETIME_MS: i64 = 24 * 3600 * 1000;
/// The least time between two mails to one account, so the button cannot flood an inbox.
const RESEND_AFTER_MS: i64 = 60 * 1000;

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether account `user` has proved it owns `email`.
pub fn is_proven(conn: &Connection, user: &UserId, email: &str) -> rusqlite::Result<bool> {
    let Some(key) = crate::identity::email_key(email) else { return Ok(false) };
    conn.prepare_cached("SELECT EXISTS(SELECT 1 FROM email_proofs WHERE user_id = ?1 AND email_key = ?2 AND proved_at IS NOT NULL)")?
        .query_row(params![user, key], |r| r.get(0))
}

/// A new link's token for `user`'s e-mail (the account's, never a guest's), with the address to
/// mail it to; None when it was already proved.
pub fn start(tx: &Connection, user: &UserId, now: i64) -> AppResult<Option<(String, String)>> {
    let email: Option<String> =
        tx.prepare_cached("SELECT email FROM users WHERE id = ?1 AND guest = 0")?.query_row([user], |r| r.get(0)).optional()?;
    let email = email.ok_or_else(|| AppError::Forbidden("Sign in to use your store credit.".into()))?;
    if is_proven(tx, user, &email)? {
        return Ok(None);
    }
    let key = crate::identity::email_key(&email)
        .ok_or_else(|| AppError::Validation("Your account's e-mail address cannot hold store credit.".into()))?;
    let last: Option<i64> = tx
        .prepare_cached("SELECT sent_at FROM email_proofs WHERE user_id = ?1 AND email_key = ?2")?
        .query_row(params![user, key], |r| r.get(0))
        .optional()?;
    if let Some(last) = last
        && now - last < RESEND_AFTER_MS
    {
        return Err(AppError::TooManyRequests(
            "We've just sent you a link. Please check your inbox (and spam folder), or try again in a minute.".into(),
            std::time::Duration::from_millis((last + RESEND_AFTER_MS - now).max(1000) as u64),
        ));
    }
    let token = crate::util::random_id(32);
    tx.prepare_cached(
        "INSERT INTO email_proofs (user_id, email_key, token_hash, sent_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, email_key) DO UPDATE SET token_hash = excluded.token_hash, sent_at = excluded.sent_at",
    )?
    .execute(params![user, key, hash(&token), now])?;
    Ok(Some((token, email)))
}

/// Opens a link: the account's e-mail is proved (when the link is fresh and still its address).
pub fn confirm(tx: &Connection, token: &str, now: i64) -> AppResult<()> {
    let invalid = || AppError::Validation("This link is invalid or has expired. Please ask for a new one from My Account.".into());
    if token.is_empty() || token.len() > 64 {
        return Err(invalid());
    }
    let found: Option<(UserId, String, i64)> = tx
        .prepare_cached("SELECT user_id, email_key, sent_at FROM email_proofs WHERE token_hash = ?1")?
        .query_row([hash(token)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((user, key, sent_at)) = found.filter(|(_, _, sent)| now - sent < LINK_LIFETIME_MS) else { return Err(invalid()) };
    let _ = sent_at;
    // The link proves the address it was sent to; an account that changed its e-mail since proves
    // the new one with a new link.
    let email: String = tx.query_row("SELECT email FROM users WHERE id = ?1", [&user], |r| r.get(0))?;
    if crate::identity::email_key(&email).as_deref() != Some(key.as_str()) {
        return Err(invalid());
    }
    tx.prepare_cached(
        "UPDATE email_proofs SET proved_at = COALESCE(proved_at, ?3), token_hash = NULL WHERE user_id = ?1 AND email_key = ?2",
    )?
    .execute(params![user, key, now])?;
    Ok(())
}
