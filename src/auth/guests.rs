//! Guests: with the merchant's guest checkout on, a visitor who adds to the bag gets a guest row —
//! a customer without a password, whose address cannot receive mail (orders keep the e-mail the
//! guest typed at checkout) — so the bag, stock holds, payments and orders work exactly as for
//! customers. A guest may keep their details as an account after paying; idle guests that bought
//! nothing are removed, and idle guests' bags emptied.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::{AppError, AppResult};

/// A guest's bag and row go after this long without a visit (their orders stay).
pub const IDLE_MS: i64 = 30 * 24 * 3600 * 1000;

/// A new guest's id.
pub fn create(tx: &Connection, now: i64) -> rusqlite::Result<crate::ids::UserId> {
    let id = crate::ids::UserId::from(crate::util::new_id());
    tx.execute(
        "INSERT INTO users (id, email, display_name, password_hash, created_at, guest, last_seen_at) VALUES (?1, ?2, 'Guest', '', ?3, 1, ?3)",
        params![id, format!("guest-{id}@guests.invalid"), now],
    )?;
    Ok(id)
}

/// Whether `id` is a guest still known (not removed for idleness, not turned into an account).
pub fn is_guest(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS(SELECT 1 FROM users WHERE id = ?1 AND guest = 1 AND disabled = 0)")?.query_row([id], |r| r.get(0))
}

/// Notes that a guest was here (their bag stays for [`IDLE_MS`] after the last visit).
pub fn touch(tx: &Connection, id: &str, now: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE users SET last_seen_at = ?2 WHERE id = ?1 AND guest = 1")?.execute(params![id, now])?;
    Ok(())
}

/// Empties the bags of guests idle since `before`, and removes those of them that never started a
/// payment. Returns how many guests were removed.
pub fn expire_idle(tx: &Connection, before: i64) -> rusqlite::Result<usize> {
    tx.execute("DELETE FROM bag_items WHERE user_id IN (SELECT id FROM users WHERE guest = 1 AND last_seen_at < ?1)", [before])?;
    tx.execute(
        "DELETE FROM users WHERE guest = 1 AND last_seen_at < ?1 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.user_id = users.id)",
        [before],
    )
}

/// Turns a guest into an account with the name, e-mail and phone of their latest order (or of the
/// transfer they have sent, whose order comes when the money does), and the password they chose
/// (already hashed): their orders are then in My Orders. Refused when they have neither yet, or
/// the e-mail belongs to an account already.
pub fn keep_as_account(tx: &Connection, id: &str, password_hash: &str) -> AppResult<()> {
    let details: Option<(String, String, String)> = tx
        .query_row(
            "SELECT customer_name, customer_email, customer_phone FROM (
                 SELECT customer_name, customer_email, customer_phone, created_at FROM orders WHERE user_id = ?1
                 UNION ALL
                 SELECT customer_name, customer_email, customer_phone, created_at FROM payments
                 WHERE user_id = ?1 AND status = 'pending' AND channel IN ('bank_transfer', 'bank', 'ussd'))
             ORDER BY created_at DESC LIMIT 1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((name, email, phone)) = details else {
        return Err(AppError::Conflict("Place an order first: your account keeps its details.".into()));
    };
    let email = email.trim().to_lowercase();
    let taken: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM users WHERE email = ?1 AND id != ?2)", params![email, id], |r| r.get(0))?;
    if taken {
        return Err(AppError::Conflict("An account with this e-mail already exists. Log in to see your order in My Orders.".into()));
    }
    let changed = tx.execute(
        "UPDATE users SET email = ?2, display_name = ?3, phone = ?4, password_hash = ?5, guest = 0, last_seen_at = NULL
         WHERE id = ?1 AND guest = 1",
        params![id, email, name, crate::phone::normalised_or_kept(&phone), password_hash],
    )?;
    if changed == 0 {
        return Err(AppError::Conflict("This guest is already an account. Please log in.".into()));
    }
    Ok(())
}

/// Guest orders placed with `email` that no account holds yet (an account with that e-mail may
/// claim them through a link mailed to it).
pub fn unclaimed_orders(conn: &Connection, email: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT COUNT(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.guest = 1 AND o.customer_email = ?1 COLLATE NOCASE",
    )?
    .query_row([email], |r| r.get(0))
}

/// Moves the guest orders placed with `email` (and their payments) to the account `user_id`.
/// Returns how many orders moved.
pub fn claim_orders(tx: &Connection, email: &str, user_id: &str) -> rusqlite::Result<usize> {
    let guests =
        "SELECT o.user_id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.guest = 1 AND o.customer_email = ?1 COLLATE NOCASE";
    tx.execute(
        &format!("UPDATE payments SET user_id = ?2 WHERE user_id IN ({guests}) AND customer_email = ?1 COLLATE NOCASE"),
        params![email, user_id],
    )?;
    tx.execute(
        "UPDATE orders SET user_id = ?2 WHERE customer_email = ?1 COLLATE NOCASE
           AND user_id IN (SELECT id FROM users WHERE guest = 1)",
        params![email, user_id],
    )
}
