//! Discount codes: percentage or fixed naira off the subtotal, or free delivery, with optional
//! conditions (minimum subtotal, dates, a total and a per-customer limit, collections). A code's
//! use is held when a payment starts, inside the transaction that records it (so a code that ran
//! out between Apply and Pay is refused before paying), given back with the payment's other holds,
//! and counted once when the payment completes.

pub mod routes;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::identity::Identity;
use crate::ids::PaymentReference;
use crate::money::Kobo;
use crate::money::format_naira;
use crate::pricing::{Discount, Offer};

/// Longest code a shopper can type; anything longer cannot exist.
pub const MAX_CODE: usize = 32;

pub const NOT_VALID: &str = "This code is not valid";
pub const EXPIRED: &str = "This code has expired";
pub const USED_UP: &str = "This code has been used up";

crate::text_enum! {
    /// What a code takes off.
    pub enum Kind {
        Percent => "percent",
        Fixed => "fixed",
        FreeDelivery => "free-delivery",
    }
}

/// A code as stored.
#[derive(Debug, Clone)]
pub struct Code {
    pub code: String,
    pub kind: Kind,
    pub percent: Option<i64>,
    pub amount: Option<Kobo>,
    pub min_subtotal: Kobo,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub max_uses: Option<i64>,
    pub per_customer: Option<i64>,
    pub collections: Vec<String>,
    pub paused: bool,
}

impl Code {
    pub fn discount(&self) -> Discount {
        let offer = match self.kind {
            Kind::Percent => Offer::Percent(self.percent.unwrap_or(0)),
            Kind::Fixed => Offer::Fixed(self.amount.unwrap_or(Kobo::ZERO)),
            Kind::FreeDelivery => Offer::FreeDelivery,
        };
        Discount { offer, collections: self.collections.clone() }
    }
}

/// Codes are letters, digits, `-` and `_`; what a shopper typed is trimmed and matched in any case.
pub fn plausible(code: &str) -> bool {
    (1..=MAX_CODE).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

const COLUMNS: &str =
    "code, kind, percent, amount_kobo, min_subtotal_kobo, starts_at, ends_at, max_uses, per_customer, collections, paused";

fn from_row(r: &rusqlite::Row) -> rusqlite::Result<Code> {
    Ok(Code {
        code: r.get(0)?,
        kind: r.get(1)?,
        percent: r.get(2)?,
        amount: r.get(3)?,
        min_subtotal: r.get(4)?,
        starts_at: r.get(5)?,
        ends_at: r.get(6)?,
        max_uses: r.get(7)?,
        per_customer: r.get(8)?,
        collections: serde_json::from_str(&r.get::<_, String>(9)?).unwrap_or_default(),
        paused: r.get(10)?,
    })
}

/// The code a shopper typed, checked against its conditions for this customer and subtotal, or
/// the reason it cannot be used. A customer is counted by her account, e-mail and phone (see
/// `identity`): a fresh guest with the same details is still her. Uses held by her own earlier
/// unpaid checkouts under this account do not count (a new checkout gives them back).
pub fn usable(conn: &Connection, typed: &str, who: &Identity, subtotal: Kobo, now: i64) -> AppResult<Code> {
    let typed = typed.trim();
    let invalid = || AppError::Validation(NOT_VALID.into());
    if !plausible(typed) {
        return Err(invalid());
    }
    let code = conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM discount_codes WHERE code = ?1"))?
        .query_row([typed], from_row)
        .optional()?
        .ok_or_else(invalid)?;
    if code.paused || code.starts_at.is_some_and(|t| now < t) {
        return Err(invalid());
    }
    if code.ends_at.is_some_and(|t| now >= t) {
        return Err(AppError::Validation(EXPIRED.into()));
    }
    if subtotal < code.min_subtotal {
        return Err(AppError::Validation(format!("Spend {} or more to use this code", format_naira(code.min_subtotal))));
    }
    // Counting reads every use the code has had (a popular code's thousands, inside the checkout's
    // write transaction): a code without limits has nothing to count.
    if code.max_uses.is_none() && code.per_customer.is_none() {
        return Ok(code);
    }
    let (all, mine) = counted(conn, &code.code, who, now, Counting::OthersHeld)?;
    if code.max_uses.is_some_and(|max| all >= max) {
        return Err(AppError::Validation(USED_UP.into()));
    }
    if code.per_customer.is_some_and(|max| mine >= max) {
        return Err(AppError::Validation(ALREADY_USED.into()));
    }
    Ok(code)
}

pub const ALREADY_USED: &str = "You have already used this code";

/// Which held uses count beside the used ones.
#[derive(Clone, Copy)]
enum Counting {
    /// Those of other accounts or guests (a new checkout gives this one's own back).
    OthersHeld,
    /// All of them (a payment completing without its hold).
    AllHeld,
}

/// A code's uses that count against its limits at `now`: all of them, and those of this customer
/// (her account, or any of her e-mail and phone keys).
fn counted(conn: &Connection, code: &str, who: &Identity, now: i64, counting: Counting) -> rusqlite::Result<(i64, i64)> {
    conn.prepare_cached(
        "SELECT COUNT(*),
                COUNT(*) FILTER (WHERE u.user_id = :user OR u.email_key IN (SELECT value FROM json_each(:emails))
                                 OR u.phone_key IN (SELECT value FROM json_each(:phones)))
         FROM discount_uses u
         WHERE u.code = :code
           AND (u.status = 'used' OR (u.status = 'held' AND u.expires_at > :now AND (:all OR u.user_id != :user)))",
    )?
    .query_row(
        rusqlite::named_params! {
            ":code": code,
            ":user": who.user,
            ":emails": who.emails_json(),
            ":phones": who.phones_json(),
            ":now": now,
            ":all": matches!(counting, Counting::AllHeld),
        },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Holds one use of `code` for the payment `reference` until `expires_at`, in `who`'s name.
pub fn hold(
    tx: &Connection,
    code: &Code,
    reference: &PaymentReference,
    who: &Identity,
    discount: Kobo,
    expires_at: i64,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO discount_uses (payment_reference, code, user_id, email_key, phone_key, discount_kobo, status, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'held', ?7, ?8)",
    )?
    .execute(params![reference, code.code, who.user, who.email(), who.phone(), discount, expires_at, crate::db::now_ms()])?;
    Ok(())
}

/// Gives back the use held for `reference`, if any.
pub fn release(tx: &Connection, reference: &PaymentReference) -> rusqlite::Result<usize> {
    tx.prepare_cached("DELETE FROM discount_uses WHERE payment_reference = ?1 AND status = 'held'")?.execute([reference])
}

/// Gives back the use an order counted, when nothing was paid with it (refused at delivery).
pub fn give_back_use(tx: &Connection, reference: &str) -> rusqlite::Result<usize> {
    tx.prepare_cached("DELETE FROM discount_uses WHERE payment_reference = ?1")?.execute([reference])
}

/// Gives back held uses that ran out by `now`.
pub fn release_expired(tx: &Connection, now: i64) -> rusqlite::Result<usize> {
    tx.prepare_cached("DELETE FROM discount_uses WHERE status = 'held' AND expires_at <= ?1")?.execute([now])
}

/// Counts the use of a completed payment once. Its hold becomes a use. Without a hold (it lapsed,
/// or the payment was ended and paid anyway) the use counts only while the code's limits still
/// allow it, counting the uses other payments hold; past them nothing is counted, and the caller
/// flags the order for the merchant (the customer paid the discounted price; the money is never
/// refused). Returns whether the use was within the code's limits.
pub fn count_use(
    tx: &Connection,
    reference: &PaymentReference,
    code: &str,
    who: &Identity,
    discount: Kobo,
    now: i64,
) -> rusqlite::Result<bool> {
    let held = tx
        .prepare_cached("UPDATE discount_uses SET status = 'used', expires_at = NULL WHERE payment_reference = ?1 AND status = 'held'")?
        .execute([reference])?;
    if held == 1 {
        return Ok(true);
    }
    let limits: Option<(Option<i64>, Option<i64>)> = tx
        .prepare_cached("SELECT max_uses, per_customer FROM discount_codes WHERE code = ?1")?
        .query_row([code], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    // A code deleted since has no limits left to keep.
    let Some((max_uses, per_customer)) = limits else { return Ok(true) };
    let (all, mine) = counted(tx, code, who, now, Counting::AllHeld)?;
    if max_uses.is_some_and(|max| all >= max) || per_customer.is_some_and(|max| mine >= max) {
        return Ok(false);
    }
    tx.prepare_cached(
        "INSERT INTO discount_uses (payment_reference, code, user_id, email_key, phone_key, discount_kobo, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'used', ?7)",
    )?
    .execute(params![reference, code, who.user, who.email(), who.phone(), discount, now])?;
    Ok(true)
}

/// A code as the admin sees it, with what it has done.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSummary {
    code: String,
    kind: Kind,
    percent: Option<i64>,
    #[schema(value_type = Option<i64>)]
    amount: Option<Kobo>,
    #[schema(value_type = i64)]
    min_subtotal: Kobo,
    starts_at: Option<i64>,
    ends_at: Option<i64>,
    max_uses: Option<i64>,
    per_customer: Option<i64>,
    collections: Vec<String>,
    paused: bool,
    /// Completed payments that used it.
    uses: i64,
    /// Uses held by payments in progress.
    held: i64,
    /// What orders with this code were paid in total.
    #[schema(value_type = i64)]
    revenue: Kobo,
    /// What the code took off those orders.
    #[schema(value_type = i64)]
    discounted: Kobo,
}

/// Writes a new code; a code that exists already is a conflict, an unknown collection a refusal.
/// `new` is checked (amounts in kobo, dates as Unix ms); it starts unpaused whatever it says.
pub fn create(tx: &Connection, new: &Code, now: i64) -> AppResult<CodeSummary> {
    for collection in &new.collections {
        let known: bool = tx.query_row("SELECT EXISTS(SELECT 1 FROM collections WHERE id = ?1)", [collection], |r| r.get(0))?;
        if !known {
            return Err(AppError::Validation("A chosen collection does not exist.".into()));
        }
    }
    let code = &new.code;
    tx.execute(
        "INSERT INTO discount_codes (code, kind, percent, amount_kobo, min_subtotal_kobo, starts_at, ends_at, max_uses, per_customer,
                                     collections, created_at)
         VALUES (:code, :kind, :percent, :amount, :min_subtotal, :starts_at, :ends_at, :max_uses, :per_customer,
                 :collections, :now)",
        rusqlite::named_params! {
            ":code": code,
            ":kind": new.kind,
            ":percent": new.percent,
            ":amount": new.amount,
            ":min_subtotal": new.min_subtotal,
            ":starts_at": new.starts_at,
            ":ends_at": new.ends_at,
            ":max_uses": new.max_uses,
            ":per_customer": new.per_customer,
            ":collections": serde_json::to_string(&new.collections).map_err(AppError::internal)?,
            ":now": now,
        },
    )
    .map_err(|e| {
        if crate::db::is_unique_violation(&e) { AppError::Conflict(format!("The code {code} already exists.")) } else { e.into() }
    })?;
    summaries(tx, Some(code))?.pop().ok_or_else(|| AppError::internal("the new code vanished"))
}

/// Pauses a code (shoppers are told it is not valid) or resumes it.
pub fn set_paused(tx: &Connection, code: &str, paused: bool) -> AppResult<CodeSummary> {
    if tx.execute("UPDATE discount_codes SET paused = ?2 WHERE code = ?1", params![code, paused])? == 0 {
        return Err(unknown_code());
    }
    summaries(tx, Some(code))?.pop().ok_or_else(unknown_code)
}

pub fn unknown_code() -> AppError {
    AppError::NotFound("That code does not exist.".into())
}

fn summaries(conn: &Connection, only: Option<&str>) -> rusqlite::Result<Vec<CodeSummary>> {
    let sql = format!(
        "SELECT {COLUMNS},
            (SELECT COUNT(*) FROM discount_uses u WHERE u.code = c.code AND u.status = 'used'),
            (SELECT COUNT(*) FROM discount_uses u WHERE u.code = c.code AND u.status = 'held'),
            (SELECT COALESCE(SUM(o.total_kobo), 0) FROM orders o WHERE o.discount_code = c.code AND o.status != 'cancelled'),
            (SELECT COALESCE(SUM(o.discount_kobo), 0) FROM orders o WHERE o.discount_code = c.code AND o.status != 'cancelled')
         FROM discount_codes c WHERE (?1 IS NULL OR c.code = ?1) ORDER BY c.created_at DESC"
    );
    conn.prepare_cached(&sql)?
        .query_map([only], |r| {
            let c = from_row(r)?;
            Ok(CodeSummary {
                code: c.code,
                kind: c.kind,
                percent: c.percent,
                amount: c.amount,
                min_subtotal: c.min_subtotal,
                starts_at: c.starts_at,
                ends_at: c.ends_at,
                max_uses: c.max_uses,
                per_customer: c.per_customer,
                collections: c.collections,
                paused: c.paused,
                uses: r.get(11)?,
                held: r.get(12)?,
                revenue: r.get(13)?,
                discounted: r.get(14)?,
            })
        })?
        .collect()
}
