//! Device cookies (OWASP's scheme against account lock-out): a browser that has signed in to an
//! account carries a signed entry for it, and its login attempts for that account are judged on
//! its own failures only, never on the failures of other people guessing at the account.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::tokens::TokenKeys;

pub const COOKIE_NAME: &str = "ankara_device";
/// Accounts one browser is remembered for (a shared family tablet, a shop counter).
const MAX_ACCOUNTS: usize = 5;
const LIFETIME_DAYS: i64 = 180;

fn signature(tokens: &TokenKeys, user_id: &str, device_id: &str) -> String {
    let secret = tokens.derive_secret("device-cookie");
    let mut mac = Hmac::<Sha256>::new_from_slice(&secret).expect("any key length works");
    mac.update(format!("{user_id}~{device_id}").as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// The entries of the request's cookie whose signatures hold: (user id, device id).
fn entries(req: &HttpRequest, tokens: &TokenKeys) -> Vec<(String, String)> {
    let Some(cookie) = req.cookie(COOKIE_NAME) else { return Vec::new() };
    if cookie.value().len() > 1024 {
        return Vec::new();
    }
    cookie
        .value()
        .split('.')
        .filter_map(|entry| {
            let mut parts = entry.split('~');
            let (user, device, sig) = (parts.next()?, parts.next()?, parts.next()?);
            let expected = signature(tokens, user, device);
            // Constant time: a guess at a signature learns nothing from how long a refusal takes.
            let good: bool = subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), sig.as_bytes()).into();
            good.then(|| (user.to_string(), device.to_string()))
        })
        .take(MAX_ACCOUNTS)
        .collect()
}

/// The device id this browser holds for `user_id`, when it has signed in to that account before.
pub fn device_for(req: &HttpRequest, tokens: &TokenKeys, user_id: &str) -> Option<String> {
    entries(req, tokens).into_iter().find(|(user, _)| user == user_id).map(|(_, device)| device)
}

/// The cookie to send after a successful sign-in: this account first (keeping its device id when
/// the browser already had one), then up to four other accounts it remembers.
/// `secure`: the shop is served over https, so the cookie is too.
pub fn remember(req: &HttpRequest, tokens: &TokenKeys, secure: bool, user_id: &str) -> Cookie<'static> {
    let known = entries(req, tokens);
    let device = known.iter().find(|(user, _)| user == user_id).map(|(_, d)| d.clone()).unwrap_or_else(|| crate::util::random_id(22));
    let mut value = format!("{user_id}~{device}~{}", signature(tokens, user_id, &device));
    for (user, device) in known.iter().filter(|(user, _)| user != user_id).take(MAX_ACCOUNTS - 1) {
        value.push_str(&format!(".{user}~{device}~{}", signature(tokens, user, device)));
    }
    Cookie::build(COOKIE_NAME, value)
        .path("/api/auth")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::days(LIFETIME_DAYS))
        .finish()
}
