//! The outbox's rules for paid messages (SMS and WhatsApp), applied in the worker's claiming
//! transaction: nothing goes to a phone that opted out (`message_recipients`, kept by
//! `messages`), and no more go in a day than the merchant's cap (`message_settings`); the others
//! wait for the next day.

use rusqlite::{Connection, params};

/// Start of the day `now` is in, Lagos time (UTC+1, no daylight saving).
pub fn day_start(now: i64) -> i64 {
    const HOUR: i64 = 3_600_000;
    const DAY: i64 = 24 * HOUR;
    (now + HOUR).div_euclid(DAY) * DAY - HOUR
}

/// Paid messages that may still be claimed today: the cap, less those sent today and those
/// being sent now (claimed and not yet recorded).
pub fn room_today(tx: &Connection, now: i64) -> rusqlite::Result<i64> {
    let used: i64 = tx
        .prepare_cached(
            "SELECT (SELECT COUNT(*) FROM mail_outbox WHERE channel <> 'email' AND sent_at >= ?1)
                  + (SELECT COUNT(*) FROM mail_outbox WHERE channel <> 'email' AND status = 'pending' AND claimed_until > ?2)",
        )?
        .query_row(params![day_start(now), now], |r| r.get(0))?;
    Ok((tx.prepare_cached("SELECT daily_cap FROM message_settings WHERE id = 1")?.query_row([], |r| r.get::<_, i64>(0))? - used).max(0))
}

/// Moves the paid messages due now to the start of the next day (the cap is reached). Their
/// attempts are not counted.
pub fn defer_beyond_cap(tx: &Connection, now: i64) -> rusqlite::Result<usize> {
    tx.prepare_cached(
        "UPDATE mail_outbox SET next_at = ?2
          WHERE channel <> 'email' AND status = 'pending' AND next_at <= ?1 AND (claimed_until IS NULL OR claimed_until <= ?1)",
    )?
    .execute(params![now, day_start(now) + 86_400_000])
}

/// The reason a message to an opted-out phone was not sent.
pub const OPTED_OUT: &str = "Not sent: the customer opted out of messages (STOP).";

/// Gives up on the pending messages to phones that opted out (the check at sending).
pub fn drop_opted_out(tx: &Connection, now: i64) -> rusqlite::Result<usize> {
    tx.prepare_cached(
        "UPDATE mail_outbox SET status = 'failed', last_error = ?2, tried_at = ?1, claimed_by = NULL, claimed_until = NULL
          WHERE channel <> 'email' AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?1)
            AND to_addr IN (SELECT phone FROM message_recipients WHERE opted_out_at IS NOT NULL)",
    )?
    .execute(params![now, OPTED_OUT])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_is_lagos_time() {
        // 2026-11-28 23:30 UTC is 00:30 on the 29th in Lagos.
        let t = 1_795_908_600_000;
        assert_eq!((t - day_start(t)) / 60_000, 30);
    }
}
