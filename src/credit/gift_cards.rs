//! Gift cards: a code the merchant issues with a balance, spent at checkout in parts until it is
//! empty. Like store credit, a card's balance is the sum of its ledger (`gift_card_entries`),
//! never a stored number. The code is random (16 characters without look-alikes, about 79 bits),
//! shown once when issued and stored only as its SHA-256 with its last 4 characters, so a reader
//! of the database cannot spend it and the merchant still recognises a card read out to her.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, UserId};
use crate::money::Kobo;

/// No I, L, O, 0 or 1: a code is read out and typed from a card.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LEN: usize = 16;
/// The most one card may be issued for.
pub const MAX_ISSUE: Kobo = Kobo::new(1_000_000_000);
const NOTE_MAX: usize = 200;

/// One card as the back office lists it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCard {
    pub id: String,
    /// The code's last 4 characters (the whole code is shown only when issued).
    pub last4: String,
    #[schema(value_type = i64)]
    pub initial: Kobo,
    /// What is left to spend: the sum of the card's ledger.
    #[schema(value_type = i64)]
    pub balance: Kobo,
    pub note: Option<String>,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
    /// How many orders it paid part of.
    pub orders: i64,
}

/// A card just issued, with its whole code (shown this once).
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedCard {
    /// Grouped for reading: "ABCD-EFGH-JKMN-PQRS".
    pub code: String,
    pub card: GiftCard,
}

/// What the public balance lookup answers.
#[derive(Serialize, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardBalance {
    pub last4: String,
    #[schema(value_type = i64)]
    pub balance: Kobo,
    pub disabled: bool,
}

/// A card found by its code, usable or not.
pub struct Found {
    pub id: String,
    pub last4: String,
    pub balance: Kobo,
    pub disabled: bool,
}

/// The code as typed, without spaces, dashes or case; None when it cannot be a code.
pub fn normalise(typed: &str) -> Option<String> {
    let code: String = typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase();
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// The code in groups of four, as printed and shown.
pub fn grouped(code: &str) -> String {
    code.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join("-")
}

fn hash(code: &str) -> String {
    hex::encode(Sha256::digest(code.as_bytes()))
}

pub const NOT_FOUND: &str = "We don't know this gift card code. Please check it and try again.";

/// The card with this code, if any.
pub fn find(conn: &Connection, typed: &str) -> rusqlite::Result<Option<Found>> {
    let Some(code) = normalise(typed) else { return Ok(None) };
    let found: Option<(String, String, Option<i64>)> = conn
        .prepare_cached("SELECT id, last4, disabled_at FROM gift_cards WHERE code_hash = ?1")?
        .query_row([hash(&code)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((id, last4, disabled_at)) = found else { return Ok(None) };
    let balance = balance(conn, &id)?;
    Ok(Some(Found { id, last4, balance, disabled: disabled_at.is_some() }))
}

/// The card to spend at checkout, or why it cannot be.
pub fn usable(conn: &Connection, typed: &str) -> AppResult<Found> {
    let card = find(conn, typed)?.ok_or_else(|| AppError::Validation(NOT_FOUND.into()))?;
    if card.disabled {
        return Err(AppError::Validation("This gift card has been disabled. Please contact the shop.".into()));
    }
    if card.balance <= Kobo::ZERO {
        return Err(AppError::Validation("This gift card has been used up.".into()));
    }
    Ok(card)
}

/// Takes `amount` off the card with this code for a counter sale, in the transaction that records
/// the sale: the card must be usable and hold enough. Answers the card's last 4 characters.
pub fn spend_at_counter(
    tx: &Connection,
    typed: &str,
    amount: Kobo,
    order: &OrderId,
    payment: &str,
    cashier: &UserId,
    now: i64,
) -> AppResult<String> {
    let card = usable(tx, typed)?;
    if amount > card.balance {
        return Err(AppError::Validation(format!("This gift card has only {} left.", crate::money::format_naira(card.balance))));
    }
    record(tx, &card.id, Kobo::ZERO - amount, "Spent at the counter", Some(order), Some(payment), Some(cashier), now)?;
    Ok(card.last4)
}

/// The last 4 characters of the card that paid part of an order, if one did.
pub fn last4_for_order(conn: &Connection, order: &OrderId) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(
        "SELECT c.last4 FROM gift_card_entries e JOIN gift_cards c ON c.id = e.card_id WHERE e.order_id = ?1 AND e.amount_kobo < 0 LIMIT 1",
    )?
    .query_row([order], |r| r.get(0))
    .optional()
}

/// What is left on a card.
pub fn balance(conn: &Connection, card: &str) -> rusqlite::Result<Kobo> {
    conn.prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM gift_card_entries WHERE card_id = ?1")?.query_row([card], |r| r.get(0))
}

/// Writes one movement of a card.
#[allow(clippy::too_many_arguments)]
pub(super) fn record(
    tx: &Connection,
    card: &str,
    amount: Kobo,
    reason: &str,
    order: Option<&OrderId>,
    payment: Option<&str>,
    staff: Option<&UserId>,
    now: i64,
) -> rusqlite::Result<()> {
    let reason: String = reason.trim().chars().take(super::REASON_MAX).collect();
    tx.prepare_cached(
        "INSERT INTO gift_card_entries (card_id, amount_kobo, reason, order_id, payment_reference, staff_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![card, amount, reason, order, payment, staff, now])?;
    Ok(())
}

/// Takes `amount` off the card inside the transaction that spends it; refused when less is left.
pub(super) fn spend(tx: &Connection, card: &str, amount: Kobo, reason: &str, payment: &str, now: i64) -> AppResult<()> {
    let left = balance(tx, card)?;
    if amount <= Kobo::ZERO || amount > left {
        return Err(AppError::Conflict(format!(
            "Your gift card has {} left: it cannot pay {}. Please check your order and pay again.",
            crate::money::format_naira(left),
            crate::money::format_naira(amount)
        )));
    }
    record(tx, card, Kobo::ZERO - amount, reason, None, Some(payment), None, now)?;
    Ok(())
}

/// Issues a new card for `amount`: its id and whole code.
pub fn issue(tx: &Connection, amount: Kobo, note: Option<&str>, by: &UserId, now: i64) -> AppResult<IssuedCard> {
    if amount <= Kobo::ZERO || amount > MAX_ISSUE {
        return Err(AppError::Validation(format!(
            "A gift card is for more than ₦0 and at most {}.",
            crate::money::format_naira(MAX_ISSUE)
        )));
    }
    let note = note.map(str::trim).filter(|n| !n.is_empty()).map(|n| n.chars().take(NOTE_MAX).collect::<String>());
    let code = crate::util::random_from(ALPHABET, CODE_LEN);
    let id = crate::util::new_id();
    tx.prepare_cached(
        "INSERT INTO gift_cards (id, code_hash, last4, initial_kobo, note, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![id, hash(&code), &code[CODE_LEN - 4..], amount, note, by, now])?;
    record(tx, &id, amount, "Issued", None, None, Some(by), now)?;
    let card = by_id(tx, &id)?.ok_or_else(|| AppError::internal("the card just issued is missing"))?;
    Ok(IssuedCard { code: grouped(&code), card })
}

/// Disables a card (nothing more can be spent from it) or enables it again.
pub fn set_disabled(tx: &Connection, id: &str, disabled: bool, now: i64) -> AppResult<GiftCard> {
    let changed = tx
        .prepare_cached("UPDATE gift_cards SET disabled_at = CASE WHEN ?2 THEN COALESCE(disabled_at, ?3) ELSE NULL END WHERE id = ?1")?
        .execute(params![id, disabled, now])?;
    if changed == 0 {
        return Err(AppError::NotFound("Gift card not found.".into()));
    }
    by_id(tx, id)?.ok_or_else(|| AppError::NotFound("Gift card not found.".into()))
}

const SUMMARY: &str = "SELECT g.id, g.last4, g.initial_kobo,
        (SELECT COALESCE(SUM(e.amount_kobo), 0) FROM gift_card_entries e WHERE e.card_id = g.id),
        g.note, g.created_at, g.disabled_at,
        (SELECT COUNT(DISTINCT e.order_id) FROM gift_card_entries e WHERE e.card_id = g.id AND e.order_id IS NOT NULL)
    FROM gift_cards g";

fn summary(r: &rusqlite::Row) -> rusqlite::Result<GiftCard> {
    Ok(GiftCard {
        id: r.get(0)?,
        last4: r.get(1)?,
        initial: r.get(2)?,
        balance: r.get(3)?,
        note: r.get(4)?,
        created_at: r.get(5)?,
        disabled_at: r.get(6)?,
        orders: r.get(7)?,
    })
}

pub fn by_id(conn: &Connection, id: &str) -> rusqlite::Result<Option<GiftCard>> {
    conn.prepare_cached(&format!("{SUMMARY} WHERE g.id = ?1"))?.query_row([id], summary).optional()
}

/// Every card, newest first (at most 500).
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<GiftCard>> {
    conn.prepare_cached(&format!("{SUMMARY} ORDER BY g.created_at DESC, g.id LIMIT 500"))?.query_map([], summary)?.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_without_spaces_dashes_or_case() {
        assert_eq!(normalise("abcd-efgh jkmn-pqrs").as_deref(), Some("ABCDEFGHJKMNPQRS"));
        assert!(normalise("ABCD-EFGH-JKMN-PQR0").is_none(), "0 is not in the alphabet");
        assert!(normalise("ABCD").is_none());
        assert_eq!(grouped("ABCDEFGHJKMNPQRS"), "ABCD-EFGH-JKMN-PQRS");
        let code = crate::util::random_from(ALPHABET, CODE_LEN);
        assert_eq!(normalise(&grouped(&code)).as_deref(), Some(code.as_str()));
    }
}
