//! Double-submit protection: a form sends an `Idempotency-Key` header; the same key seen again
//! within ten minutes is refused, so a double click never creates two things.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::error::{AppError, AppResult};

const REMEMBER: Duration = Duration::from_secs(600);
const HEADER: &str = "idempotency-key";
/// Keys remembered at most; past this the oldest are forgotten first. A double click arrives
/// within a second, so only a flood of keys can reach this, and then the oldest matter least.
const MAX_KEYS: usize = 100_000;

/// Keys in the order they were seen, with a map to find one: forgetting old keys takes the front
/// of the queue, so a check costs the same however many keys are remembered.
#[derive(Default)]
struct Seen {
    at: HashMap<String, Instant>,
    order: VecDeque<(Instant, String)>,
}

#[derive(Default)]
pub struct RecentSubmissions {
    seen: Mutex<Seen>,
}

impl RecentSubmissions {
    /// Records the request's key; a repeat is a 409. Requests without a key pass.
    pub fn check(&self, req: &HttpRequest, user_id: &str) -> AppResult<()> {
        let Some(key) = req.headers().get(HEADER).and_then(|v| v.to_str().ok()) else { return Ok(()) };
        if key.is_empty() || key.len() > 100 {
            return Err(AppError::Validation("The Idempotency-Key header must be 1 to 100 characters.".into()));
        }
        self.record(format!("{user_id}:{key}"), Instant::now())
    }

    fn record(&self, key: String, now: Instant) -> AppResult<()> {
        let mut seen = self.seen.lock().unwrap();
        let Seen { at, order } = &mut *seen;
        while let Some((when, _)) = order.front() {
            if now.duration_since(*when) < REMEMBER && order.len() < MAX_KEYS {
                break;
            }
            let (when, old) = order.pop_front().expect("checked above");
            // The map may hold a newer sighting of the same key (recorded again after expiry).
            if at.get(&old) == Some(&when) {
                at.remove(&old);
            }
        }
        if at.contains_key(&key) {
            return Err(AppError::Conflict("This form was already submitted.".into()));
        }
        at.insert(key.clone(), now);
        order.push_back((now, key));
        Ok(())
    }

    /// Keys remembered now (for tests and metrics).
    pub fn len(&self) -> usize {
        self.seen.lock().unwrap().at.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_refused_within_ten_minutes_and_welcome_after() {
        let recent = RecentSubmissions::default();
        let start = Instant::now();
        recent.record("u:k".into(), start).unwrap();
        assert!(recent.record("u:k".into(), start + Duration::from_secs(599)).is_err());
        recent.record("u:other".into(), start + Duration::from_secs(5)).unwrap();
        recent.record("u:k".into(), start + REMEMBER).unwrap();
        assert!(recent.record("u:k".into(), start + REMEMBER + Duration::from_secs(1)).is_err());
        // The expired first sighting left the queue without forgetting the new one.
        assert_eq!(recent.len(), 2);
    }

    #[test]
    fn the_number_of_keys_is_bounded() {
        let recent = RecentSubmissions::default();
        let now = Instant::now();
        for i in 0..MAX_KEYS + 10 {
            recent.record(format!("u:{i}"), now).unwrap();
        }
        assert_eq!(recent.len(), MAX_KEYS);
        // The oldest went first; the newest are still refused.
        recent.record("u:0".into(), now).unwrap();
        assert!(recent.record(format!("u:{}", MAX_KEYS + 9), now).is_err());
    }
}
