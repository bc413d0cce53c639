//! Checkout and payment completion, split by step: `checkout` snapshots the bag at current
//! prices and initialises a Paystack transaction; `completion` creates the order only after
//! Paystack's verify says `success` with exactly the expected kobo and NGN, in one routine shared
//! by the browser's verify call, the signed webhook and the reconciler, idempotent per reference;
//! `reconcile` re-checks open payments. `paystack` is the client, `sandbox` the built-in stand-in.

mod checkout;
mod completion;
pub mod paystack;
mod reconcile;
pub mod sandbox;

pub use checkout::Customer;
pub use completion::{Outcome, complete, settle_from_paystack};
pub use reconcile::{Ending, end_lapsed_payments, end_unpaid, reconcile_forever, reconcile_once, release_lapsed_holds};

/// Paystack's smallest NGN charge.
pub const MINIMUM_KOBO: i64 = 5_000;

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
/// Gives back everything a payment holds: its units of stock and its discount code's use.
pub fn release_holds(tx: &rusqlite::Connection, reference: &str) -> rusqlite::Result<usize> {
    Ok(crate::stock::release(tx, reference)? + crate::discounts::release(tx, reference)?)
}

/// Gives back every hold that ran out by `now`.
pub fn release_expired_holds(tx: &rusqlite::Connection, now: i64) -> rusqlite::Result<usize> {
    Ok(crate::stock::release_expired(tx, now)? + crate::discounts::release_expired(tx, now)?)
}

/// Longest name, e-mail, phone or address field a checkout accepts.
const FIELD_MAX: usize = 200;
const NOT_CONFIRMED: &str = "We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.";

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(checkout::checkout_details)
        .service(checkout::price_checkout)
        .service(checkout::start_payment)
        .service(checkout::cancel_payment)
        .service(completion::verify_payment)
        .service(completion::webhook);
}
