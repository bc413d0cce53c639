//! Cross-site request forgery protection for the API. A state-changing request must carry the
//! `X-Requested-With: ankara` header (a cross-site page cannot add a custom header without a CORS
//! preflight, which this server never grants) and, when the browser says where it comes from,
//! come from this shop. The session cookie is also SameSite=Lax.

use actix_web::dev::ServiceRequest;
use actix_web::http::{Method, header};

pub const HEADER: &str = "x-requested-with";
pub const VALUE: &str = "ankara";

/// Paths that outside services call without a browser (checked by their own signatures; the
/// one-click unsubscribe of RFC 8058 is posted by the shopper's mail provider, and its token is
/// the proof).
const EXEMPT: &[&str] =
    &["/api/payments/webhook", "/api/couriers/webhook", "/api/sandbox/", "/api/mail/unsubscribe", "/api/messages/inbound/", "/stop/"];

pub fn allowed(req: &ServiceRequest, public_url: &str) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    if EXEMPT.iter().any(|p| req.path().starts_with(p)) {
        return true;
    }
    let headers = req.headers();
    let has_marker = headers.get(HEADER).and_then(|v| v.to_str().ok()).is_some_and(|v| v.eq_ignore_ascii_case(VALUE));
    let same_origin = match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(origin) => {
            let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
            origin == public_url || origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) == Some(host)
        }
    };
    let fetch_site_ok = match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        None => true,
        Some(site) => site == "same-origin" || site == "none",
    };
    has_marker && same_origin && fetch_site_ok
}
