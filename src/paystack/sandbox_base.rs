//! What every sandbox endpoint shares: the sandbox itself, Paystack's envelope for answers and
//! refusals, and the secret-key check. Below the transaction endpoints (`sandbox`) and the refund
//! ones (`sandbox_refunds`), so neither reaches into the other.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use super::Paystack;
use crate::db::Db;
use crate::error::AppError;

/// How long the sandbox waits before it announces a payment or a refund by webhook, as Paystack
/// does a moment after.
pub(super) const WEBHOOK_DELAY: std::time::Duration = std::time::Duration::from_secs(2);

/// The sandbox: its transactions live in the shop's database (tables of its own, which no shop
/// code reads), and it keeps an integration's settings as Paystack does. It knows nothing of
/// orders; the shop talks to it only through the Paystack client, over HTTP.
pub struct Sandbox {
    pub(super) db: Db,
    /// The shop's own client, which signs the webhooks the sandbox sends as Paystack.
    pub(super) paystack: Arc<Paystack>,
    pub(super) public_url: String,
    /// Seconds a transaction can be paid after it was initialised; 0 for no limit (Paystack's default).
    pub(super) session_timeout_secs: std::sync::atomic::AtomicU64,
    /// How long a test bank transfer or USSD payment takes to arrive.
    pub(super) transfer_delay: std::time::Duration,
}

impl Sandbox {
    pub fn new(db: Db, paystack: Arc<Paystack>, public_url: &str, transfer_delay: std::time::Duration) -> Sandbox {
        Sandbox { db, paystack, public_url: public_url.to_string(), session_timeout_secs: Default::default(), transfer_delay }
    }

    pub(super) fn session_timeout_ms(&self) -> i64 {
        self.session_timeout_secs.load(std::sync::atomic::Ordering::Relaxed) as i64 * 1000
    }
}

/// Paystack's envelope: `status` false with a message for a refusal, true with `data` otherwise.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Envelope<T> {
    status: bool,
    message: String,
    data: Option<T>,
    /// Set on some refusals, e.g. "duplicate_reference".
    code: Option<&'static str>,
}

/// A refusal in Paystack's envelope.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PaystackRefusal {
    /// Always false.
    pub(super) status: bool,
    pub(super) message: String,
    pub(super) code: Option<&'static str>,
}

pub(super) fn refuse(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(PaystackRefusal { status: false, message: message.into(), code: None })
}

pub(super) fn answer<T: Serialize>(message: &str, data: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { status: true, message: message.into(), data: Some(data), code: None })
}

/// The pop-up's own calls answer like the rest of the shop's API when the sandbox is off.
pub(super) fn sandbox_off() -> AppError {
    AppError::NotFound("There is no such API endpoint.".into())
}

/// The caller must hold the shop's secret key, as at Paystack.
pub(super) fn authorised(sandbox: &Sandbox, req: &HttpRequest) -> bool {
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    header.strip_prefix("Bearer ").is_some_and(|key| sandbox.paystack.is_secret_key(key))
}
