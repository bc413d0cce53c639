//! Checkout and payment completion, split by step: `checkout` snapshots the bag at current
//! prices and initialises a Paystack transaction; `completion` creates the order only after
//! Paystack's verify says `success` with exactly the expected kobo and NGN, in one routine shared
//! by the browser's verify call, the signed webhook and the reconciler, idempotent per reference;
//! `reconcile` re-checks open payments and ends the ones whose time is over. Paystack itself (the
//! client and the sandbox) is the `paystack` leaf below; `routes` is the HTTP side.

pub mod chat_orders;
mod checkout;
mod completion;
mod confirm;
mod confirm_routes;
mod form;
mod link_routes;
pub mod links;
mod quote;
mod reconcile;
pub mod routes;
mod start;

use std::sync::Arc;

pub use checkout::CheckoutStarted;
pub use completion::{Outcome, VerifiedPayment};
pub use confirm::{ConfirmBody, Confirmed};
pub use form::{CancelBody, CheckoutDetails, Customer, StartBody};
pub use quote::{CheckoutQuote, QuoteBody};
pub use reconcile::Ending;
pub use start::{PaymentMetadata, PaymentMode, PaymentStart};

use crate::catalog::write::Catalogue;
use crate::db::Db;
use crate::error::AppResult;
use crate::ids::UserId;
use crate::mail::Mailer;
use crate::metrics::Metrics;
pub use crate::paystack::MINIMUM_KOBO;
use crate::paystack::Paystack;

/// What payment work needs: the database, through the catalogue's door when stock changes (every
/// hold, release and sale is shown on product pages), Paystack, the mail outbox for order and
/// low-stock mails, the counters, and the shop's rules on how long a payment lasts and how many
/// one client address may have in progress.
#[derive(Clone)]
pub struct Payments {
    db: Db,
    catalogue: Catalogue,
    paystack: Arc<Paystack>,
    mailer: Mailer,
    metrics: Arc<Metrics>,
    lifetime_ms: i64,
    per_address: i64,
    clock: crate::clock::Clock,
    /// Live courier rates for zones that charge them.
    couriers: Arc<crate::couriers::Couriers>,
}

impl Payments {
    pub fn new(
        catalogue: Catalogue,
        paystack: Arc<Paystack>,
        mailer: Mailer,
        metrics: Arc<Metrics>,
        couriers: Arc<crate::couriers::Couriers>,
        config: &crate::config::Config,
    ) -> Payments {
        Payments {
            db: catalogue.db().clone(),
            catalogue,
            paystack,
            mailer,
            metrics,
            lifetime_ms: config.payment_lifetime_ms(),
            per_address: config.checkouts_per_address,
            clock: config.clock.clone(),
            couriers,
        }
    }

    /// The courier's live rate for this bag to `state`, when its zone charges live rates (asked
    /// before the checkout's transaction, which must not wait on the network). None: the zone's
    /// flat fee.
    async fn live_fee(&self, owner: &UserId, state: &str, method: crate::delivery::Method) -> AppResult<Option<crate::money::Kobo>> {
        let (owner, typed) = (owner.clone(), state.to_string());
        let wanted = self
            .db
            .read(move |c| {
                let Some(want) = crate::couriers::wants_live_rate(c, &owner, &typed, method)? else { return Ok(None) };
                Ok(Some((want, crate::couriers::sender(c).ok())))
            })
            .await?;
        let Some(((state, units), sender)) = wanted else { return Ok(None) };
        Ok(self.couriers.live_rate(sender, &state, units).await)
    }
}

/// After a payment stops being payable, its holds go back once Paystack has said it was not paid
/// (the expiry round, within seconds); if Paystack cannot be asked, they go back this long after.
pub const FORCED_RELEASE_MS: i64 = 10 * 60 * 1000;
/// Longer than any Paystack initialise call can take (the client gives up well before).
pub const STARTING_MS: i64 = 5 * 60 * 1000;

crate::text_enum! {
    /// Where a checkout's payment is. A declined card leaves it `failed` but still payable with
    /// another card, as at Paystack; one the shopper cancelled or that ran out of time, or that is
    /// unpaid after a day, is `abandoned` (money that still arrives for it completes it). `completed`
    /// (an order exists) and `mismatch` (kept for an admin) are settled: nothing changes them.
    pub enum PaymentStatus {
        Pending => "pending",
        Failed => "failed",
        Abandoned => "abandoned",
        Mismatch => "mismatch",
        Completed => "completed",
    }
}

impl PaymentStatus {
    /// Settled payments are answered from the database, never sent to Paystack again.
    pub fn is_settled(self) -> bool {
        matches!(self, PaymentStatus::Completed | PaymentStatus::Mismatch)
    }

    /// Whether a payment in this status may move to `next`: an open payment (pending, declined
    /// or abandoned) may still be declined again, mismatch or complete; settled ones never move.
    pub fn can_become(self, next: PaymentStatus) -> bool {
        use PaymentStatus::*;
        match self {
            Pending | Failed | Abandoned => matches!(next, Failed | Mismatch | Completed) || (self != Abandoned && next == Abandoned),
            Mismatch | Completed => false,
        }
    }
}
/// Gives back everything a payment holds: its units of stock, its discount code's use, and what
/// it took from store credit and a gift card (a positive ledger entry, once). Returns how many
/// units of stock went back (what product pages show).
pub fn release_holds(tx: &rusqlite::Connection, reference: &crate::ids::PaymentReference, now: i64) -> rusqlite::Result<usize> {
    crate::credit::tender::release(tx, reference, now)?;
    Ok(crate::stock::release(tx, reference)? + crate::discounts::release(tx, reference)?)
}

/// Gives back every hold that ran out by `now`.
pub fn release_expired_holds(tx: &rusqlite::Connection, now: i64) -> rusqlite::Result<usize> {
    crate::credit::tender::release_expired(tx, now)?;
    Ok(crate::stock::release_expired(tx, now)? + crate::discounts::release_expired(tx, now)?)
}

/// The customer of a checkout or an order as the shop's limits count her: `owner` (an account or a
/// guest), the e-mail and phone given for this order, and an account's own e-mail and phone.
pub fn identity_of(
    conn: &rusqlite::Connection,
    owner: &crate::ids::UserId,
    email: &str,
    phone: &str,
) -> rusqlite::Result<crate::identity::Identity> {
    use rusqlite::OptionalExtension;
    let account: Option<(String, String)> = conn
        .prepare_cached("SELECT email, COALESCE(phone, '') FROM users WHERE id = ?1 AND guest = 0")?
        .query_row([owner], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (account_email, account_phone) = account.unwrap_or_default();
    Ok(crate::identity::Identity::new(owner, [email, &account_email], [phone, &account_phone]))
}

/// Longest name, e-mail, phone or address field a checkout accepts.
const FIELD_MAX: usize = 200;
const NOT_CONFIRMED: &str = "We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.";
