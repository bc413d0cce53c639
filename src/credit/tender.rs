//! Store credit and gift cards as tender at checkout: how much of a total they pay, the spend
//! written in the transaction that records the payment (and holds its stock), the spend given back
//! once when the payment never completes, and kept when it does.
//!
//! A spend is a negative ledger entry marked with the payment's reference, plus a row in
//! `tender_holds` while the payment is open. Ending the payment unpaid (cancelled, superseded,
//! expired) deletes the hold and writes the positive entry that gives the money back; completing it
//! deletes the hold and the spend stands. Both happen in the one transaction that decides, so a
//! spend is given back at most once and never also kept.

use rusqlite::{Connection, params};
use serde::Serialize;

use super::gift_cards;
use crate::error::{AppError, AppResult};
use crate::ids::{OrderId, PaymentReference, UserId};
use crate::money::Kobo;

/// Why a shopper's store credit can or cannot pay at this checkout.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CreditStatus {
    /// Nothing to spend.
    None,
    /// The credit may pay (the shopper chooses "Use it").
    Usable,
    /// Credit is held for the account's e-mail, which the account has not proved it owns yet.
    Unproven,
    /// A guest: credit is spent by signing in to an account with that e-mail.
    Guest,
}

/// What store credit does for this checkout.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditOffer {
    pub status: CreditStatus,
    /// What the shopper has (for a guest, what her checkout e-mail holds).
    #[schema(value_type = i64)]
    pub balance: Kobo,
    /// What it pays of this order (0 unless asked for and usable).
    #[schema(value_type = i64)]
    pub applied: Kobo,
}

/// What a gift card entered at checkout does for it.
#[derive(Serialize, Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardOffer {
    pub last4: String,
    #[schema(value_type = i64)]
    pub balance: Kobo,
    #[schema(value_type = i64)]
    pub applied: Kobo,
}

/// How a checkout's total is paid: by credit, a gift card, and the rest through Paystack.
#[derive(Debug, Clone)]
pub struct Plan {
    pub credit: CreditOffer,
    /// The card's id with its offer.
    pub gift: Option<(String, GiftCardOffer)>,
    /// The account e-mail whose credit pays (when it does).
    pub credit_email: Option<String>,
    /// What Paystack charges: 0, or at least its minimum.
    pub rest: Kobo,
}

impl Plan {
    pub fn credit_kobo(&self) -> Kobo {
        self.credit.applied
    }

    pub fn gift_kobo(&self) -> Kobo {
        self.gift.as_ref().map_or(Kobo::ZERO, |(_, g)| g.applied)
    }

    pub fn gift_card_id(&self) -> Option<&str> {
        self.gift.as_ref().map(|(id, _)| id.as_str())
    }
}

/// What a shopper asks of her credit and a gift card.
#[derive(Default, Clone, Copy)]
pub struct Ask<'a> {
    pub use_credit: bool,
    pub gift_code: Option<&'a str>,
    /// A guest's checkout e-mail, to say "sign in to use your store credit" when it holds some.
    pub guest_email: Option<&'a str>,
}

/// The account `owner` (not a guest) with her e-mail, and whether she has proved it.
fn account(conn: &Connection, owner: &UserId) -> rusqlite::Result<Option<(String, bool)>> {
    use rusqlite::OptionalExtension;
    let email: Option<String> =
        conn.prepare_cached("SELECT email FROM users WHERE id = ?1 AND guest = 0")?.query_row([owner], |r| r.get(0)).optional()?;
    let Some(email) = email else { return Ok(None) };
    let proven = super::proof::is_proven(conn, owner, &email)?;
    Ok(Some((email, proven)))
}

/// Whether account `owner` has store credit she may spend now.
pub fn credit_usable(conn: &Connection, owner: &UserId) -> rusqlite::Result<bool> {
    let Some((email, proven)) = account(conn, owner)? else { return Ok(false) };
    Ok(proven && super::balance(conn, &email)? > Kobo::ZERO)
}

/// Plans how `total` is paid for `owner`: a gift card first (up to its balance), then her credit
/// when she asks and may; what is left goes through Paystack, which takes nothing under its
/// minimum, so a rest below it is made up by taking that much less from credit or the card.
pub fn plan(conn: &Connection, owner: &UserId, total: Kobo, ask: Ask) -> AppResult<Plan> {
    let mut left = total;
    let mut gift = match ask.gift_code.map(str::trim).filter(|c| !c.is_empty()) {
        Some(code) => {
            let card = gift_cards::usable(conn, code)?;
            let applied = card.balance.min(left);
            left -= applied;
            Some((card.id, GiftCardOffer { last4: card.last4, balance: card.balance, applied }))
        }
        None => None,
    };
    let mut credit_email = None;
    let mut credit = match account(conn, owner)? {
        Some((email, proven)) => {
            let balance = super::balance(conn, &email)?;
            let status = match (balance > Kobo::ZERO, proven) {
                (false, _) => CreditStatus::None,
                (true, false) => CreditStatus::Unproven,
                (true, true) => CreditStatus::Usable,
            };
            let applied = if ask.use_credit && status == CreditStatus::Usable { balance.min(left) } else { Kobo::ZERO };
            if applied > Kobo::ZERO {
                credit_email = Some(email);
            }
            CreditOffer { status, balance, applied }
        }
        None => {
            let held = ask.guest_email.map(|e| super::balance(conn, e)).transpose()?.unwrap_or(Kobo::ZERO);
            let status = if held > Kobo::ZERO { CreditStatus::Guest } else { CreditStatus::None };
            CreditOffer { status, balance: held, applied: Kobo::ZERO }
        }
    };
    left -= credit.applied;
    let minimum = crate::paystack::MINIMUM_KOBO;
    if left > Kobo::ZERO && left < minimum {
        // Paystack cannot charge less than its minimum: credit (else the card) pays that much less.
        let short = minimum - left;
        if credit.applied > Kobo::ZERO {
            credit.applied = (credit.applied - short).max(Kobo::ZERO);
        } else if let Some((_, card)) = gift.as_mut() {
            card.applied = (card.applied - short).max(Kobo::ZERO);
        }
        left = minimum;
        if credit.applied == Kobo::ZERO {
            credit_email = None;
        }
    }
    if gift.as_ref().is_some_and(|(_, g)| g.applied == Kobo::ZERO) && total > Kobo::ZERO {
        return Err(AppError::Validation(format!(
            "The gift card cannot pay part of this order: the least Paystack takes is {}.",
            crate::money::format_naira(minimum)
        )));
    }
    Ok(Plan { credit, gift, credit_email, rest: left })
}

pub const CREDIT: &str = "credit";
pub const GIFT_CARD: &str = "gift_card";

/// Spends what `plan` takes from credit and the gift card for `reference`, inside the transaction
/// that records the payment: each spend checks its balance there, so racing checkouts cannot take
/// one balance below zero. With `held_until` the spends are held for an open payment and given back
/// if it never completes; without, the payment completed at once (a total paid without Paystack).
pub fn spend(tx: &Connection, reference: &PaymentReference, plan: &Plan, held_until: Option<i64>, now: i64) -> AppResult<()> {
    let reason = "Spent at checkout";
    if let Some(email) = plan.credit_email.as_deref().filter(|_| plan.credit_kobo() > Kobo::ZERO) {
        let key = super::holder(email)?;
        let left = super::balance_of_key(tx, &key)?;
        if plan.credit_kobo() > left {
            return Err(AppError::Conflict(format!(
                "Your store credit is {}: it cannot pay {}. Please check your order and pay again.",
                crate::money::format_naira(left),
                crate::money::format_naira(plan.credit_kobo())
            )));
        }
        let spent = Kobo::ZERO - plan.credit_kobo();
        super::record_for_payment(tx, &key, spent, reason, super::Source::default(), Some(reference.as_str()), now)?;
        if let Some(until) = held_until {
            hold(tx, reference, CREDIT, &key, plan.credit_kobo(), until)?;
        }
    }
    if let Some((card, offer)) = plan.gift.as_ref().filter(|(_, g)| g.applied > Kobo::ZERO) {
        gift_cards::spend(tx, card, offer.applied, reason, reference.as_str(), now)?;
        if let Some(until) = held_until {
            hold(tx, reference, GIFT_CARD, card, offer.applied, until)?;
        }
    }
    Ok(())
}

fn hold(tx: &Connection, reference: &PaymentReference, kind: &str, holder: &str, amount: Kobo, until: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("INSERT INTO tender_holds (payment_reference, kind, holder, amount_kobo, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")?
        .execute(params![reference, kind, holder, amount, until])?;
    Ok(())
}

/// Gives back what an unpaid payment took from credit and a gift card (its holds), once.
pub fn release(tx: &Connection, reference: &PaymentReference, now: i64) -> rusqlite::Result<usize> {
    let holds: Vec<(String, String, Kobo)> = tx
        .prepare_cached("DELETE FROM tender_holds WHERE payment_reference = ?1 RETURNING kind, holder, amount_kobo")?
        .query_map([reference], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let reason = "Given back: the payment was not completed";
    for (kind, holder, amount) in &holds {
        if kind == CREDIT {
            super::record_for_payment(tx, holder, *amount, reason, super::Source::default(), Some(reference.as_str()), now)?;
        } else {
            gift_cards::record(tx, holder, *amount, reason, None, Some(reference.as_str()), None, now)?;
        }
    }
    Ok(holds.len())
}

/// Gives back the holds that ran out by `now`.
pub fn release_expired(tx: &Connection, now: i64) -> rusqlite::Result<usize> {
    let expired: Vec<PaymentReference> = tx
        .prepare_cached("SELECT DISTINCT payment_reference FROM tender_holds WHERE expires_at <= ?1")?
        .query_map([now], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut released = 0;
    for reference in expired {
        released += release(tx, &reference, now)?;
    }
    Ok(released)
}

/// Keeps a transfer's holds as long as its stock is held.
pub fn extend(tx: &Connection, reference: &str, until: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE tender_holds SET expires_at = MAX(expires_at, ?2) WHERE payment_reference = ?1")?
        .execute(params![reference, until])?;
    Ok(())
}

/// What a completed payment's credit and gift card paid, and what they could not.
#[derive(Default, Debug, Clone, Copy)]
pub struct Paid {
    pub credit: Kobo,
    pub gift: Kobo,
    /// Taken back too late: a payment completed after its spend was given back, and the balance no
    /// longer covers it. Still owed on the order.
    pub short: Kobo,
}

/// What a payment was started with: credit (for this e-mail) and a gift card.
pub struct Planned<'a> {
    pub credit: Kobo,
    pub email: &'a str,
    pub gift: Kobo,
    pub gift_card: Option<&'a str>,
}

/// Settles a payment that completed: its held spends stand (the holds go). A spend already given
/// back (the money came after the payment was ended) is taken again as far as the balance allows;
/// what it cannot take is `short`, owed on the order.
pub fn settle(tx: &Connection, reference: &PaymentReference, planned: &Planned, now: i64) -> AppResult<Paid> {
    let held: Vec<String> = tx
        .prepare_cached("DELETE FROM tender_holds WHERE payment_reference = ?1 RETURNING kind")?
        .query_map([reference], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut paid = Paid { credit: planned.credit, gift: planned.gift, short: Kobo::ZERO };
    let reason = "Spent at checkout (payment completed late)";
    if planned.credit > Kobo::ZERO && !held.iter().any(|k| k == CREDIT) && spent_for(tx, "credit_entries", reference)? >= Kobo::ZERO {
        let key = super::holder(planned.email)?;
        let take = super::balance_of_key(tx, &key)?.max(Kobo::ZERO).min(planned.credit);
        if take > Kobo::ZERO {
            super::record_for_payment(tx, &key, Kobo::ZERO - take, reason, super::Source::default(), Some(reference.as_str()), now)?;
        }
        paid.short += planned.credit - take;
        paid.credit = take;
    }
    if let Some(card) = planned.gift_card
        && planned.gift > Kobo::ZERO
        && !held.iter().any(|k| k == GIFT_CARD)
        && spent_for(tx, "gift_card_entries", reference)? >= Kobo::ZERO
    {
        let take = gift_cards::balance(tx, card)?.max(Kobo::ZERO).min(planned.gift);
        if take > Kobo::ZERO {
            gift_cards::record(tx, card, Kobo::ZERO - take, reason, None, Some(reference.as_str()), None, now)?;
        }
        paid.short += planned.gift - take;
        paid.gift = take;
    }
    Ok(paid)
}

/// The net of a payment's entries in one ledger: negative while its spend stands.
fn spent_for(conn: &Connection, table: &str, reference: &PaymentReference) -> rusqlite::Result<Kobo> {
    conn.prepare_cached(&format!("SELECT COALESCE(SUM(amount_kobo), 0) FROM {table} WHERE payment_reference = ?1"))?
        .query_row([reference], |r| r.get(0))
}

/// Marks a completed payment's spends with the order they paid for.
pub fn attach_order(tx: &Connection, reference: &PaymentReference, order: &OrderId) -> rusqlite::Result<()> {
    for table in ["credit_entries", "gift_card_entries"] {
        tx.prepare_cached(&format!(
            "UPDATE {table} SET order_id = ?2 WHERE payment_reference = ?1 AND order_id IS NULL AND amount_kobo < 0"
        ))?
        .execute(params![reference, order])?;
    }
    Ok(())
}

/// Where an order's non-card money goes back to.
#[derive(serde::Deserialize, Debug, Clone, Copy, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReturnTo {
    Credit,
    GiftCard,
}

/// What was returned already of an order's credit and gift-card parts.
pub fn returned(conn: &Connection, order: &OrderId, reference: &PaymentReference) -> rusqlite::Result<(Kobo, Kobo)> {
    let credit = conn
        .prepare_cached(
            "SELECT COALESCE(SUM(amount_kobo), 0) FROM credit_entries WHERE order_id = ?1 AND payment_reference = ?2 AND amount_kobo > 0",
        )?
        .query_row(params![order, reference], |r| r.get(0))?;
    let gift = conn
        .prepare_cached("SELECT COALESCE(SUM(amount_kobo), 0) FROM gift_card_entries WHERE order_id = ?1 AND amount_kobo > 0")?
        .query_row([order], |r| r.get(0))?;
    Ok((credit, gift))
}

/// Gives back part of what an order's credit or gift card paid, to the ledger it came from: at most
/// what was paid that way less what was returned already (checked in this transaction, so racing
/// returns cannot add up to more). `amount` None: all that is left.
pub fn return_to(
    tx: &Connection,
    order: &crate::orders::Order,
    to: ReturnTo,
    amount: Option<Kobo>,
    reason: &str,
    by: &UserId,
    now: i64,
) -> AppResult<Kobo> {
    let (credit_back, gift_back) = returned(tx, &order.id, &order.payment_reference)?;
    let (paid, back) = match to {
        ReturnTo::Credit => (order.payment.paid_by_credit, credit_back),
        ReturnTo::GiftCard => (order.payment.paid_by_gift_card, gift_back),
    };
    let left = (paid - back).max(Kobo::ZERO);
    let what = if to == ReturnTo::Credit { "store credit" } else { "the gift card" };
    if left == Kobo::ZERO {
        return Err(AppError::Conflict(format!("Nothing paid by {what} is left to return on this order.")));
    }
    let amount = amount.unwrap_or(left);
    if amount <= Kobo::ZERO {
        return Err(AppError::Validation("The amount to return must be more than ₦0.00.".into()));
    }
    if amount > left {
        return Err(AppError::Conflict(format!(
            "At most {} paid by {what} is left to return on this order.",
            crate::money::format_naira(left)
        )));
    }
    let reason = reason.trim();
    let reason = if reason.is_empty() { format!("Returned from order #{}", order.number) } else { reason.to_string() };
    match to {
        ReturnTo::Credit => {
            let key: String = tx.query_row(
                "SELECT email_key FROM credit_entries WHERE payment_reference = ?1 AND amount_kobo < 0 LIMIT 1",
                [&order.payment_reference],
                |r| r.get(0),
            )?;
            let from = super::Source { order: Some(&order.id), return_id: None, staff: Some(by) };
            super::record_for_payment(tx, &key, amount, &reason, from, Some(order.payment_reference.as_str()), now)?;
        }
        ReturnTo::GiftCard => {
            let card: String =
                tx.query_row("SELECT card_id FROM gift_card_entries WHERE order_id = ?1 AND amount_kobo < 0 LIMIT 1", [&order.id], |r| {
                    r.get(0)
                })?;
            gift_cards::record(tx, &card, amount, &reason, Some(&order.id), Some(order.payment_reference.as_str()), Some(by), now)?;
        }
    }
    Ok(amount)
}

/// [`return_to`] for the order `id`, answering the order as the back office shows it.
pub fn return_for_order(
    tx: &Connection,
    id: &OrderId,
    to: ReturnTo,
    amount: Option<Kobo>,
    reason: &str,
    by: &UserId,
    now: i64,
) -> AppResult<crate::orders::AdminOrder> {
    let order = crate::orders::by_id(tx, id)?.ok_or_else(crate::orders::order_not_found)?;
    return_to(tx, &order, to, amount, reason, by, now)?;
    crate::orders::admin_order(tx, id)
}

/// Returns all that is left of an order's credit and gift-card parts (a cancelled order's refund).
pub fn return_all(tx: &Connection, id: &OrderId, by: &UserId, now: i64) -> AppResult<()> {
    let order = crate::orders::by_id(tx, id)?.ok_or_else(crate::orders::order_not_found)?;
    let p = &order.payment;
    if p.paid_by_credit > p.credit_returned {
        return_to(tx, &order, ReturnTo::Credit, None, "Order cancelled", by, now)?;
    }
    if p.paid_by_gift_card > p.gift_card_returned {
        return_to(tx, &order, ReturnTo::GiftCard, None, "Order cancelled", by, now)?;
    }
    Ok(())
}
