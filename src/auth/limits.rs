//! Limits kept in memory, keyed by account, device or client address. Every check also records
//! (or reserves) the use under the same lock, so parallel requests cannot all slip through
//! between a check and a record.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys tracked before idle ones are swept, so a flood of addresses cannot grow memory forever.
const SWEEP_AT: usize = 50_000;

/// A sliding window: at most `max` uses of a key within `window`.
pub struct RateLimiter {
    window: Duration,
    max: usize,
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl RateLimiter {
    pub fn new(max: usize, window: Duration) -> RateLimiter {
        RateLimiter { window, max, hits: Mutex::new(HashMap::new()) }
    }

    /// Counts one use of `key`, or refuses it with how long until the oldest use leaves the window.
    pub fn try_acquire(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap();
        if hits.len() >= SWEEP_AT {
            hits.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < self.window));
        }
        let times = hits.entry(key.to_string()).or_default();
        while times.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
            times.pop_front();
        }
        if times.len() >= self.max {
            let oldest = *times.front().expect("max is at least one");
            return Err(self.window.saturating_sub(now.duration_since(oldest)));
        }
        times.push_back(now);
        Ok(())
    }
}

/// Guessing protection that slows down instead of locking out: a key gets `free` failures within
/// `window`; after that each further attempt waits for a delay that doubles with every failure
/// (from `base_delay` up to `max_delay`). Attempts are reserved before the expensive check runs:
/// while reserved attempts could still use up the allowance, later ones wait for their outcome,
/// so N parallel guesses get at most `free` checks, and N parallel good logins all get through.
#[derive(Debug)]
pub struct Throttle {
    free: usize,
    window: Duration,
    base_delay: Duration,
    max_delay: Duration,
    entries: Mutex<HashMap<String, Entry>>,
    /// Woken whenever a reserved attempt ends.
    ended: tokio::sync::Notify,
}

/// How long a reserved attempt may wait for the ones ahead of it.
const MAX_QUEUE_WAIT: Duration = Duration::from_secs(10);

#[derive(Default, Debug)]
struct Entry {
    failures: VecDeque<Instant>,
    in_flight: usize,
}

/// A reserved attempt. Call [`Attempt::failed`] when it failed; dropping it otherwise just frees
/// the reservation.
#[must_use]
#[derive(Debug)]
pub struct Attempt<'a> {
    throttle: &'a Throttle,
    key: String,
}

impl Throttle {
    pub fn new(free: usize, window: Duration, base_delay: Duration, max_delay: Duration) -> Throttle {
        Throttle { free, window, base_delay, max_delay, entries: Mutex::new(HashMap::new()), ended: tokio::sync::Notify::new() }
    }

    /// Reserves an attempt for `key` — waiting while attempts ahead of it might still fail — or
    /// says how long to wait before the next one.
    pub async fn begin(&self, key: &str) -> Result<Attempt<'_>, Duration> {
        let give_up = tokio::time::Instant::now() + MAX_QUEUE_WAIT;
        loop {
            // Registered before looking, so an attempt ending in between is not missed.
            let ended = self.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            match self.try_begin(key) {
                Ok(attempt) => return Ok(attempt),
                Err(Some(wait)) => return Err(wait),
                Err(None) => {
                    if tokio::time::timeout_at(give_up, ended).await.is_err() {
                        return Err(Duration::from_secs(1));
                    }
                }
            }
        }
    }

    /// A reservation, or how long to wait (`None`: until an attempt in flight ends).
    fn try_begin(&self, key: &str) -> Result<Attempt<'_>, Option<Duration>> {
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap();
        if entries.len() >= SWEEP_AT {
            entries.retain(|_, e| e.in_flight > 0 || e.failures.back().is_some_and(|t| now.duration_since(*t) < self.window));
        }
        let entry = entries.entry(key.to_string()).or_default();
        while entry.failures.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
            entry.failures.pop_front();
        }
        if entry.failures.len() + entry.in_flight >= self.free {
            if entry.in_flight > 0 {
                return Err(None);
            }
            let last = *entry.failures.back().expect("failures reached the free allowance");
            let open_at = last + self.delay_after(entry.failures.len());
            if now < open_at {
                return Err(Some(open_at - now));
            }
        }
        entry.in_flight += 1;
        Ok(Attempt { throttle: self, key: key.to_string() })
    }

    /// The wait imposed once `failures` (at least `free`) have happened.
    fn delay_after(&self, failures: usize) -> Duration {
        let doublings = (failures - self.free).min(16) as u32;
        self.base_delay.saturating_mul(1 << doublings).min(self.max_delay)
    }

    /// Forgets the failures of `key` (after a successful login or a password reset).
    pub fn clear(&self, key: &str) {
        if let Some(entry) = self.entries.lock().unwrap().get_mut(key) {
            entry.failures.clear();
        }
    }
}

impl Attempt<'_> {
    /// Records the attempt as a failure.
    pub fn failed(self) {
        let mut entries = self.throttle.entries.lock().unwrap();
        entries.entry(self.key.clone()).or_default().failures.push_back(Instant::now());
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        if let Some(entry) = self.throttle.entries.lock().unwrap().get_mut(&self.key) {
            entry.in_flight = entry.in_flight.saturating_sub(1);
        }
        self.throttle.ended.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_limiter_counts_atomically_and_says_when() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        assert!(limiter.try_acquire("a").is_ok());
        assert!(limiter.try_acquire("a").is_ok());
        let wait = limiter.try_acquire("a").unwrap_err();
        assert!(wait > Duration::from_secs(58) && wait <= Duration::from_secs(60));
        assert!(limiter.try_acquire("b").is_ok());
    }

    #[actix_web::test]
    async fn throttle_reserves_before_checking_and_slows_down_after_failures() {
        let throttle = Throttle::new(2, Duration::from_secs(900), Duration::from_secs(30), Duration::from_secs(900));
        let first = throttle.begin("k").await.unwrap();
        let second = throttle.begin("k").await.unwrap();
        // A third waits while the two in flight could still use up the allowance...
        let third = throttle.begin("k");
        let (third, ()) = futures_util::join!(third, async {
            first.failed();
            second.failed();
        });
        // ...and is refused once they did.
        let wait = third.unwrap_err();
        assert!(wait > Duration::from_secs(29) && wait <= Duration::from_secs(30), "{wait:?}");
        assert!(throttle.begin("other").await.is_ok(), "keys are independent");
        throttle.clear("k");
        drop(throttle.begin("k").await.unwrap());
        assert!(throttle.begin("k").await.is_ok(), "a dropped attempt frees its place without counting");
    }

    #[actix_web::test]
    async fn attempts_that_succeed_let_the_waiting_ones_through() {
        let throttle = Throttle::new(1, Duration::from_secs(900), Duration::from_secs(30), Duration::from_secs(900));
        let first = throttle.begin("k").await.unwrap();
        let (second, ()) = futures_util::join!(throttle.begin("k"), async { drop(first) });
        assert!(second.is_ok());
    }

    #[test]
    fn delays_double_up_to_the_cap() {
        let throttle = Throttle::new(5, Duration::from_secs(900), Duration::from_secs(30), Duration::from_secs(900));
        assert_eq!(throttle.delay_after(5), Duration::from_secs(30));
        assert_eq!(throttle.delay_after(6), Duration::from_secs(60));
        assert_eq!(throttle.delay_after(9), Duration::from_secs(480));
        assert_eq!(throttle.delay_after(10), Duration::from_secs(900));
        assert_eq!(throttle.delay_after(60), Duration::from_secs(900));
    }
}
