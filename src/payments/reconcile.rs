//! The reconciler: pending payments re-checked with Paystack at start and as they fall due.

use rusqlite::params;

use super::*;
use crate::catalog::write::Changes;
use crate::error::{AppError, AppResult};
use crate::ids::PaymentReference;

const DAY_MS: i64 = 24 * 3600 * 1000;
/// How long after it started a payment the shop ended is still asked about at Paystack.
const LATE_MONEY_MS: i64 = 2 * 3600 * 1000;

/// Why an unpaid payment is being ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    /// The shopper closed the pop-up or gave the payment up.
    Cancelled,
    /// Its payable time is over.
    Expired,
}

/// Ends an unpaid payment: the provider is told to refuse it where it can (the sandbox), then what
/// it held goes back on sale and it is marked abandoned — unless it was paid first, in which case
/// it completes. Paystack cannot cancel a transaction: an expired one is verified first (its
/// session has timed out, so nothing can be paid after that answer); a cancelled one is released
/// at once, and money that still arrives for it makes an order flagged where stock or the code's
/// limit no longer covers it.
impl Payments {
    pub async fn end_unpaid(&self, reference: &PaymentReference, ending: Ending) -> AppResult<()> {
        use crate::paystack::CancelAnswer;
        let answer = self.paystack.cancel(reference).await.map_err(|e| {
            tracing::warn!(payment_ref = %reference, error = %e.0, "cancelling the payment at the provider failed");
            AppError::Upstream("We couldn't cancel the payment right now. Please try again in a moment.".into())
        })?;
        match answer {
            CancelAnswer::AlreadyPaid => {
                self.settle_from_paystack(reference).await?;
                return Ok(());
            }
            // A transfer on its way (the sandbox says so), or a payment past its time that Paystack
            // may have taken meanwhile: asked once more, a success completes, and a transfer keeps its
            // holds as long as the merchant lets a transfer take.
            CancelAnswer::MoneyOnItsWay => {
                self.settle_from_paystack(reference).await?;
            }
            CancelAnswer::NotSupported if ending == Ending::Expired => {
                self.settle_from_paystack(reference).await?;
            }
            CancelAnswer::Cancelled | CancelAnswer::NotSupported => {}
        }
        let waiting = answer == CancelAnswer::MoneyOnItsWay || ending == Ending::Expired;
        if waiting && self.still_open(reference).await? {
            return Ok(());
        }
        let r = reference.clone();
        let reason = match ending {
            Ending::Cancelled => "cancelled by the shopper",
            Ending::Expired => "not paid in time",
        };
        let now = self.clock.now_ms();
        self.catalogue
            .write(move |tx| {
                let released = super::release_holds(tx, &r, now)?;
                tx.execute(
                    "UPDATE payments SET status = ?2, failure_reason = ?3, updated_at = ?4 WHERE reference = ?1 AND status IN (?5, ?6)",
                    params![r, PaymentStatus::Abandoned, reason, now, PaymentStatus::Pending, PaymentStatus::Failed],
                )?;
                Ok(((), Changes::shown_if(released > 0)))
            })
            .await
    }

    /// Whether a payment still waits for its money within its time (a transfer's time is longer),
    /// or has completed meanwhile.
    async fn still_open(&self, reference: &str) -> AppResult<bool> {
        let r = reference.to_string();
        let now = self.clock.now_ms();
        self.db
            .read(move |c| {
                Ok(c.query_row(
                    "SELECT EXISTS(SELECT 1 FROM payments WHERE reference = ?1
                                   AND (status = 'completed' OR (status IN ('pending', 'failed') AND expires_at > ?2)))",
                    params![r, now],
                    |row| row.get(0),
                )?)
            })
            .await
    }

    /// Ends the payments whose payable time is over and that still hold stock or a code's use.
    pub async fn end_lapsed_payments(&self) -> AppResult<usize> {
        let now = self.clock.now_ms();
        let lapsed: Vec<PaymentReference> = self
            .db
            .read(move |c| {
                let mut stmt = c.prepare_cached(
                    "SELECT p.reference FROM payments p
                 WHERE p.status IN ('pending', 'failed') AND p.expires_at <= ?1 AND p.access_code IS NOT NULL
                   AND (EXISTS (SELECT 1 FROM reservations r WHERE r.payment_reference = p.reference)
                        OR EXISTS (SELECT 1 FROM discount_uses u WHERE u.payment_reference = p.reference AND u.status = 'held')
                        OR EXISTS (SELECT 1 FROM tender_holds t WHERE t.payment_reference = p.reference))
                 ORDER BY p.expires_at LIMIT 100",
                )?;
                Ok(stmt.query_map([now], |r| r.get(0))?.collect::<Result<_, _>>()?)
            })
            .await?;
        let mut ended = 0;
        for reference in lapsed {
            match self.end_unpaid(&reference, Ending::Expired).await {
                Ok(()) => ended += 1,
                // Paystack unwell: the next round tries again, and FORCED_RELEASE_MS bounds the wait.
                Err(e) => tracing::warn!(payment_ref = %reference, error = %e, "ending a lapsed payment failed"),
            }
        }
        Ok(ended)
    }

    /// Gives back the units of reservations that expired, and of payments that never got an access
    /// code by `unstarted_before` (the process starting them died or Paystack never answered): nobody
    /// can pay those, so they are abandoned.
    pub async fn release_lapsed_holds(&self, unstarted_before: i64) -> AppResult<()> {
        let now = self.clock.now_ms();
        self.catalogue
            .write(move |tx| {
                let mut released = super::release_expired_holds(tx, now)?;
                let unstarted: Vec<PaymentReference> = tx
                    .prepare_cached("SELECT reference FROM payments WHERE status = ?1 AND access_code IS NULL AND created_at < ?2")?
                    .query_map(params![PaymentStatus::Pending, unstarted_before], |r| r.get(0))?
                    .collect::<Result<_, _>>()?;
                for reference in unstarted {
                    released += super::release_holds(tx, &reference, now)?;
                    tx.execute(
                    "UPDATE payments SET status = ?2, failure_reason = 'never started at Paystack', updated_at = ?3 WHERE reference = ?1",
                    params![reference, PaymentStatus::Abandoned, now],
                )?;
                }
                Ok(((), Changes::shown_if(released > 0)))
            })
            .await
    }

    /// Re-checks the open payments that are due (or all of them with `everything`). A payment is due
    /// again after the reconcile interval or a sixth of its age, whichever is longer, so old
    /// abandoned checkouts do not eat Paystack's rate limit; unpaid ones are marked abandoned after a
    /// day and left alone after two. Returns how many orders it created.
    pub async fn reconcile_once(&self, everything: bool, interval_secs: u64) -> AppResult<usize> {
        let now = self.clock.now_ms();
        let interval_ms = if everything { 0 } else { interval_secs.max(1) as i64 * 1000 };
        let live = !self.paystack.sandbox;
        let due: Vec<(PaymentReference, i64)> = self
            .db
            .read(move |c| {
                let mut stmt = c.prepare_cached(
                    "SELECT reference, created_at FROM payments
                 WHERE (status IN (?4, ?5) OR (?6 AND status = ?7 AND created_at >= ?1 - ?8))
                   AND (access_code IS NOT NULL OR (?6 AND status = ?7)) AND created_at >= ?2
                   AND (?3 = 0 OR updated_at <= ?1 - MAX(?3, (?1 - created_at) / 6))
                 ORDER BY updated_at LIMIT 200",
                )?;
                let rows = stmt.query_map(
                    params![
                        now,
                        now - 2 * DAY_MS,
                        interval_ms,
                        PaymentStatus::Pending,
                        PaymentStatus::Failed,
                        // Paystack cannot cancel: money may still arrive for a payment the shop ended,
                        // also one it ended as never started: Paystack may have opened it and the
                        // shop died (or, a standby, took over) before it kept the access code.
                        live,
                        PaymentStatus::Abandoned,
                        LATE_MONEY_MS
                    ],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )?;
                Ok(rows.collect::<Result<_, _>>()?)
            })
            .await?;
        let (mut settled, mut failures_in_a_row) = (0, 0);
        for (reference, created_at) in due {
            match self.settle_from_paystack(&reference).await {
                Ok(outcome) => {
                    failures_in_a_row = 0;
                    settled += usize::from(matches!(outcome, Some(Outcome::Completed { .. })));
                }
                Err(e) => {
                    tracing::warn!(payment_ref = %reference, error = %e, "reconciling a payment failed");
                    failures_in_a_row += 1;
                    // One odd payment must not block the others; several failures mean Paystack is unwell.
                    if failures_in_a_row >= 3 {
                        break;
                    }
                }
            }
            let abandoned = now - created_at > DAY_MS;
            let r = reference.clone();
            let now = self.clock.now_ms();
            self.db
                .write(move |tx| {
                    // Touch the row so the next round starts with others.
                    tx.execute(
                        "UPDATE payments SET updated_at = ?1, status = CASE WHEN ?2 AND status = ?4 THEN ?6 ELSE status END
                     WHERE reference = ?3 AND status IN (?4, ?5, ?6)",
                        params![now, abandoned, r, PaymentStatus::Pending, PaymentStatus::Failed, PaymentStatus::Abandoned],
                    )?;
                    Ok(())
                })
                .await?;
        }
        if settled > 0 {
            tracing::info!(settled, "reconciliation completed payments that had no order yet");
        }
        Ok(settled)
    }
}
