//! What every Paystack payment starts with, a checkout's or a pay link's: a fresh reference, the
//! shortest time worth starting one for, and the pop-up's answer. Below both `checkout` and
//! `links`, so neither reaches into the other for them.

use rusqlite::params;
use serde::Serialize;

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::PaymentReference;
use crate::money::Kobo;
use crate::orders::OrderItem;
use crate::pricing::Breakdown;

/// Who takes the card: the built-in sandbox (no keys configured) or Paystack itself.
#[derive(Serialize, Clone, Copy, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMode {
    Sandbox,
    Paystack,
}

/// What the payment pop-up needs.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStart {
    #[schema(value_type = String)]
    pub(super) reference: PaymentReference,
    pub(super) access_code: String,
    pub(super) authorization_url: String,
    /// What Paystack is asked for, in `currency`'s minor unit (kobo for naira).
    pub(super) amount: i64,
    pub(super) currency: crate::money::Currency,
    /// Paid in a currency abroad: the charge's parts and rate (`breakdown` is its worth in naira).
    pub(super) charge: Option<crate::abroad::Charge>,
    pub(super) email: String,
    pub(super) public_key: String,
    pub(super) mode: PaymentMode,
    pub(super) metadata: PaymentMetadata,
    /// The bag as snapshotted at current prices.
    pub(super) items: Vec<OrderItem>,
    /// The parts of `amount`.
    pub(super) breakdown: Breakdown,
    /// e.g. "1–2 working days"; none for pickup.
    pub(super) delivery_estimate: Option<String>,
    /// Unix ms: the payment can be made until then (its stock and code are held for it).
    pub(super) expires_at: i64,
    /// What store credit pays of the total (`amount` is what is left for Paystack).
    #[schema(value_type = i64)]
    pub(super) paid_by_credit: Kobo,
    /// What a gift card pays of the total.
    #[schema(value_type = i64)]
    pub(super) paid_by_gift_card: Kobo,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentMetadata {
    pub(super) name: String,
    pub(super) phone: String,
}

/// A fresh, Paystack-safe reference (letters, digits and `-` only).
pub(super) fn new_reference() -> PaymentReference {
    PaymentReference::from(format!("ANK-{}", crate::util::random_id(24)))
}

/// The shortest time a new payment must still be payable to be worth starting.
pub(super) fn shortest_window(lifetime_ms: i64) -> i64 {
    (lifetime_ms / 6).min(5 * 60 * 1000)
}

impl Payments {
    /// Who takes the card: the built-in sandbox (no keys configured) or Paystack itself.
    pub fn mode(&self) -> PaymentMode {
        if self.paystack.sandbox { PaymentMode::Sandbox } else { PaymentMode::Paystack }
    }

    /// Asks Paystack to open the recorded payment `reference` and keeps its access code. When
    /// Paystack cannot, the payment and whatever it holds are removed and the shopper is told.
    pub(super) async fn open_at_paystack(
        &self,
        reference: &PaymentReference,
        payer: &crate::paystack::Payer<'_>,
        amount: crate::money::Money,
        channels: &[&str],
    ) -> AppResult<crate::paystack::Started> {
        let started = match self.paystack.initialize(payer, amount, reference, channels).await {
            Ok(started) => started,
            Err(why) => {
                tracing::warn!(payment_ref = %reference, error = %why.0, "payment not started");
                let r = reference.clone();
                let now = self.clock.now_ms();
                self.catalogue
                    .write(move |tx| {
                        let released = release_holds(tx, &r, now)?;
                        tx.execute("DELETE FROM payments WHERE reference = ?1", [&r])?;
                        Ok(((), Changes::shown_if(released > 0)))
                    })
                    .await?;
                return Err(AppError::Upstream("We couldn't start the payment. Please try again in a moment.".into()));
            }
        };
        crate::metrics::Metrics::add(&self.metrics.checkouts_started, 1);
        let (r, code, url) = (reference.clone(), started.access_code.clone(), started.authorization_url.clone());
        self.db
            .write(move |tx| {
                tx.execute("UPDATE payments SET access_code = ?2, authorization_url = ?3 WHERE reference = ?1", params![r, code, url])?;
                Ok(())
            })
            .await?;
        Ok(started)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paystack::plausible_reference;

    #[test]
    fn references_are_paystack_safe() {
        let r = new_reference();
        assert!(plausible_reference(&r) && r.len() < 64);
        assert!(!plausible_reference("a b"));
        assert!(!plausible_reference("x_y"));
        assert!(!plausible_reference(""));
    }
}
