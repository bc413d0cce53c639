//! Completing a payment: one routine, shared by the browser's verify, the signed webhook and the
//! reconciler, that creates the order once when Paystack reports exactly the expected success.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::{PaymentReference, UserId};
use crate::money::{Kobo, format_naira};
use crate::orders::links::{self as pay_links, PayLink};
use crate::orders::{self, Address, Order, OrderItem, OrderStatus, Price};
use crate::paystack::{Transaction as PaidTransaction, Verified, plausible_reference};

#[derive(Serialize, utoipa::ToSchema)]
pub struct VerifiedPayment {
    success: bool,
    #[schema(value_type = String)]
    reference: PaymentReference,
    /// The order, when the payment completed.
    order: Option<Order>,
    /// Why not, when it did not: Paystack's status, "pending" or "mismatch".
    status: Option<String>,
    message: Option<String>,
    /// How it is paid or being paid, as Paystack reports it (card, bank_transfer, ussd…).
    channel: Option<String>,
}

impl Payments {
    /// SPEC's verifyTransaction for `owner`'s reference: a finished payment answers from the
    /// database; an open one is asked of Paystack when `may_ask` allows (browsers get a few calls
    /// per reference; the webhook and reconciler are not limited) and completed on a matching
    /// `success`.
    #[tracing::instrument(name = "verify", skip_all, fields(user_id = %owner, payment_ref = %reference))]
    pub async fn verify(
        &self,
        owner: &UserId,
        reference: PaymentReference,
        may_ask: impl FnOnce(&str) -> bool,
    ) -> AppResult<VerifiedPayment> {
        let not_found = || AppError::NotFound("Payment not found.".into());
        if !plausible_reference(&reference) {
            return Err(not_found());
        }
        // One read answers a replay of a finished payment (from the database, without asking
        // Paystack again) and says how it is paid; an open one is asked of Paystack, whose
        // completion reports the channel as it left it.
        let (r, u) = (reference.clone(), owner.clone());
        let recorded = self
            .db
            .read(move |c| {
                let found: Option<(PaymentStatus, Option<String>)> = c
                    .prepare_cached("SELECT status, channel FROM payments WHERE reference = ?1 AND user_id = ?2")?
                    .query_row(params![r, u], |row| Ok((row.get(0)?, row.get(1)?)))
                    .optional()?;
                let Some((status, channel)) = found else { return Ok(None) };
                let settled = if status.is_settled() { Some(settled_outcome(c, &r, status)?) } else { None };
                Ok(Some((settled, channel)))
            })
            .await?;
        let Some((settled, channel)) = recorded else { return Err(not_found()) };
        let (outcome, channel) = match settled {
            Some(outcome) => (outcome, channel),
            None if !may_ask(&reference) => (Outcome::NotPaid { status: "pending".into(), message: NOT_CONFIRMED.into() }, channel),
            None => {
                let (outcome, after) = self.ask_paystack_and_complete(&reference).await?;
                (outcome, after.unwrap_or(channel))
            }
        };
        let not_paid = |status: String, message: String| VerifiedPayment {
            success: false,
            reference: reference.clone(),
            order: None,
            status: Some(status),
            message: Some(message),
            channel: channel.clone(),
        };
        Ok(match outcome {
            Outcome::Completed { order, .. } => VerifiedPayment {
                success: true,
                reference: reference.clone(),
                order: Some(*order),
                status: None,
                message: None,
                channel: channel.clone(),
            },
            Outcome::NotPaid { status, message } => not_paid(status, message),
            Outcome::Mismatch => not_paid(
                "mismatch".into(),
                "Your payment could not be confirmed: the amount paid does not match your order. Our team will contact you.".into(),
            ),
            Outcome::Unknown => return Err(not_found()),
        })
    }
}

/// What completing a reference led to.
#[derive(Debug)]
pub enum Outcome {
    /// The order exists; `created` is true only for the call that created it.
    Completed { order: Box<Order>, created: bool },
    /// Paystack does not (yet) report a successful payment.
    NotPaid { status: String, message: String },
    /// Paystack reported success, but not for the amount or currency we asked for.
    Mismatch,
    /// We never issued this reference.
    Unknown,
}

/// What a settled payment answers, from the database. A completed pay link's payment answers the
/// order the merchant made (whose own reference is another), so a verify that comes after the
/// webhook completed it says paid, not mismatch.
fn settled_outcome(conn: &Connection, reference: &PaymentReference, status: PaymentStatus) -> AppResult<Outcome> {
    let order = match orders::by_reference(conn, reference)? {
        Some(order) => Some(order),
        // A link's payment kept as a mismatch is not the order's money.
        None if status != PaymentStatus::Completed => None,
        None => {
            let linked: Option<crate::ids::OrderId> = conn
                .prepare_cached("SELECT l.order_id FROM payments p JOIN pay_links l ON l.token = p.pay_link WHERE p.reference = ?1")?
                .query_row([reference], |r| r.get(0))
                .optional()?;
            linked.map(|id| orders::by_id(conn, &id)).transpose()?.flatten()
        }
    };
    Ok(order.map_or(Outcome::Mismatch, |order| Outcome::Completed { order: Box::new(order), created: false }))
}

/// What the shopper reads while money sent later (a bank transfer, USSD, a bank payment) is on its
/// way: the payment named by its channel, and an e-mail promised only to a customer who gave one.
pub(super) fn waiting_message(channel: Option<&str>, mailed: bool) -> String {
    let what = match channel {
        Some("ussd") => "your USSD payment",
        Some("bank") => "your bank payment",
        _ => "your transfer",
    };
    let then = if mailed { "We'll e-mail you when it arrives." } else { "The shop will confirm your order when it arrives." };
    format!("We're waiting for {what}. {then}")
}

/// Keeps a transfer's holds until the time the merchant lets a transfer take (counted from when
/// the payment started), and records how it is being paid. A transfer past that time keeps its
/// holds no longer: if its money still comes, the order takes what stock is left.
fn wait_for_money(tx: &Transaction, reference: &str, channel: Option<&str>, now: i64) -> AppResult<()> {
    let minutes = crate::settings::load(tx)?.transfer_hold_minutes;
    let until: i64 = tx.query_row(
        "UPDATE payments SET channel = ?2, updated_at = ?3,
                expires_at = MAX(COALESCE(expires_at, 0), created_at + ?4) WHERE reference = ?1 RETURNING expires_at",
        params![reference, channel, now, minutes * 60_000],
        |r| r.get(0),
    )?;
    let held_until = until + super::FORCED_RELEASE_MS;
    tx.execute("UPDATE reservations SET expires_at = MAX(expires_at, ?2) WHERE payment_reference = ?1", params![reference, held_until])?;
    tx.execute(
        "UPDATE discount_uses SET expires_at = MAX(expires_at, ?2) WHERE payment_reference = ?1 AND status = 'held'",
        params![reference, held_until],
    )?;
    crate::credit::tender::extend(tx, reference, held_until)?;
    Ok(())
}

fn not_paid_message(status: &str, gateway_response: &str) -> String {
    match status {
        "failed" | "reversed" if !gateway_response.is_empty() => {
            format!("Your payment could not be confirmed: {gateway_response}.")
        }
        "failed" | "reversed" => "Your payment could not be confirmed: the card was declined.".into(),
        _ => NOT_CONFIRMED.into(),
    }
}

/// The one completion routine: with Paystack's word on a reference, create the order (once) and
/// take what was bought out of the bag, or record why not. One IMMEDIATE transaction; the unique
/// payment reference on orders makes a second creation impossible even if this were raced.
impl Payments {
    #[tracing::instrument(name = "complete_payment", skip_all, fields(payment_ref = %reference))]
    pub async fn complete(&self, reference: &PaymentReference, transaction: PaidTransaction) -> AppResult<Outcome> {
        Ok(self.complete_with_channel(reference, transaction).await?.0)
    }

    /// [`Payments::complete`], with how the payment is paid as recorded after it (the browser's
    /// verify shows it, and gets it without reading the payment again).
    async fn complete_with_channel(
        &self,
        reference: &PaymentReference,
        transaction: PaidTransaction,
    ) -> AppResult<(Outcome, Option<String>)> {
        let r = reference.clone();
        let mailer = self.mailer.clone();
        let now = self.clock.now_ms();
        let (outcome, channel) = self
            .catalogue
            .write(move |tx| {
                let mut taken = Taken::default();
                let outcome = complete_in(tx, &r, &transaction, &mut taken, now)?;
                // The mails are written with the order, so they exist exactly when it does.
                if let Outcome::Completed { order, created: true } = &outcome {
                    queue_order_mails(&mailer, tx, order)?;
                }
                crate::stock::tell_shop(&mailer, tx, &taken.ran_low)?;
                let channel: Option<String> = tx
                    .prepare_cached("SELECT channel FROM payments WHERE reference = ?1")?
                    .query_row([&r], |row| row.get(0))
                    .optional()?
                    .flatten();
                // Units that came out of stock outside a hold change what shoppers see.
                Ok(((outcome, channel), Changes::shown_if(taken.unheld)))
            })
            .await?;
        if let Outcome::Completed { created: true, .. } = &outcome {
            crate::metrics::Metrics::add(&self.metrics.checkouts_completed, 1);
        }
        Ok((outcome, channel))
    }
}

/// Writes the confirmation to the customer and the notice to the shop into the outbox, in the
/// transaction that made the order (for a pay link's payment: that the money came, and what is
/// left to pay).
pub(super) fn queue_order_mails(mailer: &crate::mail::Mailer, tx: &Connection, order: &Order) -> AppResult<()> {
    let link_paid = order.payment.payment_method == orders::PaymentMethod::PayLink;
    let (customer_mail, shop_mail) = if link_paid {
        orders::mails::link_paid(&mailer.shop_name(), mailer.public_url(), order)
    } else {
        orders::mails::new_order(&mailer.shop_name(), mailer.public_url(), order)
    };
    // A pay link's money is "paid"; a checkout's order (paid by card, or to pay on delivery) is
    // "placed", its confirmation saying which.
    let event = if link_paid { crate::messages::Event::Paid } else { crate::messages::Event::Placed };
    let customer_wants_mail = crate::messages::email_wanted(tx, event.kind())?;
    let shop = mailer.shop_address();
    for (to, (subject, body)) in [(order.customer_email.as_str(), &customer_mail), (shop.as_str(), &shop_mail)] {
        if to == order.customer_email && !customer_wants_mail {
            continue;
        }
        mailer.queue(tx, crate::mail::Mail { kind: "order", to, subject, body, unsubscribe: None })?;
    }
    orders::order_event(tx, mailer, order, event, mailer.clock.now_ms())?;
    Ok(())
}

/// What completing did to stock, for the door and the low-stock mail.
#[derive(Default)]
struct Taken {
    unheld: bool,
    ran_low: Vec<crate::stock::RanLow>,
}

/// Moves a payment from `current` to `next`, as the status allows, with the reason an admin sees.
pub(super) fn set_status(
    tx: &Transaction,
    reference: &str,
    current: PaymentStatus,
    next: PaymentStatus,
    reason: Option<&str>,
    now: i64,
) -> AppResult<()> {
    if !current.can_become(next) {
        return Err(AppError::internal(format!("payment {reference} cannot go from {current} to {next}")));
    }
    let mut update = tx.prepare_cached("UPDATE payments SET status = ?1, failure_reason = ?2, updated_at = ?3 WHERE reference = ?4")?;
    update.execute(params![next, reason, now, reference])?;
    Ok(())
}

fn complete_in(tx: &Transaction, reference: &PaymentReference, paid: &PaidTransaction, found: &mut Taken, now: i64) -> AppResult<Outcome> {
    /// The payment as recorded when it started: who, how much, and the bag it pays for.
    struct Recorded {
        user_id: UserId,
        expected: Kobo,
        currency: String,
        status: PaymentStatus,
        name: String,
        email: String,
        phone: String,
        address: String,
        lines: String,
        price: Price,
        customer_note: Option<String>,
        pay_link: Option<String>,
        credit: Kobo,
        gift: Kobo,
        gift_card: Option<String>,
        charge: Option<String>,
    }
    let payment = tx
        .prepare_cached(
            "SELECT user_id, amount_kobo, currency, status, customer_name, customer_email, customer_phone, delivery_address, items,
                    COALESCE(subtotal_kobo, amount_kobo) AS subtotal_kobo, delivery_kobo, discount_kobo, discount_code,
                    delivery_method, delivery_estimate, customer_note, pay_link, credit_kobo, gift_kobo, gift_card_id, charge
             FROM payments WHERE reference = ?1",
        )?
        .query_row([reference], |r| {
            Ok(Recorded {
                user_id: r.get("user_id")?,
                expected: r.get("amount_kobo")?,
                currency: r.get("currency")?,
                status: r.get("status")?,
                name: r.get("customer_name")?,
                email: r.get("customer_email")?,
                phone: r.get("customer_phone")?,
                address: r.get("delivery_address")?,
                lines: r.get("items")?,
                price: Price {
                    subtotal: r.get("subtotal_kobo")?,
                    delivery_fee: r.get("delivery_kobo")?,
                    discount: r.get("discount_kobo")?,
                    discount_code: r.get("discount_code")?,
                    delivery_method: r.get("delivery_method")?,
                    delivery_estimate: r.get("delivery_estimate")?,
                },
                customer_note: r.get("customer_note")?,
                pay_link: r.get("pay_link")?,
                credit: r.get("credit_kobo")?,
                gift: r.get("gift_kobo")?,
                gift_card: r.get("gift_card_id")?,
                charge: r.get("charge")?,
            })
        })
        .optional()?;
    let Some(Recorded {
        user_id,
        expected,
        currency,
        status,
        name,
        email,
        phone,
        address,
        lines,
        price,
        customer_note,
        pay_link,
        credit,
        gift,
        gift_card,
        charge,
    }) = payment
    else {
        return Ok(Outcome::Unknown);
    };
    if status.is_settled() {
        return settled_outcome(tx, reference, status);
    }
    if paid.status != "success" {
        if paid.awaiting_money() {
            // The shopper has sent a transfer (or paid by USSD) that Paystack is waiting for: its
            // holds last as long as the merchant lets a transfer take, and its webhook completes it.
            wait_for_money(tx, reference, paid.channel.as_deref(), now)?;
            // A pay link's payment carries the shop's address when the customer gave none.
            let mailed = match &pay_link {
                Some(token) => tx
                    .query_row(
                        "SELECT o.customer_email != '' FROM pay_links l JOIN orders o ON o.id = l.order_id WHERE l.token = ?1",
                        [token],
                        |r| r.get(0),
                    )
                    .optional()?
                    .unwrap_or(false),
                None => !email.is_empty(),
            };
            return Ok(Outcome::NotPaid { status: "pending".into(), message: waiting_message(paid.channel.as_deref(), mailed) });
        }
        if paid.status == "failed" || paid.status == "reversed" {
            // Not final: a shopper may try another card on the same transaction.
            let reason = format!("Paystack: {} ({})", paid.status, paid.gateway_response);
            set_status(tx, reference, status, PaymentStatus::Failed, Some(&reason), now)?;
        }
        return Ok(Outcome::NotPaid { status: paid.status.clone(), message: not_paid_message(&paid.status, &paid.gateway_response) });
    }
    // Abroad, Paystack was asked for the charge in its currency (`expected` is its naira worth).
    let charge: Option<crate::abroad::Charge> = charge.as_deref().and_then(|json| serde_json::from_str(json).ok());
    let asked = charge.map_or(expected.get(), |c| c.total);
    if paid.reference != reference.as_str() || paid.amount.map(Kobo::get) != Some(asked) || paid.currency != currency {
        let reported = paid.amount.map_or("a non-integer amount".to_string(), |a| format!("{} minor units", a.get()));
        let reason = format!(
            "Paystack reported success for {reported} {} on {}; expected {asked} minor units {currency}",
            paid.currency, paid.reference
        );
        set_status(tx, reference, status, PaymentStatus::Mismatch, Some(&reason), now)?;
        tracing::warn!(payment_ref = %reference, "payment succeeded with a mismatched amount or currency; no order created");
        return Ok(Outcome::Mismatch);
    }
    // A pay link's money belongs to the order the merchant made.
    if let Some(token) = pay_link {
        return complete_link_in(tx, reference, &token, status, paid.channel.as_deref(), now);
    }
    let address: Address = serde_json::from_str(&address).map_err(AppError::internal)?;
    let lines: Vec<OrderItem> = serde_json::from_str(&lines).map_err(AppError::internal)?;
    let mut taken = crate::stock::sell(tx, reference, &lines)?;
    found.ran_low.extend(std::mem::take(&mut taken.ran_low));
    found.unheld |= taken.unheld;
    if taken.oversold {
        tracing::warn!(payment_ref = %reference, "payment completed after its units sold out; the order is flagged oversold");
    }
    let code_over_limit = match &price.discount_code {
        Some(code) => {
            let who = super::identity_of(tx, &user_id, &email, &phone)?;
            !crate::discounts::count_use(tx, reference, code, &who, price.discount, now)?
        }
        None => false,
    };
    if code_over_limit {
        tracing::warn!(payment_ref = %reference, "payment completed after its code's use could no longer be counted; the order is flagged");
    }
    // Store credit (the account's, whose e-mail it was planned for) and a gift card paid the rest.
    let credit_email: String = if credit > Kobo::ZERO {
        tx.query_row("SELECT email FROM users WHERE id = ?1", [&user_id], |r| r.get(0)).optional()?.unwrap_or_default()
    } else {
        String::new()
    };
    let planned = crate::credit::tender::Planned { credit, email: &credit_email, gift, gift_card: gift_card.as_deref() };
    let tendered = crate::credit::tender::settle(tx, reference, &planned, now)?;
    if tendered.short > Kobo::ZERO {
        tracing::warn!(payment_ref = %reference, "payment completed after its credit or gift card was given back and spent; the order owes the rest");
    }
    let order = orders::create(
        tx,
        orders::NewOrder {
            reference,
            user_id: &user_id,
            customer: (&name, &email, &phone),
            address,
            lines,
            from_stock: &taken.from_stock,
            total: expected + credit + gift,
            price,
            oversold: taken.oversold,
            code_over_limit,
            payment_method: orders::PaymentMethod::Paystack,
            payment_channel: paid.channel.clone(),
            details: orders::Details { customer_note, charge, ..Default::default() },
            tender: orders::Tender { credit: tendered.credit, gift: tendered.gift, short: tendered.short, ..Default::default() },
        },
        now,
    )?;
    crate::credit::tender::attach_order(tx, reference, &order.id)?;
    // What was paid for leaves the bag, and only that: lines added while the pop-up was open stay.
    crate::bag::remove_bought(tx, &order.user_id, &order.items)?;
    set_status(tx, reference, status, PaymentStatus::Completed, None, now)?;
    tx.prepare_cached("UPDATE payments SET channel = ?2 WHERE reference = ?1")?.execute(params![reference, paid.channel])?;
    Ok(Outcome::Completed { order: Box::new(order), created: true })
}

/// Asks Paystack about a reference and completes it, unless it is already settled. Used by the
/// webhook and the reconciler.
impl Payments {
    #[tracing::instrument(name = "settle_from_paystack", skip_all, fields(payment_ref = %reference))]
    pub async fn settle_from_paystack(&self, reference: &PaymentReference) -> AppResult<Option<Outcome>> {
        let r = reference.clone();
        let status: Option<PaymentStatus> = self
            .db
            .read(move |c| Ok(c.query_row("SELECT status FROM payments WHERE reference = ?1", [&r], |row| row.get(0)).optional()?))
            .await?;
        match status {
            None => {
                tracing::warn!(payment_ref = %reference, "Paystack told us about a payment this shop never issued; ignored");
                return Ok(None);
            }
            Some(status) if status.is_settled() => return Ok(None),
            Some(_) => {}
        }
        self.ask_paystack_and_complete(reference).await.map(|(outcome, _)| Some(outcome))
    }

    /// Paystack's verify for a reference, then the completion routine on its answer, with the
    /// payment's channel after it (none when nothing was recorded). Paystack not knowing the
    /// reference, or not answering, creates nothing.
    async fn ask_paystack_and_complete(&self, reference: &PaymentReference) -> AppResult<(Outcome, Option<Option<String>>)> {
        match self.paystack.verify(reference).await {
            Ok(Verified::Found(transaction)) => {
                let (outcome, channel) = self.complete_with_channel(reference, transaction).await?;
                Ok((outcome, Some(channel)))
            }
            Ok(Verified::NotFound) => Ok((Outcome::NotPaid { status: "unknown".into(), message: NOT_CONFIRMED.into() }, None)),
            Err(why) => {
                tracing::warn!(payment_ref = %reference, error = %why.0, "verify failed");
                Err(AppError::Upstream(NOT_CONFIRMED.into()))
            }
        }
    }
}

/// The link of `token` and its order, or why the page cannot be shown.
pub(super) fn link_and_order(conn: &Connection, token: &str, now: i64) -> AppResult<(PayLink, Order)> {
    let link = pay_links::by_token(conn, token, now)?
        .ok_or_else(|| AppError::NotFound("This pay link does not exist. Please check the link, or contact the shop.".into()))?;
    let order = crate::orders::by_id(conn, &link.order_id)?.ok_or_else(crate::orders::order_not_found)?;
    Ok((link, order))
}

/// Completes a link's payment that Paystack reports paid in full: the link is paid, the money is
/// the order's, a placed order becomes paid, and links asking for more than is still owed end.
/// Money for an order that was cancelled meanwhile, or more than it still owes, is kept for an
/// admin as a mismatch (to refund, or to restore the order).
fn complete_link_in(
    tx: &Transaction,
    reference: &PaymentReference,
    token: &str,
    current: PaymentStatus,
    channel: Option<&str>,
    now: i64,
) -> AppResult<Outcome> {
    let (link, order) = link_and_order(tx, token, now)?;
    let refuse = |why: String| -> AppResult<Outcome> {
        set_status(tx, reference, current, PaymentStatus::Mismatch, Some(&why), now)?;
        tracing::warn!(payment_ref = %reference, order_id = %order.id, order_number = %order.number, why = %why, "pay-link payment kept as a mismatch");
        Ok(Outcome::Mismatch)
    };
    if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refused) {
        return refuse(format!("paid after order #{} was {}: refund it or restore the order", order.number, order.status));
    }
    if link.paid_at.is_some() {
        return refuse(format!("the pay link of order #{} was already paid by another payment: refund one", order.number));
    }
    if link.amount > order.payment.balance {
        return refuse(format!("order #{} owed only {}: refund the difference", order.number, format_naira(order.payment.balance)));
    }
    pay_links::mark_paid(tx, token, reference, now)?;
    set_status(tx, reference, current, PaymentStatus::Completed, None, now)?;
    tx.execute("UPDATE payments SET channel = ?2 WHERE reference = ?1", params![reference, channel])?;
    let order = orders::payment_status::paid_through_link(tx, &order.id, channel, now)?;
    // A link asking for more than is now owed cannot be right any more.
    tx.execute(
        "UPDATE pay_links SET cancelled_at = ?3 WHERE order_id = ?1 AND paid_at IS NULL AND cancelled_at IS NULL AND amount_kobo > ?2",
        params![order.id, order.payment.balance, now],
    )?;
    Ok(Outcome::Completed { order: Box::new(order), created: true })
}

#[cfg(test)]
mod tests {
    #[test]
    fn money_on_its_way_is_named_by_its_channel_and_mail_is_promised_only_with_an_address() {
        use super::waiting_message;
        assert_eq!(waiting_message(Some("bank_transfer"), true), "We're waiting for your transfer. We'll e-mail you when it arrives.");
        assert_eq!(waiting_message(Some("ussd"), true), "We're waiting for your USSD payment. We'll e-mail you when it arrives.");
        assert_eq!(
            waiting_message(Some("bank_transfer"), false),
            "We're waiting for your transfer. The shop will confirm your order when it arrives."
        );
    }
}
