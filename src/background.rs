//! The shop's background round, beside the HTTP server: the safety nets behind webhooks and the
//! chores no request does. Every few seconds payments past their payable time are ended (what they
//! held goes back on sale), and so are pay-link orders and unconfirmed pay-on-delivery orders past
//! their time; every `--reconcile-secs` pending payments and refunds are re-checked
//! with Paystack, holds of payments that never started are given back, a stock import made by the
//! merchant's command is noticed, and the contact digest goes out when due.

use std::sync::Arc;
use std::time::Duration;

use crate::http::AppState;
use crate::metrics::Metrics;

pub async fn run_forever(state: Arc<AppState>) {
    let mut started = state.clock.now_ms();
    let mut last_import = None;
    let mut last_products_import = None;
    let every = Duration::from_secs(state.config.reconcile_secs.max(1));
    // The expiry round runs more often than the full one: it is one indexed query when idle.
    let tick = every.min(Duration::from_secs(5));
    let mut session_limited = false;
    let mut last_full: Option<std::time::Instant> = None;
    loop {
        actix_web::rt::time::sleep(if last_full.is_none() { Duration::from_millis(500) } else { tick }).await;
        // A standby (or a replaced primary) changes nothing; a promoted standby's first round is a
        // start's: every pending payment reconciled, and the payments its predecessor had not
        // finished starting ended — or completed, when Paystack says they were paid.
        if !state.machine.node.takes_orders() {
            started = state.clock.now_ms();
            last_full = None;
            continue;
        }
        if !session_limited {
            // Paystack stops taking money for a transaction when its session times out: the shop
            // makes that the payment's lifetime, so a hold lasts exactly as long as it can be paid.
            match state.paystack.limit_session(state.config.payment_lifetime_secs).await {
                Ok(seconds) => {
                    session_limited = true;
                    tracing::info!(seconds, "payments can be made for this long after they start (Paystack's payment session timeout)");
                }
                Err(e) => tracing::warn!(error = %e.0, "could not set Paystack's payment session timeout (will retry)"),
            }
        }
        if let Err(e) = state.payments.end_lapsed_payments().await {
            tracing::warn!(task = "ending lapsed payments", error = %e, "a background task failed");
        }
        if let Err(e) = state.payments.end_lapsed_links().await {
            tracing::warn!(task = "cancelling orders whose pay link expired", error = %e, "a background task failed");
        }
        if let Err(e) = state.payments.remind_unpaid_links().await {
            tracing::warn!(task = "reminding customers of unpaid pay links", error = %e, "a background task failed");
        }
        if let Err(e) = state.payments.end_unconfirmed_orders().await {
            tracing::warn!(task = "cancelling pay-on-delivery orders nobody confirmed", error = %e, "a background task failed");
        }
        if let Err(e) = notice_product_imports(&state, &mut last_products_import).await {
            tracing::warn!(task = "checking for product imports", error = %e, "a background task failed");
        }
        if last_full.is_some_and(|at| at.elapsed() < every) {
            continue;
        }
        let first = last_full.is_none();
        last_full = Some(std::time::Instant::now());
        if let Err(e) = notice_outside_imports(&state, &mut last_import).await {
            tracing::warn!(task = "checking for stock imports", error = %e, "a background task failed");
        }
        let unstarted_before = if first { started } else { state.clock.now_ms() - crate::payments::STARTING_MS };
        if let Err(e) = state.payments.release_lapsed_holds(unstarted_before).await {
            tracing::warn!(task = "releasing stock holds", error = %e, "a background task failed");
        }
        match state.payments.reconcile_once(first, state.config.reconcile_secs).await {
            Ok(orders) => Metrics::add(&state.machine.metrics.reconciler_orders, orders as u64),
            Err(e) => {
                Metrics::add(&state.machine.metrics.reconciler_errors, 1);
                tracing::warn!(task = "payment reconciliation", error = %e, "a background task failed");
            }
        }
        if let Err(e) = state.refunds.reconcile().await {
            tracing::warn!(task = "refund reconciliation", error = %e, "a background task failed");
        }
        if let Err(e) = crate::content::send_contact_digest(&state.db, &state.mailer, &state.limits.contact).await {
            tracing::warn!(task = "contact digest", error = %e, "a background task failed");
        }
        let mailer = state.mailer.clone();
        let now = state.clock.now_ms();
        let reminders = state.db.write(move |tx| crate::alerts::reminders::write_due_reminders(tx, &mailer, now)).await;
        if let Err(e) = reminders {
            tracing::warn!(task = "bag reminders", error = %e, "a background task failed");
        }
        let idle_since = now - crate::auth::guests::IDLE_MS;
        if let Err(e) = state.db.write(move |tx| Ok(crate::auth::guests::expire_idle(tx, idle_since)?)).await {
            tracing::warn!(task = "removing idle guests", error = %e, "a background task failed");
        }
        // Counted once the round is over, so a test can wait for the first one to be done.
        Metrics::add(&state.machine.metrics.reconciler_runs, 1);
    }
}

/// The mail worker: sends what the outbox holds as soon as it is committed (woken by the queueing,
/// and looking on its own four times a second, since a wake may come before the commit), and
/// keeps the `ankara_mail_queue` gauge.
pub async fn mail_forever(state: Arc<AppState>) {
    loop {
        // The primary sends the outbox; a standby's copy of it is the primary's to send.
        if !state.machine.node.takes_orders() {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        // Subscribers whose variant came back (marked in the stock change's own transaction) get
        // their mail written to the outbox here.
        let now = state.clock.now_ms();
        if state.db.read(move |c| Ok(crate::alerts::any_due(c, now)?)).await.unwrap_or(false) {
            let mailer = state.mailer.clone();
            if let Err(e) = state.db.write(move |tx| crate::alerts::write_due_alerts(tx, &mailer, now)).await {
                tracing::warn!(task = "writing back-in-stock mail", error = %e, "a background task failed");
            }
        }
        if let Err(e) = crate::mail::outbox::send_due(&state.db, &state.mailer).await {
            tracing::warn!(task = "sending mail", error = %e, "a background task failed");
        }
        let now = state.clock.now_ms();
        let due = state.db.read(move |c| Ok(crate::mail::outbox::any_due(c, now)?)).await.unwrap_or(false);
        if !due {
            state.mailer.wait_for_mail(Duration::from_millis(250)).await;
            // A burst of orders queues its mails within moments: waiting this long lets the
            // worker claim and record them in one transaction each, not two per mail.
            tokio::time::sleep(MAIL_GATHER).await;
        }
    }
}

/// How long the mail worker lets mails gather after it is woken.
const MAIL_GATHER: Duration = Duration::from_millis(20);

/// `ankara products import` adds and changes products from another process, which cannot reach
/// the running shop's search index: when the mark it leaves changes, the index is rebuilt from the
/// database and the answers refreshed. Checked every few seconds (one lookup), so the products show
/// at once.
async fn notice_product_imports(state: &Arc<AppState>, last: &mut Option<String>) -> crate::error::AppResult<()> {
    let seen = state.db.read(|c| Ok(crate::import::last_import(c)?)).await?;
    if seen != *last {
        // An import made in this process went through the catalogue's door: the index is in step.
        let search = state.search.clone();
        if state.db.read(move |c| Ok(!search.in_step(c)?)).await? {
            let search = state.search.clone();
            state.db.read(move |c| search.rebuild(c)).await?;
            state.catalogue.changed_elsewhere();
        }
        *last = seen;
    }
    Ok(())
}

/// `ankara stock import` changes stock from another process: when the mark it leaves changes, the
/// catalogue's answers are refreshed. `last` remembers the import already seen.
async fn notice_outside_imports(state: &AppState, last: &mut Option<String>) -> crate::error::AppResult<()> {
    let seen = state.db.read(|c| Ok(crate::stock::csv::last_import(c)?)).await?;
    if seen != *last {
        if last.is_some() || seen.is_some() {
            state.catalogue.changed_elsewhere();
        }
        *last = seen;
    }
    Ok(())
}
