//! The reconciler: pending payments re-checked with Paystack at start and as they fall due.

use std::sync::Arc;
use std::time::Duration;

use rusqlite::params;

use super::*;
use crate::app::AppState;
use crate::error::AppResult;

/// The safety net behind the webhook: pending payments are re-checked with Paystack, all of them
/// right after start (a crash may have cut a completion short), then as they fall due.
pub async fn reconcile_forever(state: Arc<AppState>) {
    let started = crate::db::now_ms();
    let mut last_import = None;
    let every = Duration::from_secs(state.config.reconcile_secs.max(1));
    let mut first = true;
    loop {
        actix_web::rt::time::sleep(if first { Duration::from_millis(500) } else { every }).await;
        let metrics = &state.metrics;
        if let Err(e) = crate::stock::admin::notice_outside_imports(&state, &mut last_import).await {
            log::warn!("checking for stock imports: {e}");
        }
        if let Err(e) = release_lapsed_holds(&state, if first { started } else { crate::db::now_ms() - STARTING_MS }).await {
            log::warn!("releasing stock holds: {e}");
        }
        match reconcile_once(&state, first).await {
            Ok(orders) => crate::metrics::Metrics::add(&metrics.reconciler_orders, orders as u64),
            Err(e) => {
                crate::metrics::Metrics::add(&metrics.reconciler_errors, 1);
                log::warn!("payment reconciliation: {e}");
            }
        }
        if let Err(e) = crate::refunds::reconcile(&state).await {
            log::warn!("refund reconciliation: {e}");
        }
        // Counted once the round is over, so a test can wait for the first one to be done.
        crate::metrics::Metrics::add(&metrics.reconciler_runs, 1);
        first = false;
    }
}

const DAY_MS: i64 = 24 * 3600 * 1000;
/// Longer than any Paystack initialise call can take (the client gives up well before).
const STARTING_MS: i64 = 5 * 60 * 1000;

/// Gives back the units of reservations that expired, and of payments that never got an access
/// code by `unstarted_before` (the process starting them died or Paystack never answered): nobody
/// can pay those, so they are abandoned.
pub async fn release_lapsed_holds(state: &AppState, unstarted_before: i64) -> AppResult<()> {
    let released = state
        .db
        .write(move |tx| {
            let now = crate::db::now_ms();
            let mut released = super::release_expired_holds(tx, now)?;
            let unstarted: Vec<String> = tx
                .prepare_cached("SELECT reference FROM payments WHERE status = ?1 AND access_code IS NULL AND created_at < ?2")?
                .query_map(params![PaymentStatus::Pending, unstarted_before], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for reference in unstarted {
                released += super::release_holds(tx, &reference)?;
                tx.execute(
                    "UPDATE payments SET status = ?2, failure_reason = 'never started at Paystack', updated_at = ?3 WHERE reference = ?1",
                    params![reference, PaymentStatus::Abandoned, now],
                )?;
            }
            Ok(released)
        })
        .await?;
    if released > 0 {
        state.cache.invalidate();
    }
    Ok(())
}

/// Re-checks the open payments that are due (or all of them with `everything`). A payment is due
/// again after the reconcile interval or a sixth of its age, whichever is longer, so old
/// abandoned checkouts do not eat Paystack's rate limit; unpaid ones are marked abandoned after a
/// day and left alone after two. Returns how many orders it created.
pub async fn reconcile_once(state: &AppState, everything: bool) -> AppResult<usize> {
    let now = crate::db::now_ms();
    let interval_ms = if everything { 0 } else { state.config.reconcile_secs.max(1) as i64 * 1000 };
    let due: Vec<(String, i64)> = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare_cached(
                "SELECT reference, created_at FROM payments
                 WHERE status IN (?4, ?5) AND access_code IS NOT NULL AND created_at >= ?2
                   AND (?3 = 0 OR updated_at <= ?1 - MAX(?3, (?1 - created_at) / 6))
                 ORDER BY updated_at LIMIT 200",
            )?;
            let rows = stmt.query_map(params![now, now - 2 * DAY_MS, interval_ms, PaymentStatus::Pending, PaymentStatus::Failed], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await?;
    let (mut settled, mut failures_in_a_row) = (0, 0);
    for (reference, created_at) in due {
        match settle_from_paystack(state, &reference).await {
            Ok(outcome) => {
                failures_in_a_row = 0;
                settled += usize::from(matches!(outcome, Some(Outcome::Completed { .. })));
            }
            Err(e) => {
                log::warn!("reconcile {reference}: {e}");
                failures_in_a_row += 1;
                // One odd payment must not block the others; several failures mean Paystack is unwell.
                if failures_in_a_row >= 3 {
                    break;
                }
            }
        }
        let abandoned = now - created_at > DAY_MS;
        let r = reference.clone();
        state
            .db
            .write(move |tx| {
                // Touch the row so the next round starts with others.
                tx.execute(
                    "UPDATE payments SET updated_at = ?1, status = CASE WHEN ?2 AND status = ?4 THEN ?6 ELSE status END
                     WHERE reference = ?3 AND status IN (?4, ?5)",
                    params![crate::db::now_ms(), abandoned, r, PaymentStatus::Pending, PaymentStatus::Failed, PaymentStatus::Abandoned],
                )?;
                Ok(())
            })
            .await?;
    }
    if settled > 0 {
        log::info!("reconciliation completed {settled} payment(s) that had no order yet");
    }
    Ok(settled)
}
