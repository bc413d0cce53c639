//! Limits kept in memory, keyed by account, device or client address. Every check also records
//! (or reserves) the use under the same lock, so parallel requests cannot all slip through
//! between a check and a record.
//!
//! A limiter's records sit in the order of their last use: records that have expired leave from
//! the front as calls pass, and past [`MAX_KEYS`] the least recently used goes. So a call costs
//! the same at a thousand keys as at a million (no sweep over every key), and memory is bounded.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hashlink::LinkedHashMap;

/// Keys one limiter remembers at most (about 200 bytes each). Past it the least recently used is
/// forgotten: its next use starts afresh. Reaching it takes that many different clients (IPv6
/// networks, accounts) within the window, each of which has its own allowance anyway.
pub const MAX_KEYS: usize = 100_000;

/// Records by key, least recently used first.
#[derive(Debug)]
struct Keyed<V> {
    records: LinkedHashMap<String, V>,
    max_keys: usize,
}

impl<V: Default> Keyed<V> {
    fn new(max_keys: usize) -> Keyed<V> {
        Keyed { records: LinkedHashMap::new(), max_keys }
    }

    /// Forgets records from the front while `idle` says they hold nothing that still counts.
    /// Each record leaves once, so this costs O(1) a call over time.
    fn expire(&mut self, idle: impl Fn(&V) -> bool) {
        while self.records.front().is_some_and(|(_, record)| idle(record)) {
            self.records.pop_front();
        }
    }

    /// The record of `key`, as the most recently used: made when new, forgetting the least
    /// recently used when the limiter is full.
    fn touch(&mut self, key: &str) -> &mut V {
        if self.records.contains_key(key) {
            return self.records.to_back(key).expect("present");
        }
        if self.records.len() >= self.max_keys {
            self.records.pop_front();
        }
        self.records.entry(key.to_string()).or_insert_with(V::default)
    }
}

/// A sliding window: at most `max` uses of a key within `window`.
pub struct RateLimiter {
    window: Duration,
    max: usize,
    hits: Mutex<Keyed<VecDeque<Instant>>>,
}

impl RateLimiter {
    pub fn new(max: usize, window: Duration) -> RateLimiter {
        RateLimiter::with_max_keys(max, window, MAX_KEYS)
    }

    /// The same, remembering at most `max_keys` keys.
    pub fn with_max_keys(max: usize, window: Duration, max_keys: usize) -> RateLimiter {
        RateLimiter { window, max, hits: Mutex::new(Keyed::new(max_keys)) }
    }

    /// Counts one use of `key`, or refuses it with how long until the oldest use leaves the window.
    pub fn try_acquire(&self, key: &str) -> Result<(), Duration> {
        let mut hits = self.hits.lock().unwrap();
        // Read under the lock, so records are moved to the back in the order of their times.
        let now = Instant::now();
        let expired = |t: &Instant| now.duration_since(*t) >= self.window;
        // Records are in the order of their last use: one whose last use expired holds nothing.
        hits.expire(|times| times.back().is_none_or(expired));
        // A refusal leaves the key where it is: only a counted use moves it.
        if let Some(times) = hits.records.get_mut(key) {
            while times.front().is_some_and(expired) {
                times.pop_front();
            }
            if times.len() >= self.max {
                let oldest = *times.front().expect("max is at least one");
                return Err(self.window.saturating_sub(now.duration_since(oldest)));
            }
        }
        hits.touch(key).push_back(now);
        Ok(())
    }

    /// Keys remembered now.
    pub fn keys(&self) -> usize {
        self.hits.lock().unwrap().records.len()
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
    entries: Mutex<Keyed<Entry>>,
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
        Throttle { free, window, base_delay, max_delay, entries: Mutex::new(Keyed::new(MAX_KEYS)), ended: tokio::sync::Notify::new() }
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
        let mut entries = self.entries.lock().unwrap();
        let now = Instant::now();
        entries.expire(|e| e.in_flight == 0 && e.failures.back().is_none_or(|t| now.duration_since(*t) >= self.window));
        let entry = entries.touch(key);
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
        let mut entries = self.entries.lock().unwrap();
        if let Some(entry) = entries.records.get_mut(key) {
            entry.failures.clear();
            if entry.in_flight == 0 {
                entries.records.remove(key);
            }
        }
    }

    /// Keys remembered now.
    pub fn keys(&self) -> usize {
        self.entries.lock().unwrap().records.len()
    }
}

impl Attempt<'_> {
    /// Records the attempt as a failure.
    pub fn failed(self) {
        let mut entries = self.throttle.entries.lock().unwrap();
        let now = Instant::now();
        entries.touch(&self.key).failures.push_back(now);
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        let mut entries = self.throttle.entries.lock().unwrap();
        if let Some(entry) = entries.records.get_mut(&self.key) {
            entry.in_flight = entry.in_flight.saturating_sub(1);
            // An attempt that ended without failing leaves nothing behind: a flood of attempts on
            // made-up accounts never crowds out the records that count.
            if entry.in_flight == 0 && entry.failures.is_empty() {
                entries.records.remove(&self.key);
            }
        }
        drop(entries);
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

    #[test]
    fn memory_is_bounded_and_the_least_recently_used_key_goes_first() {
        let limiter = RateLimiter::with_max_keys(1, Duration::from_secs(3600), 1_000);
        for i in 0..5_000 {
            limiter.try_acquire(&format!("k{i}")).unwrap();
        }
        assert_eq!(limiter.keys(), 1_000);
        assert!(limiter.try_acquire("k4999").is_err(), "the newest keys are remembered");
        assert!(limiter.try_acquire("k0").is_ok(), "the oldest were forgotten");
        // A refusal does not make a key recent; a counted use does.
        assert!(limiter.try_acquire("k4001").is_err());
        for i in 0..999 {
            limiter.try_acquire(&format!("fresh{i}")).unwrap();
        }
        assert!(limiter.try_acquire("k0").is_err(), "k0 was used last before the fresh keys");
        assert!(limiter.try_acquire("k4001").is_ok(), "k4001 was not");
    }

    #[test]
    fn expired_records_leave_as_calls_pass() {
        let limiter = RateLimiter::new(1, Duration::from_millis(50));
        for i in 0..1_000 {
            limiter.try_acquire(&format!("k{i}")).unwrap();
        }
        std::thread::sleep(Duration::from_millis(60));
        limiter.try_acquire("late").unwrap();
        assert_eq!(limiter.keys(), 1, "the expired keys went with the next call");
        assert!(limiter.try_acquire("late").is_err());
    }

    #[actix_web::test]
    async fn attempts_that_leave_nothing_are_forgotten_and_failures_are_kept() {
        let throttle = Throttle::new(2, Duration::from_secs(900), Duration::from_secs(30), Duration::from_secs(900));
        for i in 0..100 {
            drop(throttle.begin(&format!("account:nobody{i}@example.com")).await.unwrap());
        }
        assert_eq!(throttle.keys(), 0, "attempts on made-up accounts leave no record");
        throttle.begin("account:ada").await.unwrap().failed();
        assert_eq!(throttle.keys(), 1);
        throttle.clear("account:ada");
        assert_eq!(throttle.keys(), 0);
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
