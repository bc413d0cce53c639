//! The HTTP layer's shared pieces: the state every handler sees (assembled once, in `app`), the
//! extractors that read the session from each request, and the session cookie. Domain modules
//! never see any of it: handlers take what a domain function needs out of the state and pass it.

use std::sync::Arc;

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use crate::auth::tokens::TokenKeys;
use crate::auth::{AdminRefusal, AdminUser, AuthLimits, COOKIE_NAME, CurrentUser, SessionView, live_session_role, session_view};
use crate::cache::JsonCache;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use crate::mail::Mailer;
use crate::paystack::Paystack;
use crate::search::SearchIndex;
use crate::submissions::RecentSubmissions;

pub struct AppState {
    // What every part reads.
    pub config: Config,
    /// The one clock every time decision reads (the config's: a test's can be moved).
    pub clock: crate::clock::Clock,
    pub db: Db,
    pub tokens: TokenKeys,
    pub mailer: Mailer,
    pub media: crate::media::MediaStore,

    // The catalogue: read from the cache and the index, written through its door.
    /// Catalogue answers, for reading; writes clear them through the catalogue's door.
    pub cache: Arc<JsonCache>,
    /// The one door for writes shoppers see in the catalogue.
    pub catalogue: crate::catalog::write::Catalogue,
    /// The product index, for searching; writes reach it through the catalogue's door.
    pub search: Arc<SearchIndex>,
    /// The catalogue feeds' kept files and secret (rebuilt after the catalogue's generation moves).
    pub feeds: crate::feeds::Feeds,
    /// Product imports: the one running, and the last few finished.
    pub imports: crate::import::jobs::ImportJobs,

    // Money.
    pub payments: crate::payments::Payments,
    pub refunds: crate::refunds::Refunds,
    pub paystack: Arc<Paystack>,
    /// The built-in Paystack (used when no keys are configured).
    pub sandbox: Arc<crate::paystack::sandbox::Sandbox>,
    /// The courier aggregator (or its built-in sandbox) and its live rates.
    pub couriers: Arc<crate::couriers::Couriers>,
    /// The built-in sandbox courier (used when no Shipbubble key is configured).
    pub courier_sandbox: Arc<crate::couriers::sandbox::Sandbox>,

    /// What one visitor, customer or address may spend.
    pub limits: Limits,
    /// This machine: its role, its first-run guard, its counters, its restart.
    pub machine: Machine,
}

/// The limits a handler checks before doing the work, each sized where it is made (`app::prepare`).
pub struct Limits {
    /// Sign-ups, logins, reset mails.
    pub auth: AuthLimits,
    /// The same form sent twice in a moment (a double click).
    pub submissions: RecentSubmissions,
    /// Password hashing: one job per core, a bounded line behind it.
    pub hashing: crate::cpu::CpuGate,
    pub contact: crate::content::ContactLimits,
    /// Browsers' Paystack verifies: at most 5 per reference in 10 s, so a looping script cannot
    /// spend the shop's Paystack rate limit.
    pub browser_verifies: crate::auth::limits::RateLimiter,
    /// Order tracking without a login: 20 lookups per client address in 10 minutes.
    pub order_lookups: crate::auth::limits::RateLimiter,
    /// Requests on riders' links (`/api/ride/…`) per client address.
    pub ride_requests: crate::auth::limits::RateLimiter,
    /// New guests (visitors' first bag line with guest checkout on): 30 per client address an hour.
    pub guest_starts: crate::auth::limits::RateLimiter,
    /// Back-in-stock subscriptions: per address and per client.
    pub alerts: crate::alerts::AlertLimits,
    /// Review writes and edits: 20 per customer an hour.
    pub review_writes: crate::auth::limits::RateLimiter,
    /// Gift-card balance lookups by code: 20 per client address in 10 minutes.
    pub gift_card_lookups: crate::auth::limits::RateLimiter,
    /// Uploads running now, per account and per client address (`media::upload::UploadSlot`).
    pub uploads: std::sync::Arc<crate::media::upload::InFlight>,
}

/// The machine the shop runs on, as opposed to the shop.
pub struct Machine {
    /// This machine's role (primary, standby, …) and what it knows of replication.
    pub node: Arc<crate::standby::Node>,
    /// The guard in front of the first-run setup.
    pub setup: crate::setup::Gate,
    pub metrics: Arc<crate::metrics::Metrics>,
    /// Asks the running shop to restart in place (`cli::serve`), so a change of keys or
    /// addresses reaches every part of it. Nothing listens in tests, which build the app directly.
    pub restart: Arc<tokio::sync::Notify>,
}

fn session_expired() -> AppError {
    AppError::Unauthenticated("Please log in to continue.".into())
}

impl FromRequest for CurrentUser {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        // The access guard has read this session already.
        if let Some(crate::access::Checked(user)) = req.extensions().get::<crate::access::Checked>().cloned() {
            return Box::pin(async move { Ok(user) });
        }
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = req.cookie(COOKIE_NAME).map(|c| c.value().to_string());
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::internal("no app state"))?;
            authenticate(&state, token.as_deref()).await?.ok_or_else(session_expired)
        })
    }
}

impl<R: AdminRefusal + 'static> FromRequest for AdminUser<R> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let user = CurrentUser::from_request(req, payload);
        let checked = req.extensions().contains::<crate::access::Checked>();
        Box::pin(async move {
            let user = user.await?;
            let Some(role) = user.role.filter(|_| user.admin) else {
                return Err(AppError::Forbidden(R::MESSAGE.into()));
            };
            // An endpoint the access table has no rule for is the owner's alone.
            if !checked && role != crate::auth::Role::Owner {
                return Err(crate::access::refusal(role));
            }
            Ok(AdminUser(user, std::marker::PhantomData))
        })
    }
}

/// Verifies a token and its server-side session. `None` when there is no valid session.
pub async fn authenticate(state: &AppState, token: Option<&str>) -> Result<Option<CurrentUser>, AppError> {
    let Some(claims) = token.and_then(|t| state.tokens.verify(t)) else { return Ok(None) };
    let (user_id, session_id) = (claims.user_id.clone(), claims.session_id.clone());
    let now = state.clock.now_ms();
    let live = state.db.read(move |c| Ok(live_session_role(c, &user_id, &session_id, now)?)).await?;
    // Staff need both the token's claim and a role on the account now, so a removal or demotion
    // bites at once; a grant shows at the next token refresh.
    Ok(live.map(|role| {
        let role = role.filter(|_| claims.admin);
        CurrentUser { id: claims.user_id, session_id: claims.session_id, admin: role.is_some(), role }
    }))
}

/// The guard of `access`'s rules: for a staff endpoint, a signed-in member of staff whose role the rule leaves out is
/// refused before the handler runs (and before any body is read). Everyone else goes on to the
/// handler, whose extractors judge them.
pub async fn access_guard(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<actix_web::body::BoxBody>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    if let Some(rule) = crate::access::rule_for(req.method().as_str(), req.path())
        && let Some(state) = req.app_data::<web::Data<AppState>>().cloned()
    {
        let token = req.cookie(crate::auth::COOKIE_NAME).map(|c| c.value().to_string());
        if let Some(user) = authenticate(&state, token.as_deref()).await?
            && let Some(role) = user.role
        {
            if !rule.roles.contains(&role) {
                return Err(crate::access::refusal(role).into());
            }
            req.extensions_mut().insert(crate::access::Checked(user));
        }
    }
    next.call(req).await
}

/// The session embedded in index.html, so the app knows who is signed in without a round trip.
pub async fn initial_session(req: &HttpRequest, state: &web::Data<AppState>) -> serde_json::Value {
    let token = req.cookie(COOKIE_NAME).map(|c| c.value().to_string());
    let guest = guest_in(req, state);
    let view = match authenticate(state, token.as_deref()).await {
        Ok(Some(user)) => {
            state.db.read(move |c| Ok(session_view(c, &user, crate::access::allowed)?)).await.unwrap_or_else(|_| SessionView::signed_out())
        }
        _ => state
            .db
            .read(move |c| {
                let guest_checkout = crate::settings::load(c)?.guest_checkout;
                let guest = guest.filter(|id| guest_checkout && crate::auth::guests::is_guest(c, id).unwrap_or(false));
                let counts = match &guest {
                    Some(id) => crate::auth::counts(c, id)?,
                    None => Default::default(),
                };
                Ok(SessionView { counts, guest_checkout, guest: guest.is_some(), ..SessionView::signed_out() })
            })
            .await
            .unwrap_or_else(|_| SessionView::signed_out()),
    };
    serde_json::to_value(view).unwrap_or(serde_json::Value::Null)
}

/// The cookie that keeps a guest's bag: the guest's id and its signature, HttpOnly.
pub const GUEST_COOKIE: &str = "ankara_guest";

fn guest_signature(state: &AppState, id: &str) -> String {
    use hmac::Mac;
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&state.tokens.derive_secret("guest-cookie")).expect("any key length works");
    mac.update(id.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// The guest id the request's guest cookie carries, when its signature holds.
pub fn guest_in(req: &HttpRequest, state: &AppState) -> Option<crate::ids::UserId> {
    let cookie = req.cookie(GUEST_COOKIE)?;
    let (id, signature) = cookie.value().split_once('.')?;
    let expected = guest_signature(state, id);
    let good: bool = subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), signature.as_bytes()).into();
    (good && crate::util::plausible_id(id)).then(|| id.into())
}

/// The guest cookie for `id` (30 days, renewed as the guest shops).
pub fn guest_cookie(state: &AppState, id: &str) -> Cookie<'static> {
    Cookie::build(GUEST_COOKIE, format!("{id}.{}", guest_signature(state, id)))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.secure_cookies())
        .max_age(CookieDuration::days(30))
        .finish()
}

pub fn clear_guest_cookie(state: &AppState) -> Cookie<'static> {
    let mut cookie = guest_cookie(state, "");
    cookie.make_removal();
    cookie
}

/// Who is shopping: a signed-in customer, or — when the merchant lets visitors buy without an
/// account — a guest with a bag. Anyone else is asked to log in.
#[derive(Debug, Clone)]
pub struct Shopper {
    pub id: crate::ids::UserId,
    pub guest: bool,
}

fn log_in_first() -> AppError {
    AppError::Unauthenticated("Please log in to continue.".into())
}

/// The signed-in customer, else the guest of a valid guest cookie when guests may buy.
async fn shopper(req: &HttpRequest, state: &web::Data<AppState>) -> Result<Option<Shopper>, AppError> {
    let token = req.cookie(COOKIE_NAME).map(|c| c.value().to_string());
    if let Some(user) = authenticate(state, token.as_deref()).await? {
        return Ok(Some(Shopper { id: user.id, guest: false }));
    }
    let Some(id) = guest_in(req, state) else { return Ok(None) };
    let known = state
        .db
        .read(move |c| Ok((crate::settings::load(c)?.guest_checkout && crate::auth::guests::is_guest(c, &id)?).then_some(id)))
        .await?;
    Ok(known.map(|id| Shopper { id, guest: true }))
}

impl FromRequest for Shopper {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let (req, state) = (req.clone(), req.app_data::<web::Data<AppState>>().cloned());
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::internal("no app state"))?;
            shopper(&req, &state).await?.ok_or_else(log_in_first)
        })
    }
}

/// The shopper adding to a bag: as [`Shopper`], but a visitor without a guest bag gets one when
/// the merchant lets visitors buy (`new_guest` then holds the cookie to send). Guests are counted
/// per client address, so a script cannot make them without limit.
pub struct BagOwner {
    pub shopper: Shopper,
    pub new_guest: Option<Cookie<'static>>,
}

impl FromRequest for BagOwner {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let (req, state) = (req.clone(), req.app_data::<web::Data<AppState>>().cloned());
        Box::pin(async move {
            let state = state.ok_or_else(|| AppError::internal("no app state"))?;
            if let Some(shopper) = shopper(&req, &state).await? {
                let cookie = shopper.guest.then(|| guest_cookie(&state, &shopper.id));
                return Ok(BagOwner { shopper, new_guest: cookie });
            }
            let allowed = state.db.read(|c| Ok(crate::settings::load(c)?.guest_checkout)).await?;
            if !allowed {
                return Err(log_in_first());
            }
            state
                .limits
                .guest_starts
                .try_acquire(&state.config.client_key(&req))
                .map_err(|wait| AppError::TooManyRequests("Too many new bags from your network. Please try again later.".into(), wait))?;
            let now = state.clock.now_ms();
            let id = state.db.write(move |tx| Ok(crate::auth::guests::create(tx, now)?)).await?;
            let cookie = guest_cookie(&state, &id);
            Ok(BagOwner { shopper: Shopper { id, guest: true }, new_guest: Some(cookie) })
        })
    }
}

/// The session cookie: HttpOnly, SameSite=Lax, Secure when the shop is served over https.
pub fn session_cookie(state: &AppState, token: &str) -> Cookie<'static> {
    Cookie::build(COOKIE_NAME, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.secure_cookies())
        .max_age(CookieDuration::seconds(crate::auth::tokens::TOKEN_LIFETIME.as_secs() as i64))
        .finish()
}

pub fn clear_cookie(state: &AppState) -> Cookie<'static> {
    let mut cookie = session_cookie(state, "");
    cookie.make_removal();
    cookie
}

/// A link's token that lets the account with `email` take the guest orders placed with it, until
/// `expires` (Unix ms): `{expires}.{signature}`.
pub fn claim_token(state: &AppState, email: &str, expires: i64) -> String {
    format!("{expires}.{}", claim_signature(state, email, expires))
}

fn claim_signature(state: &AppState, email: &str, expires: i64) -> String {
    use hmac::Mac;
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&state.tokens.derive_secret("claim-orders")).expect("any key length works");
    mac.update(format!("{}~{expires}", email.to_lowercase()).as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `token` was made for `email` and has not expired.
pub fn claim_token_is_valid(state: &AppState, email: &str, token: &str) -> bool {
    let Some((expires, signature)) = token.split_once('.') else { return false };
    let Ok(expires) = expires.parse::<i64>() else { return false };
    let expected = claim_signature(state, email, expires);
    let good: bool = subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), signature.as_bytes()).into();
    good && expires > state.clock.now_ms()
}
