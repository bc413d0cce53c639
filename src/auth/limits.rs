//! Sliding-window rate limits kept in memory, keyed by account or client address.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    window: Duration,
    max: usize,
    hits: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Keys tracked before old ones are swept, so a flood of addresses cannot grow memory forever.
const SWEEP_AT: usize = 50_000;

impl RateLimiter {
    pub fn new(max: usize, window: Duration) -> RateLimiter {
        RateLimiter { window, max, hits: Mutex::new(HashMap::new()) }
    }

    /// True when `key` already used up its allowance in the current window.
    pub fn is_limited(&self, key: &str) -> bool {
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap();
        match hits.get_mut(key) {
            Some(times) => {
                times.retain(|t| now.duration_since(*t) < self.window);
                times.len() >= self.max
            }
            None => false,
        }
    }

    /// Counts one use of `key`.
    pub fn record(&self, key: &str) {
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap();
        if hits.len() >= SWEEP_AT {
            hits.retain(|_, times| times.last().is_some_and(|t| now.duration_since(*t) < self.window));
        }
        hits.entry(key.to_string()).or_default().push(now);
    }

    /// Forgets `key` (after a successful login).
    pub fn clear(&self, key: &str) {
        self.hits.lock().unwrap().remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_after_max_and_clears() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        assert!(!limiter.is_limited("a"));
        limiter.record("a");
        limiter.record("a");
        assert!(limiter.is_limited("a"));
        assert!(!limiter.is_limited("b"));
        limiter.clear("a");
        assert!(!limiter.is_limited("a"));
    }
}
