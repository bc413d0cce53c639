//! Store credit: a ledger of entries per customer, keyed by her e-mail (`identity::email_key`).
//! Her balance is the sum of her entries, computed each time it is needed, so it cannot drift;
//! issuing and spending happen inside the transaction that decides them, and spending checks the
//! balance in that same transaction, so racing spends can never take it below zero.

pub mod at_counter;
pub mod gift_cards;
pub mod proof;
pub mod routes;
pub mod tender;

use rusqlite::{Connection, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::money::Kobo;

/// The longest reason an entry may carry.
pub const REASON_MAX: usize = 200;

/// One line of a customer's credit ledger.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditEntry {
    pub id: i64,
    /// Positive when credit was given, negative when it was spent.
    #[schema(value_type = i64)]
    pub amount: Kobo,
    pub reason: String,
    #[schema(value_type = Option<String>)]
    pub order_id: Option<OrderId>,
    pub return_id: Option<String>,
    pub created_at: i64,
}

/// What an entry is for: the order and the return it belongs to, and who on the staff made it.
#[derive(Default)]
pub struct Source<'a> {
    pub order: Option<&'a OrderId>,
    pub return_id: Option<&'a str>,
    pub staff: Option<&'a UserId>,
}

fn holder(email: &str) -> AppResult<String> {
    crate::identity::email_key(email).ok_or_else(|| AppError::Validation("This customer has no e-mail address to hold credit.".into()))
}

/// The credit the holder of `email` has left.
pub fn balance(conn: &Connection, email: &str) -> rusqlite::Result<Kobo> {
    let Some(key) = crate::identity::email_key(email) else { return Ok(Kobo::ZERO) };
    conn.prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries WHERE email_key = ?1")?.query_row([key], |r| r.get(0))
}

/// Gives the holder of `email` `amount` of credit. Call inside the transaction that decides it.
pub fn issue(tx: &Connection, email: &str, amount: Kobo, reason: &str, from: Source, now: i64) -> AppResult<()> {
    if amount <= Kobo::ZERO {
        return Err(AppError::Validation("Credit must be more than ₦0.".into()));
    }
    record(tx, &holder(email)?, amount, reason, from, now)
}

/// Takes `amount` of the holder's credit, or refuses when she has less. Call inside the
/// transaction that spends it: the balance is read and lowered in that one transaction.
pub fn spend(tx: &Connection, email: &str, amount: Kobo, reason: &str, from: Source, now: i64) -> AppResult<()> {
    if amount <= Kobo::ZERO {
        return Err(AppError::Validation("Spend more than ₦0 of credit.".into()));
    }
    let left = balance(tx, email)?;
    if amount > left {
        return Err(AppError::Conflict(format!(
            "Your store credit is {}: it cannot pay {}.",
            crate::money::format_naira(left),
            crate::money::format_naira(amount)
        )));
    }
    record(tx, &holder(email)?, Kobo::ZERO - amount, reason, from, now)
}

fn record(tx: &Connection, key: &str, amount: Kobo, reason: &str, from: Source, now: i64) -> AppResult<()> {
    Ok(record_for_payment(tx, key, amount, reason, from, None, now)?)
}

/// Writes one entry; `payment` is the checkout payment it spends for or gives back to (see
/// `tender`), so what a payment took is found and returned exactly once.
fn record_for_payment(
    tx: &Connection,
    key: &str,
    amount: Kobo,
    reason: &str,
    from: Source,
    payment: Option<&str>,
    now: i64,
) -> rusqlite::Result<()> {
    let reason: String = reason.trim().chars().take(REASON_MAX).collect();
    tx.prepare_cached(
        "INSERT INTO credit_entries (email_key, amount_kobo, reason, order_id, return_id, staff_id, created_at, payment_reference)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![key, amount, reason, from.order, from.return_id, from.staff, now, payment])?;
    Ok(())
}

/// The credit held under an e-mail key (the ledger's own key), for the checkout's transaction.
fn balance_of_key(conn: &Connection, key: &str) -> rusqlite::Result<Kobo> {
    conn.prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries WHERE email_key = ?1")?.query_row([key], |r| r.get(0))
}

/// Credit given for `order` (by its returns and refunds to credit), less any taken back: what a
/// further refund or credit for that order must leave room for.
pub fn issued_for_order(conn: &Connection, order: &OrderId) -> rusqlite::Result<Kobo> {
    conn.prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries WHERE order_id = ?1 AND amount_kobo > 0")?
        .query_row([order], |r| r.get(0))
}

/// The holder's ledger, newest first.
pub fn entries(conn: &Connection, email: &str, limit: i64) -> rusqlite::Result<Vec<CreditEntry>> {
    let Some(key) = crate::identity::email_key(email) else { return Ok(Vec::new()) };
    conn.prepare_cached(
        "SELECT id, amount_kobo, reason, order_id, return_id, created_at FROM credit_entries WHERE email_key = ?1
         ORDER BY created_at DESC, id DESC LIMIT ?2",
    )?
    .query_map(params![key, limit], |r| {
        Ok(CreditEntry {
            id: r.get(0)?,
            amount: r.get(1)?,
            reason: r.get(2)?,
            order_id: r.get(3)?,
            return_id: r.get(4)?,
            created_at: r.get(5)?,
        })
    })?
    .collect()
}

/// What My Account shows of store credit.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountCredit {
    #[schema(value_type = i64)]
    pub balance: Kobo,
    /// Newest first (the last 100).
    pub entries: Vec<CreditEntry>,
    /// Whether the account has proved it owns its e-mail (needed to spend the credit).
    pub proven: bool,
    pub email: String,
}

/// The credit of account `user` (a guest has none to show: she signs in to use it).
pub fn for_account(conn: &Connection, user: &UserId) -> AppResult<AccountCredit> {
    use rusqlite::OptionalExtension;
    let email: Option<String> =
        conn.prepare_cached("SELECT email FROM users WHERE id = ?1 AND guest = 0")?.query_row([user], |r| r.get(0)).optional()?;
    let email = email.ok_or_else(|| AppError::Unauthenticated("Sign in to use your store credit.".into()))?;
    Ok(AccountCredit {
        balance: balance(conn, &email)?,
        entries: entries(conn, &email, 100)?,
        proven: proof::is_proven(conn, user, &email)?,
        email,
    })
}

/// Writes the mail with the link that proves the account's e-mail, in the transaction that made
/// the link. None when the address is proved already.
pub fn mail_proof(tx: &Connection, mailer: &crate::mail::Mailer, user: &UserId, now: i64) -> AppResult<Option<i64>> {
    let Some((token, email)) = proof::start(tx, user, now)? else { return Ok(None) };
    let shop = mailer.shop_name();
    let link = format!("{}/confirm-email?token={token}", mailer.public_url());
    let subject = format!("Confirm your e-mail to use your store credit at {shop}");
    let body = format!(
        "Hello,\n\nOpen this link within 24 hours to confirm that this e-mail address is yours. Then you can spend the store credit it holds at {shop}:\n\n{link}\n\nIf you did not ask for this, ignore this e-mail.\n\n{shop}"
    );
    mailer.queue(tx, crate::mail::Mail { kind: "email-proof", to: &email, subject: &subject, body: &body, unsubscribe: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            (include_str!("../../migrations/0026_store_credit.sql").to_string()
                + "ALTER TABLE credit_entries ADD COLUMN payment_reference TEXT;")
                .replace("REFERENCES orders(id)", "")
                .replace("REFERENCES users(id) ON DELETE SET NULL", "")
                .as_str(),
        )
        .unwrap();
        conn
    }

    #[test]
    fn the_balance_is_the_sum_of_the_entries_and_spending_never_takes_it_below_zero() {
        let conn = db();
        issue(&conn, "Ada.Obi@gmail.com", Kobo::new(500_000), "Return of a dress", Source::default(), 1).unwrap();
        assert_eq!(balance(&conn, "adaobi@gmail.com").unwrap(), Kobo::new(500_000));
        spend(&conn, "adaobi@gmail.com", Kobo::new(300_000), "Order #X", Source::default(), 2).unwrap();
        let refused = spend(&conn, "adaobi@gmail.com", Kobo::new(200_001), "Order #Y", Source::default(), 3).unwrap_err();
        assert!(refused.to_string().contains("₦2,000.00"), "{refused}");
        assert_eq!(balance(&conn, "ada.obi@gmail.com").unwrap(), Kobo::new(200_000));
        assert_eq!(entries(&conn, "adaobi@gmail.com", 10).unwrap().len(), 2);
        assert!(issue(&conn, "adaobi@gmail.com", Kobo::ZERO, "nothing", Source::default(), 4).is_err());
    }
}
