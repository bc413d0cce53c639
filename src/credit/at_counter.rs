//! Store credit spent at the counter. Credit belongs to an e-mail address, and a customer standing
//! at the till proves the address is hers as a shopper does online: by what reaches it. The
//! counter asks for a six-digit code mailed to the address; the customer reads it out; the code
//! works once, for a quarter of an hour, and five wrong tries end it, so it cannot be guessed. Then
//! the counter holds a pass (signed by the counter, see `counter::PriceKey`) to spend that address's
//! credit for a while, the balance checked again in the sale's own transaction.

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::money::Kobo;

const CODE_LIFETIME_MS: i64 = 15 * 60 * 1000;
/// The least time between two mails to one address, so the button cannot flood an inbox.
const RESEND_AFTER_MS: i64 = 60 * 1000;
const MAX_ATTEMPTS: i64 = 5;

fn hash(key: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{key}|{code}").as_bytes()))
}

/// The ledger's key of an address typed at the counter.
pub fn key_of(email: &str) -> AppResult<String> {
    crate::identity::email_key(email.trim()).ok_or_else(|| AppError::Validation("Please enter a valid email address.".into()))
}

/// Mails a code to `email` when it holds store credit (the answer is the same either way: the
/// counter learns nothing of an address that holds none). Call inside a write transaction; the
/// mail's outbox id, to send at once (the customer waits at the till).
pub fn send(tx: &Connection, mailer: &crate::mail::Mailer, email: &str, now: i64) -> AppResult<Option<i64>> {
    let key = key_of(email)?;
    let last: Option<i64> =
        tx.prepare_cached("SELECT sent_at FROM counter_credit_codes WHERE email_key = ?1")?.query_row([&key], |r| r.get(0)).optional()?;
    if let Some(last) = last
        && now - last < RESEND_AFTER_MS
    {
        return Err(AppError::TooManyRequests(
            "A code was sent less than a minute ago. Ask the customer to check her inbox (and spam folder).".into(),
            std::time::Duration::from_millis((last + RESEND_AFTER_MS - now).max(1000) as u64),
        ));
    }
    if super::balance_of_key(tx, &key)? <= Kobo::ZERO {
        return Ok(None);
    }
    let code = crate::util::random_from(b"0123456789", 6);
    tx.prepare_cached(
        "INSERT INTO counter_credit_codes (email_key, code_hash, sent_at, expires_at, attempts) VALUES (?1, ?2, ?3, ?4, 0)
         ON CONFLICT (email_key) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
                                               expires_at = excluded.expires_at, attempts = 0",
    )?
    .execute(params![key, hash(&key, &code), now, now + CODE_LIFETIME_MS])?;
    let shop = mailer.shop_name();
    let subject = format!("{shop}: your code to pay with store credit");
    let body = format!(
        "Your code to pay with your store credit at {shop}'s counter is {code}.\n\n\
         Read it out to the cashier. It works once, for 15 minutes.\n\n\
         If you are not at our shop now, please ignore this e-mail: nobody can spend your credit without it."
    );
    mailer.queue(tx, crate::mail::Mail { kind: "counter_credit_code", to: email.trim(), subject: &subject, body: &body, unsubscribe: None })
}

/// Checks a code read out at the counter. `Ok(Ok(balance))` when it is right (it is used up);
/// `Ok(Err(why))` when it is not, after counting the try: the caller commits, then refuses.
pub fn prove(tx: &Connection, email: &str, code: &str, now: i64) -> AppResult<Result<Kobo, AppError>> {
    let key = key_of(email)?;
    let again = |why: &str| Ok(Err(AppError::Validation(format!("{why} Send a new code."))));
    let found: Option<(String, i64, i64)> = tx
        .prepare_cached("SELECT code_hash, expires_at, attempts FROM counter_credit_codes WHERE email_key = ?1")?
        .query_row([&key], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((expected, expires_at, attempts)) = found else { return again("There is no code for this e-mail.") };
    if expires_at <= now {
        return again("This code has expired.");
    }
    if attempts >= MAX_ATTEMPTS {
        return again("Too many wrong codes.");
    }
    let typed: String = code.chars().filter(char::is_ascii_digit).collect();
    if typed.len() != 6 || hash(&key, &typed) != expected {
        tx.execute("UPDATE counter_credit_codes SET attempts = attempts + 1 WHERE email_key = ?1", [&key])?;
        return Ok(Err(AppError::Validation("This code is not right. Check the e-mail and try again.".into())));
    }
    tx.execute("DELETE FROM counter_credit_codes WHERE email_key = ?1", [&key])?;
    Ok(Ok(super::balance_of_key(tx, &key)?))
}

/// Takes `amount` of `email`'s credit for a counter sale, in the sale's transaction (refused when
/// less is left), marked with the sale's order and payment so a return finds it.
pub fn spend(
    tx: &Connection,
    email: &str,
    amount: Kobo,
    order: &crate::ids::OrderId,
    payment: &str,
    cashier: &crate::ids::UserId,
    now: i64,
) -> AppResult<()> {
    let key = key_of(email)?;
    let left = super::balance_of_key(tx, &key)?;
    if amount <= Kobo::ZERO || amount > left {
        return Err(AppError::Validation(format!("This customer's store credit is only {}.", crate::money::format_naira(left))));
    }
    let from = super::Source { order: Some(order), return_id: None, staff: Some(cashier) };
    super::record_for_payment(tx, &key, Kobo::ZERO - amount, "Spent at the counter", from, Some(payment), now)?;
    Ok(())
}
