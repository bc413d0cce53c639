//! Double-submit protection: a form sends an `Idempotency-Key` header; the same key seen again
//! within ten minutes is refused, so a double click never creates two things.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::error::{AppError, AppResult};

const REMEMBER: Duration = Duration::from_secs(600);
const HEADER: &str = "idempotency-key";

#[derive(Default)]
pub struct RecentSubmissions {
    seen: Mutex<HashMap<String, Instant>>,
}

impl RecentSubmissions {
    /// Records the request's key; a repeat is a 409. Requests without a key pass.
    pub fn check(&self, req: &HttpRequest, user_id: &str) -> AppResult<()> {
        let Some(key) = req.headers().get(HEADER).and_then(|v| v.to_str().ok()) else { return Ok(()) };
        if key.is_empty() || key.len() > 100 {
            return Err(AppError::Validation("The Idempotency-Key header must be 1 to 100 characters.".into()));
        }
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap();
        seen.retain(|_, at| now.duration_since(*at) < REMEMBER);
        if seen.insert(format!("{user_id}:{key}"), now).is_some() {
            return Err(AppError::Conflict("This form was already submitted.".into()));
        }
        Ok(())
    }
}
